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
  const packed = tasks.map((instances) => pack(instances, columns));
  const point = statistics(packed, columns, null);
  const random = seededRandom(seed);
  const draws = Array.from({ length: point.length }, () => [] as number[]);
  for (let b = 0; b < resamples; b++) {
    const stats = statistics(packed, columns, random);
    stats.forEach((value, s) => {
      if (!Number.isNaN(value)) draws[s]!.push(value);
    });
  }
  const estimate = (s: number): Estimate => ({ value: Number.isNaN(point[s]!) ? null : point[s]!, se: standardDeviation(draws[s]!) });
  return {
    benchmark: estimate(0),
    columns: Array.from({ length: columns }, (_, c) => estimate(1 + c)),
    tasks: tasks.map((_, t) => estimate(1 + columns + t)),
  };
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

/** [benchmark, column means..., task means...]; NaN where no field was scored. Without `random`, the sample itself. */
function statistics(tasks: PackedTask[], columns: number, random: (() => number) | null): number[] {
  const sums = new Float64Array(columns);
  const counts = new Float64Array(columns);
  const taskMeans: number[] = [];
  for (const task of tasks) {
    let taskSum = 0;
    let taskCount = 0;
    for (let i = 0; i < task.n; i++) {
      const base = (random ? Math.floor(random() * task.n) : i) * columns;
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

/** Sample standard deviation of the bootstrap replicates (0 for identical replicates). */
function standardDeviation(values: number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const squares = values.reduce((a, v) => a + (v - mean) ** 2, 0);
  return Math.sqrt(squares / (values.length - 1));
}
