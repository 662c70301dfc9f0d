import { hashSeed } from '../hash-seed.ts';
import { isGoal, scoreUnits } from './aggregate.ts';
import { instanceKey } from '../record/keys.ts';
import { groupBy } from '../order.ts';
import { byCodePoint } from '../order.ts';
import { percentileInterval, replicate, type InstanceSums } from './bootstrap.ts';
import type { BenchmarkResults, FieldRow, InstanceRow, InstanceOutcome } from '../record/results.ts';

/** The interval around each difference: 95%, from the bootstrap's percentiles. */
export const INTERVAL_LEVEL = 0.95;

/** A score in each run and B - A; null where no instance was scored in both runs. */
export interface Difference {
  a: number | null;
  b: number | null;
  difference: number | null;
  /** [low, high]; null without resamples. */
  interval: [number, number] | null;
}

export interface TaskDifference extends Difference {
  task: string;
  /** Instances scored in both runs: the ones the scores are taken over. */
  instances: number;
  changed: number;
}

/** An instance whose score or outcome differs between the runs. */
export interface InstanceChange {
  task: string;
  instance: string;
  a: { outcome: InstanceOutcome; score: number | null };
  b: { outcome: InstanceOutcome; score: number | null };
}

export interface InstanceName {
  task: string;
  instance: string;
}

export interface PairComparison {
  /** The project of run A and the project of run B compared. */
  a: string;
  b: string;
  instances: number;
  benchmark: Difference;
  tasks: TaskDifference[];
  changed: InstanceChange[];
  onlyInA: InstanceName[];
  onlyInB: InstanceName[];
  /** What benchmarks add per pair (CompareSection), by key: AssistantBench's `answers`. */
  [added: string]: unknown;
}

export interface Run {
  /** How the run was named (its file or folder). */
  name: string;
  results: BenchmarkResults;
}

export interface Comparison {
  a: { run: string; date: string };
  b: { run: string; date: string };
  resamples: number;
  seed: number;
  pairs: PairComparison[];
  /** Projects of either run left out of every pair. */
  notCompared: { a: string[]; b: string[] };
}

/** What a benchmark adds to each pair: its rows by key (render/sections.ts's CompareSection, its data half). */
export interface PairData {
  key: string;
  data(a: BenchmarkResults, b: BenchmarkResults, projects: [string, string]): unknown[];
}

/** Two runs' projects compared pair by pair (B - A); the pairs name a project of A, then one of B. */
export function compareRuns(a: Run, b: Run, pairs: [string, string][], options: { resamples: number; seed: number }, added: PairData[] = []): Comparison {
  const runA = indexRun(a.results);
  const runB = indexRun(b.results);
  return {
    a: { run: a.name, date: a.results.meta.date },
    b: { run: b.name, date: b.results.meta.date },
    resamples: options.resamples,
    seed: options.seed,
    pairs: pairs.map(([pa, pb]) => ({ ...comparePair(runA, pa, runB, pb, options), ...Object.fromEntries(added.map((s) => [s.key, s.data(a.results, b.results, [pa, pb])])) })),
    notCompared: {
      a: [...runA.projects.keys()].filter((p) => !pairs.some(([pa]) => pa === p)),
      b: [...runB.projects.keys()].filter((p) => !pairs.some(([, pb]) => pb === p)),
    },
  };
}

interface IndexedRun {
  projects: Map<string, InstanceRow[]>;
  instances: Map<string, InstanceRow>;
  scoredFields: Map<string, FieldRow[]>;
}

function indexRun(results: BenchmarkResults): IndexedRun {
  return {
    projects: groupBy(results.instances, (i) => i.project),
    instances: new Map(results.instances.map((i) => [instanceKey(i), i])),
    scoredFields: groupBy(results.fields.filter((f) => f.score !== null), instanceKey),
  };
}

function comparePair(runA: IndexedRun, pa: string, runB: IndexedRun, pb: string, options: { resamples: number; seed: number }): PairComparison {
  const rowsA = runA.projects.get(pa) ?? [];
  const rowsB = runB.projects.get(pb) ?? [];
  // The same instance in the other run: its key under the other run's project.
  const inB = (row: InstanceRow) => runB.instances.get(instanceKey({ ...row, project: pb }));
  const inA = (row: InstanceRow) => runA.instances.get(instanceKey({ ...row, project: pa }));
  const byTask = groupBy(rowsA, (r) => r.task);
  const tasks = [...new Set([...rowsA, ...rowsB].map((r) => r.task))].sort(byCodePoint);
  const matched = tasks.map((task) => (byTask.get(task) ?? []).flatMap((row) => {
    const other = inB(row);
    return other ? [[row, other] as const] : [];
  }));
  const common = matched.map((rows) => rows.filter(([x, y]) => x.outcome === 'scored' && y.outcome === 'scored'));
  const changed = matched.map((rows) => rows.filter(([x, y]) => x.outcome !== y.outcome || (x.outcome === 'scored' && Math.abs(x.score! - y.score!) > 1e-9)));

  // One column: a task's score is the mean of its field scores, or of a goal task's instance scores, as in the tables.
  const goal = matched.map((rows) => rows.some(([x, y]) => isGoal(x) || isGoal(y)));
  const sums = (run: IndexedRun, rows: InstanceRow[], t: number) => rows.map((row): InstanceSums => {
    const { sum, count } = scoreUnits(row, run.scoredFields.get(instanceKey(row)) ?? [], goal[t]!);
    return { sums: [sum], counts: [count] };
  });
  const samples = [common.map((rows, t) => sums(runA, rows.map(([x]) => x), t)), common.map((rows, t) => sums(runB, rows.map(([, y]) => y), t))];
  const [repA, repB] = replicate(samples, 1, options.resamples, hashSeed(options.seed, pa, pb));
  // Statistics: [benchmark, all fields, task scores...].
  const difference = (s: number): Difference => ({
    a: defined(repA!.point[s]!),
    b: defined(repB!.point[s]!),
    difference: defined(repB!.point[s]! - repA!.point[s]!),
    interval: percentileInterval(repB!.draws[s]!.map((v, r) => v - repA!.draws[s]![r]!), INTERVAL_LEVEL),
  });
  const name = (r: InstanceRow): InstanceName => ({ task: r.task, instance: r.instance });
  const state = (r: InstanceRow) => ({ outcome: r.outcome, score: r.score });
  return {
    a: pa,
    b: pb,
    instances: common.flat().length,
    benchmark: difference(0),
    tasks: tasks.map((task, t) => ({ task, instances: common[t]!.length, changed: changed[t]!.length, ...difference(2 + t) })),
    changed: changed.flat().map(([x, y]) => ({ ...name(x), a: state(x), b: state(y) })),
    onlyInA: rowsA.filter((r) => !inB(r)).sort((x, y) => byCodePoint(x.task, y.task)).map(name),
    onlyInB: rowsB.filter((r) => !inA(r)).sort((x, y) => byCodePoint(x.task, y.task)).map(name),
  };
}

const defined = (value: number) => (Number.isNaN(value) ? null : value);
