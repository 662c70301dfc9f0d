import type { Page } from '@playwright/test';
import type { Agent, AgentReport } from '../../agents/types.ts';
import type { ActionLibrary } from '../actions/library.ts';
import { goldFields, scoreInstance, type FieldRecord, type ScoringOptions } from '../metrics/score-fields.ts';
import { carriesNoAnswer, type Instance, type Task } from '../task/types.ts';
import { addressOf, documentOf, stripFragment } from '../values/page-session.ts';
import { readFields } from '../values/read-fields.ts';
import { within } from './bounded.ts';

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
  records: FieldRecord[];
  /** Mean of the scored fields; null when no field could be scored. */
  score: number | null;
  /** Mean of the scored fields' ceilings: the score a perfect agent gets. */
  ceiling: number | null;
}

/** A page that answers nothing in this time is stuck in a script: the instance errors, it is not waited on. */
export const READ_BACK_MS = 10_000;

/**
 * One instance, start to end: load the page (wait for `load`, never network idle: many
 * templates run timers), tell the agent the fields, let it act, read the fields back, score.
 */
export async function runInstance(run: InstanceRun): Promise<InstanceResult> {
  const { page, task, instance, agent, actions, report = { usage: {}, log: [] } } = run;
  await page.goto(run.url, { waitUntil: 'load' });
  const document = await documentOf(page);
  // A page may send itself elsewhere before it is looked at (history.pushState at load counts too).
  if (stripFragment(document.url) !== stripFragment(run.url)) throw await leftTheInstance(page);
  const names = goldFields(task.fields, instance).map((f) => f.name);
  // As loaded: what the agent is told, and what an annotator who left a choice untouched answered.
  const loaded = await within(READ_BACK_MS, 'reading the fields of the loaded page', readFields(page, names));
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
  const after = await within(READ_BACK_MS, 'reading the fields back', readFields(page, names));
  // Read from another document, the fields would be "not on the page": silently out of the means.
  if ((await documentOf(page)).id !== document.id) throw await leftTheInstance(page);
  const { records, score, ceiling } = scoreInstance(task.fields, instance, after, run.scoring, loaded);
  // What the agent spent on each field goes with the field's score.
  const withUsage = records.map((r) => (report.usage[r.field] ? { ...r, usage: report.usage[r.field] } : r));
  return { records: withUsage, score, ceiling };
}

async function leftTheInstance(page: Page): Promise<Error> {
  return new Error(`the page left the instance's document: it went to ${await addressOf(page)}`);
}
