import { byCodePoint, groupBy } from '../order.ts';
import { instanceKey } from '../record/keys.ts';
import { hashSeed } from '../hash-seed.ts';
import type { Usage } from '../agent/usage.ts';
import { totalUsage } from '../agent/usage.ts';
import { bootstrap, type Estimate, type InstanceSums } from './bootstrap.ts';
import type { BenchmarkResults, FieldRow, InstanceRow } from '../record/results.ts';

export type { Estimate } from './bootstrap.ts';

export interface TaskScore {
  task: string;
  split?: string;
  instances: number;
  fields: number;
  errored: number;
  /** A form task's mean field score; a goal task's mean instance score (its success rate). */
  score: Estimate;
  /** A goal task's episodes. */
  episodes?: EpisodeStats;
}

/** How a set of episodes went: how many ran, their mean length, the share that ended with an answer. */
export interface EpisodeStats {
  /** Episodes that ran (an instance that errored before its episode has none). */
  count: number;
  meanSteps: number | null;
  answered: number | null;
}

export interface ProjectSummary {
  project: string;
  agent: string;
  /** Mean over tasks of each task's score: form tasks' mean field scores (TurkingBench's headline), or, with no form task, goal tasks' success (MiniWoB's). */
  benchmark: Estimate;
  /** The benchmark score of a perfect agent: below 1 where annotators disagree (range) or no option matches them. */
  ceiling: number | null;
  allFields: Estimate;
  /** Per field type, its mean score and number of scored fields. */
  byType: Record<string, Estimate & { fields: number }>;
  /** Goal tasks only: success (the mean instance score over their episodes), their episodes, and success per tag. */
  goals?: { success: Estimate; byTag?: GroupScore[] } & EpisodeStats;
  /** Tasks with a score (a scored field, or a scored episode). */
  tasks: number;
  /** Instances run (scored, not scored or errored; not those that never ran). */
  instances: number;
  errored: number;
  notRun: number;
  /** Attempts its infrastructure failed and that ran again (a site copy down, the model's service), and instances it failed for good: none of them the agent's. */
  infrastructure: { retries: number; failures: number };
  /** Instances the page kept below their ceiling though the agent gave the gold answers (InstanceRow.pageLimited). */
  pageLimited: number;
  /** Why the instances that did not run did not (a spending ceiling's are in `budget`). */
  notRunReasons: NotRun[];
  /** A spending ceiling cut the project's run short (InstanceRow.budgetReached, not run for it). */
  budget?: BudgetCut;
  /** Scored fields. */
  fields: number;
  /** What the agent spent, summed over every field (LLM agents); undefined when it reports nothing. */
  usage?: Usage;
  perTask: TaskScore[];
}

/** Success on a group of episodes: a tag's (a subset, a task type), a site's. */
export interface GroupScore {
  name: string;
  /** Episodes scored there. */
  episodes: number;
  success: number | null;
}

export interface SummaryOptions {
  resamples: number;
  seed: number;
}

export const DEFAULT_RESAMPLES = 1000;

/**
 * Per project (in the results' order), the benchmark's numbers with bootstrap standard errors.
 * Form tasks: TurkingBench's headline (mean over tasks of each task's mean field score), all
 * fields and one column per field type. Goal tasks, in a bootstrap of their own: success, the
 * mean over their episodes (WebArena's and AssistantBench's success rate), and each task's
 * mean instance score; a project with goal tasks only has their mean over tasks as its
 * benchmark (MiniWoB's headline).
 */
export function summarizeProjects(results: BenchmarkResults, options: SummaryOptions): ProjectSummary[] {
  const scoredFields = groupBy(results.fields.filter((f) => f.score !== null), instanceKey);
  const scoredOf = (i: InstanceRow) => scoredFields.get(instanceKey(i)) ?? [];
  return [...groupBy(results.instances, (i) => i.project)].map(([project, instances]) => {
    const tasks = [...groupBy(instances, (i) => i.task)];
    const [goalTasks, formTasks] = [tasks.filter(([, rows]) => rows.some(isGoal)), tasks.filter(([, rows]) => !rows.some(isGoal))];
    const types = [...new Set(formTasks.flatMap(([, rows]) => rows.flatMap((i) => scoredOf(i).map(typeOf))))].sort(byTypeOrder);
    const ran = (rows: InstanceRow[]) => rows.filter((r) => r.outcome !== 'not run' && r.outcome !== 'errored');
    const formSamples = formTasks.map(([, rows]) => ran(rows).map((r) => fieldSums(scoredOf(r), types)));
    const goalSamples = goalTasks.map(([, rows]) => ran(rows).map(episodeSums));
    // Seeded per project: adding a project does not change another's errors.
    const form = bootstrap(formSamples, 1 + types.length, options.resamples, hashSeed(options.seed, project));
    const goal = bootstrap(goalSamples, 1, options.resamples, hashSeed(options.seed, project, 'goal tasks'));
    const taskScore = ([task, rows]: [string, InstanceRow[]], score: Estimate, fields: number, episodes?: EpisodeStats): TaskScore => ({
      task,
      ...(rows[0]!.split !== undefined && { split: rows[0]!.split }),
      instances: rows.filter((r) => r.outcome !== 'not run').length,
      fields,
      errored: rows.filter((r) => r.outcome === 'errored').length,
      score,
      ...(episodes && { episodes }),
    });
    const fieldCount = (c: number) => formSamples.flat().reduce((n, s) => n + s.counts[c]!, 0);
    const scored = new Map([
      ...formTasks.map((t, k) => [t[0], taskScore(t, form.tasks[k]!, formSamples[k]!.reduce((n, s) => n + s.counts[0]!, 0))] as const),
      ...goalTasks.map((t, k) => [t[0], taskScore(t, goal.tasks[k]!, 0, episodeStats(t[1]))] as const),
    ]);
    const perTask = tasks.map(([task]) => scored.get(task)!);
    const usage = usageTotal(instances);
    return {
      project,
      agent: instances[0]!.agent,
      benchmark: formTasks.length ? form.benchmark : goal.benchmark,
      ceiling: benchmarkCeiling(formTasks.map(([, rows]) => rows.flatMap(scoredOf))),
      allFields: form.columns[0]!,
      byType: Object.fromEntries(types.map((type, c) => [type, { ...form.columns[1 + c]!, fields: fieldCount(1 + c) }])),
      ...(goalTasks.length && { goals: { success: goal.columns[0]!, ...episodeStats(instances), ...byTag(instances) } }),
      tasks: perTask.filter((t) => t.score.value !== null).length,
      instances: instances.filter((i) => i.outcome !== 'not run').length,
      errored: instances.filter((i) => i.outcome === 'errored').length,
      notRun: instances.filter((i) => i.outcome === 'not run').length,
      pageLimited: instances.filter((i) => i.pageLimited).length,
      notRunReasons: notRunReasons(instances),
      ...budgetCut(instances),
      infrastructure: { retries: instances.reduce((n, i) => n + (i.infrastructureRetries?.length ?? 0), 0), failures: instances.filter((i) => i.outcome === 'errored' && i.infrastructure).length },
      fields: fieldCount(0),
      ...(usage && { usage }),
      perTask,
    };
  });
}

/** A goal task's instance (runs before the task kind was recorded: one with an episode). */
export const isGoal = (row: InstanceRow) => row.goal === true || row.episode !== undefined;

/**
 * What a task's score averages, per instance: a goal task's instance score (one unit; not
 * scored: none), or a form task's field scores (its fields are its units).
 */
export function scoreUnits(row: InstanceRow, scoredFields: FieldRow[], goal: boolean): { sum: number; count: number } {
  if (goal) return row.score === null ? { sum: 0, count: 0 } : { sum: row.score, count: 1 };
  return { sum: scoredFields.reduce((sum, f) => sum + f.score!, 0), count: scoredFields.length };
}

const episodeSums = (row: InstanceRow): InstanceSums => {
  const { sum, count } = scoreUnits(row, [], true);
  return { sums: [sum], counts: [count] };
};

/** A form instance's field scores: column 0 all fields, then one column per field type. */
function fieldSums(fields: FieldRow[], types: string[]): InstanceSums {
  const sums = new Array<number>(1 + types.length).fill(0);
  const counts = new Array<number>(1 + types.length).fill(0);
  for (const f of fields) {
    const c = 1 + types.indexOf(typeOf(f));
    sums[0]! += f.score!;
    counts[0]!++;
    sums[c]! += f.score!;
    counts[c]!++;
  }
  return { sums, counts };
}

/** Success on each group of episodes that ran: an episode counts in each group `names` gives it (a site, a tag). */
export function groupScores(rows: InstanceRow[], names: (row: InstanceRow) => string[]): GroupScore[] {
  const ran = rows.filter((r) => r.outcome !== 'not run' && r.outcome !== 'errored');
  const groups = new Map<string, InstanceRow[]>();
  for (const row of ran) for (const name of names(row)) groups.set(name, [...(groups.get(name) ?? []), row]);
  return [...groups].sort(([a], [b]) => byCodePoint(a, b)).map(([name, group]) => {
    const scored = group.filter((r) => r.score !== null);
    return { name, episodes: scored.length, success: scored.length ? scored.reduce((sum, r) => sum + r.score!, 0) / scored.length : null };
  });
}

/** Success per tag (a subset, a task type), when tagged episodes ran. */
function byTag(rows: InstanceRow[]): { byTag?: GroupScore[] } {
  const groups = groupScores(rows, (r) => r.tags ?? []);
  return groups.length ? { byTag: groups } : {};
}

function episodeStats(rows: InstanceRow[]): EpisodeStats {
  const episodes = rows.flatMap((r) => (r.episode ? [r.episode] : []));
  const share = (n: number) => (episodes.length ? n / episodes.length : null);
  return {
    count: episodes.length,
    meanSteps: share(episodes.reduce((n, e) => n + e.steps, 0)),
    answered: share(episodes.filter((e) => e.answer !== undefined).length),
  };
}

/** TurkingBench's field types first, in the paper's order, then the others by name. */
const MAIN_TYPES = ['checkbox', 'radio', 'select', 'text', 'textarea', 'range'];

const rank = (t: string) => (MAIN_TYPES.includes(t) ? MAIN_TYPES.indexOf(t) : MAIN_TYPES.length);
const byTypeOrder = (a: string, b: string) => rank(a) - rank(b) || byCodePoint(a, b);



/** Field types over all projects, in a fixed order. */
export function fieldTypes(summaries: ProjectSummary[]): string[] {
  return [...new Set(summaries.flatMap((s) => Object.keys(s.byType)))].sort(byTypeOrder);
}



const typeOf = (f: FieldRow) => f.type ?? 'unknown';

export interface NotRun {
  count: number;
  reason?: string;
}

export interface BudgetCut {
  /** The ceiling reached, as the first instance it stopped says. */
  reason: string;
  /** Instances that ran in full: those before the cut, whatever order the workers took them in. */
  ranInFull: number;
  /** Instances that ran and were cut short; instances not run for it. */
  cut: number;
  notRun: number;
}

const BUDGET_REACHED = /^budget reached: /;

function budgetCut(instances: InstanceRow[]): { budget?: BudgetCut } {
  const notRun = instances.filter((i) => i.outcome === 'not run' && BUDGET_REACHED.test(i.error ?? ''));
  const cut = instances.filter((i) => i.budgetReached !== undefined);
  const first = cut[0]?.budgetReached ?? notRun[0]?.error;
  if (first === undefined) return {};
  const ranInFull = instances.filter((i) => i.outcome !== 'not run' && i.budgetReached === undefined).length;
  return { budget: { reason: first, ranInFull, cut: cut.length, notRun: notRun.length } };
}

/** Why instances did not run (a spending ceiling's apart), by reason, most first; `undefined`: none was given (a run stopped before them). */
function notRunReasons(instances: InstanceRow[]): NotRun[] {
  const counts = new Map<string | undefined, number>();
  for (const i of instances) if (i.outcome === 'not run' && !BUDGET_REACHED.test(i.error ?? '')) counts.set(i.error, (counts.get(i.error) ?? 0) + 1);
  return [...counts].map(([reason, count]) => ({ count, ...(reason !== undefined && { reason }) })).sort((a, b) => b.count - a.count);
}

function usageTotal(instances: InstanceRow[]): Usage | undefined {
  const used = instances.filter((i) => i.usage).map((i) => i.usage!);
  return used.length ? totalUsage(used) : undefined;
}

/** Mean over tasks of each task's mean field ceiling. */
function benchmarkCeiling(tasks: FieldRow[][]): number | null {
  const means = tasks.filter((fields) => fields.length).map((fields) => fields.reduce((sum, f) => sum + (f.ceiling ?? 1), 0) / fields.length);
  return means.length ? means.reduce((a, b) => a + b, 0) / means.length : null;
}

