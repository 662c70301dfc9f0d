import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { escapeRegExp } from '../escape-regexp.ts';
import { instanceKey } from '../record/keys.ts';
import { plainError } from '../plain-error.ts';
import { groupBy } from '../order.ts';
import { readJournal, stillWriting } from './journal.ts';
import type { InstanceRow, RunMetadata } from '../record/results.ts';
import { resolveRun } from './run-folders.ts';
import type { Usage } from '../agent/usage.ts';
import type { Spent } from '../llm/spending.ts';

/**
 * resume=<run | latest>: run only what an earlier run did not finish. Finished means scored or
 * not scored; errored instances, those that never ran, and those a spending ceiling cut short
 * run again.
 */
export interface ResumePlan {
  /** The earlier run's folder (resolved once, in the runner: `latest` moves once this run starts). */
  folder: string;
  /** Per project, a grepInvert pattern matching the tests of its finished instances. */
  finished: Map<string, RegExp>;
  /** Per project, how many instances it finished. */
  finishedCount: Map<string, number>;
  /** What the earlier run spent on models: the run's spending ceilings count it. */
  spent: Spent;
}

/** What must be the same for the union of two runs to be one run. */
export interface RunChoice {
  benchmark?: string;
  selection: NonNullable<RunMetadata['selection']>;
  /** The config's projects, their options in metadata (as results.json keeps them). */
  projects: { name?: string; metadata?: Record<string, unknown> }[];
}

export function planResume(arg: string, reportDir: string, current: RunChoice): ResumePlan {
  const folder = resolveRun(arg, reportDir);
  const journal = readJournal(folder);
  if (stillWriting(journal, 1000)) throw plainError(`BENCHWRIGHT_RESUME: ${folder} is still running (process ${journal.writer!.pid}): resume it once it has stopped`);
  const { meta, records } = journal;
  const differences = differencesFrom(meta, current);
  if (differences.length) {
    throw plainError(`BENCHWRIGHT_RESUME: ${folder} cannot be resumed by this run: ${differences.join('; ')}`);
  }
  const done = records.flatMap((r) => ('instance' in r && isFinished(r.instance) ? [r.instance] : []));
  const byProject = groupBy(done, (row) => row.project);
  const spent = paidFor(records.flatMap((r) => ('instance' in r && r.instance.usage ? [r.instance.usage] : [])));
  return {
    folder,
    finished: new Map([...byProject].map(([project, rows]) => [project, finishedPattern(rows)])),
    finishedCount: new Map([...byProject].map(([project, rows]) => [project, rows.length])),
    spent,
  };
}

/**
 * The projects, each without the tests of the instances the resumed run finished. A shard's
 * run keeps them (Playwright cuts a shard out of the tests left after that filter, so its
 * share would move): its workers skip them instead (finishedEarlier).
 */
export function leaveOutFinished<P extends { name?: string }>(projects: P[], plan: ResumePlan | undefined, sharded: boolean): P[] {
  if (sharded) return projects;
  return projects.map((p) => {
    const finished = plan?.finished.get(p.name ?? '');
    return finished ? { ...p, grepInvert: finished } : p;
  });
}

/**
 * What instances' calls cost, leaving out those answered from the reply cache: a record keeps
 * usage per instance, so an instance's cached share is taken off in proportion.
 */
function paidFor(usages: Usage[]): Spent {
  return usages.reduce((sum, u) => {
    const paid = u.calls ? (u.calls - u.cached) / u.calls : 0;
    return { calls: sum.calls + u.calls - u.cached, tokens: sum.tokens + (u.promptTokens + u.completionTokens) * paid, cost: sum.cost + (u.cost ?? 0) * paid };
  }, { calls: 0, tokens: 0, cost: 0 });
}

/** Set by the runner of a resumed shard for its workers: the run whose finished instances they skip. */
export const SKIP_FINISHED = 'BENCHWRIGHT_SKIP_FINISHED';

let finishedKeys: Set<string> | undefined;
/** In a worker of a resumed shard: whether the resumed run finished this instance (read once per worker). */
export function finishedEarlier(project: string, task: string, instance: string): boolean {
  const folder = process.env[SKIP_FINISHED];
  if (!folder) return false;
  finishedKeys ??= new Set(readJournal(folder).records.flatMap((r) => ('instance' in r && isFinished(r.instance) ? [instanceKey(r.instance)] : [])));
  return finishedKeys.has(instanceKey({ project, task, instance }));
}

/** An instance a spending ceiling cut short runs again: its score is the ceiling's, not the agent's. */
const isFinished = (row: InstanceRow) => (row.outcome === 'scored' || row.outcome === 'not scored') && !row.budgetReached;

function differencesFrom(meta: RunMetadata, current: RunChoice): string[] {
  const differences: string[] = [];
  if ((meta.benchmark ?? null) !== (current.benchmark ?? null)) differences.push(`it ran benchmark ${show(meta.benchmark)}, this run ${show(current.benchmark)}`);
  const before = meta.selection ?? {};
  for (const key of ['tasks', 'splits', 'instances', 'seed'] as const) {
    // The same manifest, whether a path to it was written from here or in full.
    const same = key === 'tasks' ? sameFile(before.tasks, current.selection.tasks) : isDeepStrictEqual(before[key], current.selection[key]);
    if (!same) differences.push(`it chose ${key} ${show(before[key])}, this run ${show(current.selection[key])}`);
  }
  for (const project of current.projects) {
    const before = meta.projects[project.name ?? ''];
    // As the journal stored them: through JSON.
    const now = JSON.parse(JSON.stringify(project.metadata ?? {})) as unknown;
    if (before && !isDeepStrictEqual(now, before)) differences.push(`project ${project.name} ran with ${show(before)}, now ${show(now)}`);
  }
  return differences;
}

const sameFile = (a: string | undefined, b: string | undefined) => a === b || (a !== undefined && b !== undefined && resolve(a) === resolve(b));

const show = (value: unknown) => (value === undefined ? 'all (not set)' : JSON.stringify(value));

/**
 * Playwright matches a project's grepInvert against "<project> <file> [config tags] <task>
 * <tags> <instance>": one alternation per task, so a run of 26K instances stays one pass per test.
 */
function finishedPattern(rows: InstanceRow[]): RegExp {
  const byTask = groupBy(rows, (row) => row.task);
  const tasks = [...byTask].map(([task, instances]) => `${escapeRegExp(task)}(?: @\\S+)* (?:${instances.map((i) => escapeRegExp(i.instance)).join('|')})`);
  return new RegExp(` benchmark\\.spec\\.[jt]s(?: @\\S+)* (?:${tasks.join('|')})$`);
}

