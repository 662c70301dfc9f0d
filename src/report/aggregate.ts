import { hashSeed } from '../runner/selection.ts';
import type { Usage } from '../agent/usage.ts';
import { totalUsage } from '../agent/usage.ts';
import { bootstrap, type Estimate, type InstanceSums } from './bootstrap.ts';
import type { BenchmarkResults, FieldRow, InstanceRow } from './results.ts';

export type { Estimate } from './bootstrap.ts';

export interface TaskScore {
  task: string;
  split?: string;
  instances: number;
  fields: number;
  errored: number;
  score: Estimate;
}

export interface ProjectSummary {
  project: string;
  agent: string;
  benchmark: Estimate;
  /** The benchmark score of a perfect agent: below 1 where annotators disagree (range) or no option matches them. */
  ceiling: number | null;
  allFields: Estimate;
  /** Per field type, its mean score and number of scored fields. */
  byType: Record<string, Estimate & { fields: number }>;
  /** Tasks with at least one scored field. */
  tasks: number;
  /** Instances run (scored, not scored or errored; not those that never ran). */
  instances: number;
  errored: number;
  notRun: number;
  /** Why instances did not run (the first reason given), e.g. missing credentials. */
  notRunReason?: string;
  /** Scored fields. */
  fields: number;
  /** What the agent spent, summed over every field (LLM agents); undefined when it reports nothing. */
  usage?: Usage;
  perTask: TaskScore[];
}

export interface SummaryOptions {
  resamples: number;
  seed: number;
}

export const DEFAULT_RESAMPLES = 1000;

/** Per project (in the results' order), the benchmark's numbers with bootstrap standard errors. */
export function summarizeProjects(results: BenchmarkResults, options: SummaryOptions): ProjectSummary[] {
  const scoredFields = groupBy(results.fields.filter((f) => f.score !== null), instanceKey);
  const scoredOf = (i: InstanceRow) => scoredFields.get(instanceKey(i)) ?? [];
  return [...groupBy(results.instances, (i) => i.project)].map(([project, instances]) => {
    const types = [...new Set(instances.flatMap((i) => scoredOf(i).map(typeOf)))].sort(byTypeOrder);
    const tasks = [...groupBy(instances, (i) => i.task)];
    const samples = tasks.map(([, rows]) => rows.filter((r) => r.outcome !== 'not run' && r.outcome !== 'errored').map((r) => sumsOf(scoredOf(r), types)));
    // Seeded per project: adding a project does not change another's errors.
    const estimates = bootstrap(samples, 1 + types.length, options.resamples, hashSeed(options.seed, project));
    const perTask: TaskScore[] = tasks.map(([task, rows], t) => ({
      task,
      ...(rows[0]!.split !== undefined && { split: rows[0]!.split }),
      instances: rows.filter((r) => r.outcome !== 'not run').length,
      fields: samples[t]!.reduce((n, s) => n + s.counts[0]!, 0),
      errored: rows.filter((r) => r.outcome === 'errored').length,
      score: estimates.tasks[t]!,
    }));
    const fieldCount = (c: number) => samples.flat().reduce((n, s) => n + s.counts[c]!, 0);
    const reason = notRunReason(instances);
    const usage = usageOf(instances);
    return {
      project,
      agent: instances[0]!.agent,
      benchmark: estimates.benchmark,
      ceiling: benchmarkCeiling(tasks.map(([, rows]) => rows.flatMap(scoredOf))),
      allFields: estimates.columns[0]!,
      byType: Object.fromEntries(types.map((type, c) => [type, { ...estimates.columns[1 + c]!, fields: fieldCount(1 + c) }])),
      tasks: perTask.filter((t) => t.score.value !== null).length,
      instances: instances.filter((i) => i.outcome !== 'not run').length,
      errored: instances.filter((i) => i.outcome === 'errored').length,
      notRun: instances.filter((i) => i.outcome === 'not run').length,
      ...(reason && { notRunReason: reason }),
      fields: fieldCount(0),
      ...(usage && { usage }),
      perTask,
    };
  });
}

/** TurkingBench's field types first, in the paper's order, then the others by name. */
const MAIN_TYPES = ['checkbox', 'radio', 'select', 'text', 'textarea', 'range'];

const rank = (t: string) => (MAIN_TYPES.includes(t) ? MAIN_TYPES.indexOf(t) : MAIN_TYPES.length);
const byTypeOrder = (a: string, b: string) => rank(a) - rank(b) || byCodePoint(a, b);

/** Plain code-point order (not the locale's): the same order on every machine. */
export const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Field types over all projects, in a fixed order. */
export function fieldTypes(summaries: ProjectSummary[]): string[] {
  return [...new Set(summaries.flatMap((s) => Object.keys(s.byType)))].sort(byTypeOrder);
}

/** Rows of one instance share project, task and instance id. */
export const instanceKey = (row: { project: string; task: string; instance: string }) => [row.project, row.task, row.instance].join('\u0000');
const typeOf = (f: FieldRow) => f.type ?? 'unknown';

const notRunReason = (instances: InstanceRow[]) => instances.find((i) => i.outcome === 'not run' && i.error)?.error;

function usageOf(instances: InstanceRow[]): Usage | undefined {
  const used = instances.filter((i) => i.usage).map((i) => i.usage!);
  return used.length ? totalUsage(used) : undefined;
}

/** Mean over tasks of each task's mean field ceiling. */
function benchmarkCeiling(tasks: FieldRow[][]): number | null {
  const means = tasks.filter((fields) => fields.length).map((fields) => fields.reduce((sum, f) => sum + (f.ceiling ?? 1), 0) / fields.length);
  return means.length ? means.reduce((a, b) => a + b, 0) / means.length : null;
}

function sumsOf(fields: FieldRow[], types: string[]): InstanceSums {
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

export function groupBy<T>(items: T[], by: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = by(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
