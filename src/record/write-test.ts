import type { TestInfo } from '@playwright/test';
import type { AgentReport } from '../agent/types.ts';
import { attachFieldScores, attachFinalPage, attachFinalPageBoxes, attachJson, attachNetwork, type PageBoxes } from './attachments.ts';
import { fieldRecordsOf, type Evaluation } from './evaluation.ts';
import { runAnnotations } from './notes.ts';
import type { FieldTrajectory, Trajectory } from './trajectory.ts';

/** An instance's verdict: its evaluations, their combined score, and a form's steps when the agent recorded them. */
export interface Verdict {
  evaluations: Evaluation[];
  score: number | null;
  ceiling: number | null;
  fieldTrajectory?: FieldTrajectory;
}

/** The verdict, as the reporter reads it: score and ceiling noted, evaluations and field scores attached. */
export async function recordVerdict(testInfo: TestInfo, verdict: Verdict): Promise<void> {
  testInfo.annotations.push(...runAnnotations({ score: verdict.score, ceiling: verdict.ceiling }));
  await attachJson(testInfo, 'evaluations', verdict.evaluations);
  const fields = fieldRecordsOf(verdict.evaluations);
  if (fields.length) await attachFieldScores(testInfo, fields);
  if (verdict.fieldTrajectory) await attachJson(testInfo, 'fieldTrajectory', verdict.fieldTrajectory);
}

/** What an instance left whatever happened: an errored one's steps and paid calls too. */
export interface Traces {
  /** The HAR its context recorded, when it recorded one. */
  har?: string;
  /** The action library's log. */
  actions: unknown;
  /** What the page did on its own, by kind (each a list, or a count): attached when it did anything. */
  pageEvents: object;
  /** An episode's trajectory (has steps once the episode began). */
  trajectory: Partial<Trajectory>;
  report: AgentReport;
  /** The final page's screenshot, when one is kept. */
  finalPage?: Buffer;
  /** Where the scored fields are on it. */
  finalPageBoxes?: PageBoxes;
}

export async function recordTraces(testInfo: TestInfo, traces: Traces): Promise<void> {
  if (traces.har) attachNetwork(testInfo, traces.har);
  await attachJson(testInfo, 'actions', traces.actions);
  if (eventful(traces.pageEvents)) await attachJson(testInfo, 'pageEvents', traces.pageEvents);
  if (traces.trajectory.steps) await attachJson(testInfo, 'trajectory', traces.trajectory as Trajectory);
  if (traces.report.log.length) await attachJson(testInfo, 'agentLog', traces.report.log);
  if (Object.keys(traces.report.usage).length) await attachJson(testInfo, 'usage', traces.report.usage);
  if (traces.finalPage) await attachFinalPage(testInfo, traces.finalPage);
  // Only beside the picture they mark.
  if (traces.finalPage && traces.finalPageBoxes) await attachFinalPageBoxes(testInfo, traces.finalPageBoxes);
}

/** A kind with an entry, a count above 0, a crash: most instances have none, and 26,532 empty notes weigh on every report. */
const eventful = (events: object) => Object.values(events).some((v) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== 0));
