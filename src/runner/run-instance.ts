import type { Page } from '@playwright/test';
import type { ActionLibrary, StepRunner } from '../actions/library.ts';
import type { Agent, AgentReport } from '../agent/types.ts';
import type { ScoreOptions } from '../evaluators/types.ts';
import { atCeiling, combinedScore, type Evaluation } from '../record/evaluation.ts';
import type { FieldTrajectory, Trajectory } from '../record/trajectory.ts';
import type { Instance, Task } from '../task/types.ts';
import { saveDemonstrations } from './demonstration-store.ts';
import { modeOf } from './modes/index.ts';

/** An instance to act on and evaluate, its page opened (open-instance.ts). */
export interface InstanceRun {
  page: Page;
  url: string;
  /** Pages a site task opens in tabs after its start page (WebArena's " |AND| "). */
  tabs?: string[];
  /** A site task's base URL (paths in its references are on the site), and every site's it uses. */
  siteBase?: string;
  siteBases?: Record<string, string>;
  task: Task;
  instance: Instance;
  agent: Agent;
  actions: ActionLibrary;
  seed: number;
  scoring: ScoreOptions;
  agentOptions: Record<string, unknown>;
  /** Filled by the agent as it goes (its usage and log): the caller's to keep whatever happens. */
  report?: AgentReport;
  /** A goal task's steps run as test steps. */
  step?: StepRunner;
  /** A goal task's trajectory, filled as the episode goes: the caller's to keep whatever happens. */
  trajectory?: Trajectory;
  /** The episode's recorded traffic (a HAR file), for the evaluators that read it. */
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
export async function runInstance(run: InstanceRun): Promise<InstanceResult> {
  const { page, task, instance, agent } = run;
  await page.goto(run.url, { waitUntil: 'load' });
  for (const tab of run.tabs ?? []) await (await page.context().newPage()).goto(tab, { waitUntil: 'load' });
  // As WebArena opens them: the first page in front.
  if (run.tabs?.length) await page.bringToFront();
  const acted = await modeOf(task, run.agentOptions).act({
    page, url: run.url, task, instance, agent, actions: run.actions, seed: run.seed, options: run.agentOptions,
    report: run.report ?? { usage: {}, log: [] }, step: run.step ?? ((_title, body) => body()), trajectory: run.trajectory ?? ({} as Trajectory),
  });
  const sites = { ...(run.siteBase !== undefined && { siteBase: run.siteBase }), ...(run.siteBases && { siteBases: run.siteBases }) };
  const evaluations = await acted.evaluation.end(acted.page, { ...acted.told, startUrl: run.url, ...sites, ...(run.network && { network: run.network }) }, run.scoring);
  const scored = combinedScore(evaluations);
  // An oracle's perfect train instance shows LLM runs afterwards how its fields are solved.
  if (acted.fieldTrajectory && agent.needsGold && task.split === 'train' && atCeiling(scored)) saveDemonstrations(task.id, instance.id, acted.fieldTrajectory.steps);
  return { evaluations, ...scored, ...(acted.trajectory && { trajectory: acted.trajectory }), ...(acted.fieldTrajectory && { fieldTrajectory: acted.fieldTrajectory }) };
}
