import { seededRandom } from '../seeded-random.ts';

/**
 * The field scores of one instance, summed per column (column 0: all fields, then one per
 * field type), with the number of fields per column.
 */
export interface InstanceSums {
  sums: number[];
  counts: number[];
}

/** Point estimates and bootstrap standard errors; null where there is nothing to average. */
export interface Estimates {
  /** Mean over tasks of each task's mean field score (the paper's headline). */
  benchmark: Estimate;
  /** Mean field score per column (all fields, then per field type). */
  columns: Estimate[];
  /** Each task's mean field score. */
  tasks: Estimate[];
}

export interface Estimate {
  value: number | null;
  se: number | null;
}

/**
 * Standard errors by the bootstrap over instances within tasks: each resample draws, for every
 * task, as many instances as it has, with replacement, and recomputes every statistic. The
 * generator is seeded, so the same results give the same numbers on every machine.
 */
export function bootstrap(tasks: InstanceSums[][], columns: number, resamples: number, seed: number): Estimates {
  const { point, draws } = replicate([tasks], columns, resamples, seed)[0]!;
  const estimate = (s: number): Estimate => ({ value: Number.isNaN(point[s]!) ? null : point[s]!, se: standardDeviation(defined(draws[s]!)) });
  return {
    benchmark: estimate(0),
    columns: Array.from({ length: columns }, (_, c) => estimate(1 + c)),
    tasks: tasks.map((_, t) => estimate(1 + columns + t)),
  };
}

/** The statistics [benchmark, column means..., task means...] of a sample and of each resample; NaN where no field was scored. */
export interface Replicates {
  point: number[];
  /** Per statistic, its value in each resample. */
  draws: number[][];
}

/**
 * The bootstrap's replicates for one or more samples of the same instances (e.g. two runs of
 * the same tasks: same tasks, same number of instances each, in the same order). Every resample
 * draws the same instances from each sample, so their replicates are paired.
 */
export function replicate(samples: InstanceSums[][][], columns: number, resamples: number, seed: number): Replicates[] {
  const packed = samples.map((tasks) => tasks.map((instances) => pack(instances, columns)));
  const replicates = packed.map((tasks) => {
    const point = statistics(tasks, columns, null);
    return { point, draws: point.map(() => [] as number[]) };
  });
  const random = seededRandom(seed);
  for (let b = 0; b < resamples; b++) {
    const picks = packed[0]!.map(({ n }) => draw(n, random));
    packed.forEach((tasks, k) => statistics(tasks, columns, picks).forEach((value, s) => replicates[k]!.draws[s]!.push(value)));
  }
  return replicates;
}

/** `n` indices below `n`, with replacement. */
function draw(n: number, random: () => number): Int32Array {
  const picks = new Int32Array(n);
  for (let i = 0; i < n; i++) picks[i] = Math.floor(random() * n);
  return picks;
}

/** A task's instances as two flat arrays (instance-major): the inner loop runs ~10^8 times on a full benchmark. */
interface PackedTask {
  n: number;
  sums: Float64Array;
  counts: Float64Array;
}

function pack(instances: InstanceSums[], columns: number): PackedTask {
  const sums = new Float64Array(instances.length * columns);
  const counts = new Float64Array(instances.length * columns);
  instances.forEach((instance, i) => {
    sums.set(instance.sums, i * columns);
    counts.set(instance.counts, i * columns);
  });
  return { n: instances.length, sums, counts };
}

/** [benchmark, column means..., task means...]; NaN where no field was scored. Without `picks` (per task, the instances drawn), the sample itself. */
function statistics(tasks: PackedTask[], columns: number, picks: Int32Array[] | null): number[] {
  const sums = new Float64Array(columns);
  const counts = new Float64Array(columns);
  const taskMeans: number[] = [];
  for (let t = 0; t < tasks.length; t++) {
    const task = tasks[t]!;
    const drawn = picks?.[t];
    let taskSum = 0;
    let taskCount = 0;
    for (let i = 0; i < task.n; i++) {
      const base = (drawn ? drawn[i]! : i) * columns;
      for (let c = 0; c < columns; c++) {
        sums[c]! += task.sums[base + c]!;
        counts[c]! += task.counts[base + c]!;
      }
      taskSum += task.sums[base]!;
      taskCount += task.counts[base]!;
    }
    taskMeans.push(taskCount ? taskSum / taskCount : NaN);
  }
  const scoredTasks = taskMeans.filter((m) => !Number.isNaN(m));
  const benchmark = scoredTasks.length ? scoredTasks.reduce((a, b) => a + b, 0) / scoredTasks.length : NaN;
  return [benchmark, ...Array.from(sums, (sum, c) => (counts[c] ? sum / counts[c]! : NaN)), ...taskMeans];
}

const defined = (values: number[]) => values.filter((v) => !Number.isNaN(v));

/** The central `level` of the replicates (linear interpolation between order statistics); null without any. */
export function percentileInterval(values: number[], level: number): [number, number] | null {
  const sorted = defined(values).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const quantile = (p: number) => {
    const h = (sorted.length - 1) * p;
    const lo = Math.floor(h);
    return sorted[lo]! + (h - lo) * ((sorted[lo + 1] ?? sorted[lo]!) - sorted[lo]!);
  };
  return [quantile((1 - level) / 2), quantile((1 + level) / 2)];
}

/** Sample standard deviation of the bootstrap replicates (0 for identical replicates). */
function standardDeviation(values: number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const squares = values.reduce((a, v) => a + (v - mean) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}
