import { escapeRegExp } from '../escape-regexp.ts';
import { instanceKey } from '../record/keys.ts';
import { plainError } from '../plain-error.ts';
import { groupBy } from '../order.ts';
import { readJournal, stillWriting } from './journal.ts';
import type { InstanceRow, RunMetadata } from '../record/results.ts';
import { resolveRun } from './run-folders.ts';
import { choiceDifferences, shownChoice } from './run-choice.ts';
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

/** Why the earlier run's records cannot be this run's, one reason a difference. */
function differencesFrom(meta: RunMetadata, current: RunChoice): string[] {
  // The config's projects as the journal stored their options: through JSON.
  const projects = Object.fromEntries(current.projects.map((p) => [p.name ?? '', JSON.parse(JSON.stringify(p.metadata ?? {})) as Record<string, unknown>]));
  return choiceDifferences(meta, { benchmark: current.benchmark, selection: current.selection, projects }).map((d) => {
    if (d.kind === 'benchmark') return `it ran benchmark ${shownChoice(d.before)}, this run ${shownChoice(d.now)}`;
    if (d.kind === 'selection') return `it chose ${d.key} ${shownChoice(d.before)}, this run ${shownChoice(d.now)}`;
    return `project ${d.key} ran with ${shownChoice(d.before)}, now ${shownChoice(d.now)}`;
  });
}

/**
 * Playwright matches a project's grepInvert against "<project> <file> [config tags] <task>
 * <tags> <instance>": one alternation per task, so a run of 26K instances stays one pass per test.
 */
function finishedPattern(rows: InstanceRow[]): RegExp {
  const byTask = groupBy(rows, (row) => row.task);
  const tasks = [...byTask].map(([task, instances]) => `${escapeRegExp(task)}(?: @\\S+)* (?:${instances.map((i) => escapeRegExp(i.instance)).join('|')})`);
  // The file: the task's own, or the one of instances on sites (suite-plan.ts); its name has no spaces.
  return new RegExp(` \\S+\\.spec\\.js(?: @\\S+)* (?:${tasks.join('|')})$`);
}

