import { hashSeed } from '../hash-seed.ts';
import type { Benchmark } from '../task/benchmark.ts';
import type { Manifest } from '../task/manifest.ts';
import { seededIds } from '../task/seeds.ts';
import { runSettings } from '../settings/read.ts';
import { plainError } from '../plain-error.ts';
import type { TaskSummary } from '../task/types.ts';

export interface SelectedTask {
  task: TaskSummary;
  instances: TaskSummary['instances'];
}

export interface Selection {
  seed: number;
  tasks: SelectedTask[];
}

export interface SelectionSettings {
  seed: number;
  /** Instances per task. */
  instances: number | 'all';
  /** Splits that run; undefined = all. */
  splits?: string[];
}

/** What runs: the settings split, instances (per task) and seed, else the manifest's defaults. */
export function selectionSettings(manifest: Manifest, settings = runSettings()): SelectionSettings {
  const { defaults, splits } = manifest;
  const wanted = settings.split === 'all' ? undefined : (settings.split ?? defaults.split);
  const unknown = wanted && splits ? wanted.filter((s) => !Object.hasOwn(splits, s)) : [];
  if (unknown.length) throw plainError(`the split setting (BENCHWRIGHT_SPLIT, benchmarkConfig's split) names unknown splits: ${unknown.join(', ')} (known: ${Object.keys(splits!).join(', ')})`);
  return { seed: settings.seed ?? defaults.seed, instances: settings.instances ?? defaults.instances, ...(wanted && { splits: wanted }) };
}

/**
 * The tasks and instances to run (selectionSettings). Sampling orders instances by a hash of
 * seed and instance id, so a sample is stable whatever the file order, and a larger sample
 * contains a smaller one.
 */
export function selectInstances(benchmark: Benchmark, settings = runSettings()): Selection {
  const { seed, instances: count, splits: wanted } = selectionSettings(benchmark.manifest, settings);
  const tasks = benchmark.tasks
    // A task that failed to load stays selected: it becomes a failing test showing its errors.
    .filter((task) => !wanted || task.errors.length > 0 || wanted.includes(task.split ?? ''))
    .map((task) => ({ task, instances: count === 'all' ? task.instances : task.seeds !== undefined ? seededIds(count).map((id) => ({ id, annotators: 0 })) : sample(task.instances, count, seed) }));
  return { seed, tasks };
}

/** The first `count` instances in the order of a hash of seed and id (each hashed once: this runs in every worker). */
function sample(instances: TaskSummary['instances'], count: number, seed: number): TaskSummary['instances'] {
  return instances
    .map((instance) => ({ instance, key: hashSeed(seed, instance.id) }))
    .sort((a, b) => a.key - b.key || a.instance.id.localeCompare(b.instance.id))
    .slice(0, count)
    .map((s) => s.instance);
}

/** How many instances a selection runs. */
export const instanceCount = (selection: Selection) => selection.tasks.reduce((n, t) => n + t.instances.length, 0);

/** The most instances one test group holds (testGroupSize). */
export const MAX_TEST_GROUP_SIZE = 50;

/**
 * How many of a task's instances a worker is handed at once. For every group it is handed, a
 * Playwright worker clones the spec file's whole suite and hashes every test's id: ~3 µs a
 * test. When the whole run was one spec file, that was 76 ms per group with TurkingBench's
 * 26,532 train instances, more than the oracle's own work in the worker (measured: 10 tasks'
 * 1,670 instances out of the full suite, 336 s on 2 workers one by one, 174 s in groups). A
 * task is a file of its own now (suite-plan.ts), which makes the clone a task's size; groups
 * still make it once per group rather than once per instance.
 * A run of under 800 instances is handed out one instance at a time, as before; above that a
 * group holds one instance more per 400, so the last one handed out is short beside the run.
 * The testGroup setting fixes the size (1: one at a time, for a few slow instances picked by
 * --grep out of a large run, over many workers). A worker that crashes between two tests takes
 * the rest of its group down as failed, as Playwright does with any group.
 */
export function testGroupSize(selection: Selection, settings = runSettings()): number {
  if (settings.testGroup !== undefined) return settings.testGroup;
  return Math.max(1, Math.min(MAX_TEST_GROUP_SIZE, Math.floor(instanceCount(selection) / 400)));
}
