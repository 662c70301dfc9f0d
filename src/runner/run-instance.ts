import type { Page } from '@playwright/test';
import type { Agent, AgentReport } from '../agent/types.ts';
import type { ActionLibrary } from '../actions/library.ts';
import { combinedScore, InstanceEvaluation } from '../evaluators/evaluate.ts';
import type { FieldsAsLoaded } from '../evaluators/fields.ts';
import type { Evaluation } from '../evaluators/types.ts';
import type { ScoringOptions } from '../metrics/score-fields.ts';
import { carriesNoAnswer, type Instance, type Task } from '../task/types.ts';

export interface InstanceRun {
  page: Page;
  url: string;
  task: Task;
  instance: Instance;
  agent: Agent;
  actions: ActionLibrary;
  seed: number;
  scoring: ScoringOptions;
  agentOptions: Record<string, unknown>;
  /** Filled by the agent as it goes (its usage and log): the caller's to keep whatever happens. */
  report?: AgentReport;
}

export interface InstanceResult {
  /** One per evaluator of the instance (a form task: `fields`). */
  evaluations: Evaluation[];
  /** The evaluators' scores multiplied; null when none could score anything. */
  score: number | null;
  /** The score a perfect agent gets. */
  ceiling: number | null;
}

/**
 * One instance, start to end: load the page (wait for `load`, never network idle: many
 * templates run timers), tell the agent the fields, let it act, evaluate what it left.
 */
export async function runInstance(run: InstanceRun): Promise<InstanceResult> {
  const { page, task, instance, agent, actions, report = { usage: {}, log: [] } } = run;
  await page.goto(run.url, { waitUntil: 'load' });
  const evaluation = await InstanceEvaluation.begin(page, task, instance, { url: run.url });
  const loaded = (evaluation.begun('fields') as FieldsAsLoaded | undefined)?.loaded ?? [];
  await agent.run({
    page,
    actions,
    task: { id: task.id, title: task.title, description: task.description, split: task.split },
    instanceId: instance.id,
    // Buttons named in the gold columns are recorded, not offered: they carry no answer.
    // Copies: what the agent does with them cannot change how the page was loaded.
    fields: structuredClone(loaded.filter((f) => !carriesNoAnswer(f.type))),
    seed: run.seed,
    options: run.agentOptions,
    report,
    ...(agent.needsGold && { gold: instance.gold }),
  });
  const evaluations = await evaluation.end(page, {}, run.scoring);
  return { evaluations, ...combinedScore(evaluations) };
}
