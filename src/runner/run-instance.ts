import type { Page } from '@playwright/test';
import type { ActionLibrary, StepRunner } from '../actions/library.ts';
import type { Agent, AgentReport } from '../agent/types.ts';
import type { ScoreOptions } from '../evaluators/types.ts';
import { atCeiling, combinedScore, type Evaluation } from '../record/evaluation.ts';
import type { FieldTrajectory, Trajectory } from '../record/trajectory.ts';
import type { SiteAccount } from '../task/manifest.ts';
import type { Instance, Task } from '../task/types.ts';
import { saveDemonstrations } from './demonstration-store.ts';
import { modeOf } from './modes/index.ts';

/** Where the instance starts: its page, opened (open-instance.ts), and the task it belongs to. */
export interface Start {
  page: Page;
  url: string;
  /** Pages a site task opens in tabs after its start page (WebArena's " |AND| "). */
  tabs?: string[];
  /** A site task's base URL (paths in its references are on the site), and every site's it uses. */
  siteBase?: string;
  siteBases?: Record<string, string>;
  siteAccount?: SiteAccount;
  task: Task;
  instance: Instance;
}

/** Who acts, and with what: the project's agent and its options. */
export interface Acting {
  agent: Agent;
  actions: ActionLibrary;
  seed: number;
  options: Record<string, unknown>;
  /** Filled by the agent as it goes (its usage and log): the caller's to keep whatever happens. */
  report?: AgentReport;
  /** A goal task's steps run as test steps. */
  step?: StepRunner;
  /** Keeps each episode step's page as the agent saw it (EpisodeRun.keepStep). */
  keepStep?: (step: number) => Promise<void>;
  /** Why an episode must stop now for its infrastructure (EpisodeRun.outage). */
  outage?: () => Promise<string | undefined>;
  /** A goal task's trajectory, filled as the episode goes: the caller's to keep whatever happens. */
  trajectory?: Trajectory;
}

/** How the evaluators score: the run's metrics and judge, and the episode's recorded traffic (a HAR file) for those that read it. */
export interface Judging extends ScoreOptions {
  network?: () => Promise<string | undefined>;
}

export interface InstanceResult {
  /** One per evaluator of the instance (a form task: `fields`). */
  evaluations: Evaluation[];
  /** The evaluators' scores multiplied; null when none could score anything. */
  score: number | null;
  /** The score a perfect agent gets. */
  ceiling: number | null;
  /** A goal task's episode. */
  trajectory?: Trajectory;
  /** A form filled field by field, when the agent recorded its steps (the oracle does). */
  fieldTrajectory?: FieldTrajectory;
}

/**
 * One instance's act and evaluate steps: load the page (wait for `load`, never network idle:
 * many templates run timers), let the agent act in the task's mode (modes/), then let every
 * evaluator capture what it left and score it.
 */
export async function runInstance(start: Start, acting: Acting, judging: Judging): Promise<InstanceResult> {
  const { page, task, instance } = start;
  await page.goto(start.url, { waitUntil: 'load' });
  for (const tab of start.tabs ?? []) await (await page.context().newPage()).goto(tab, { waitUntil: 'load' });
  // As WebArena opens them: the first page in front.
  if (start.tabs?.length) await page.bringToFront();
  const acted = await modeOf(task, acting.options).act({
    page, url: start.url, task, instance, agent: acting.agent, actions: acting.actions, seed: acting.seed, options: acting.options,
    report: acting.report ?? { usage: {}, log: [] }, step: acting.step ?? ((_title, body) => body()), trajectory: acting.trajectory ?? ({} as Trajectory),
    keepStep: acting.keepStep, outage: acting.outage,
  });
  const { network, ...scoring } = judging;
  const sites = { ...(start.siteBase !== undefined && { siteBase: start.siteBase }), ...(start.siteBases && { siteBases: start.siteBases }), ...(start.siteAccount && { siteAccount: start.siteAccount }) };
  const evaluations = await acted.evaluation.end(acted.page, { ...acted.told, startUrl: start.url, ...sites, ...(network && { network }) }, scoring);
  const scored = combinedScore(evaluations);
  // An oracle's perfect train instance shows LLM runs afterwards how its fields are solved.
  if (acted.fieldTrajectory && acting.agent.needsGold && task.split === 'train' && atCeiling(scored)) saveDemonstrations(task.id, instance.id, acted.fieldTrajectory.steps);
  return { evaluations, ...scored, ...(acted.trajectory && { trajectory: acted.trajectory }), ...(acted.fieldTrajectory && { fieldTrajectory: acted.fieldTrajectory }) };
}
