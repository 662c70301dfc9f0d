import assert from 'node:assert/strict';
import { test } from 'node:test';
import { join } from 'node:path';
import { readSettings } from '../src/settings/read.ts';
import { selectInstances, MAX_TEST_GROUP_SIZE, testGroupSize } from '../src/runner/selection.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { instanceById } from '../src/task/seeds.ts';
import { FORM_TASKS, ROOT, runPlaywright } from './helpers.ts';
// Registers the built-in benchmarks, as the config and the CLI do: MiniWoB's protocol, WebArena-Verified's evaluators.
import '../src/benchmarks/index.ts';

const benchmark = loadBenchmark(FORM_TASKS);
const ids = (env: Record<string, string>): Record<string, string[]> => Object.fromEntries(selectInstances(benchmark, readSettings({}, env)).tasks.map((t) => [t.task.id, t.instances.map((i) => i.id)]));

test('by default every instance of every task runs, with the manifest seed', () => {
  const selection = selectInstances(benchmark, readSettings({}, {}));
  assert.equal(selection.seed, 1);
  assert.deepEqual(selection.tasks.map((t) => t.instances.length), benchmark.tasks.map((t) => t.instances.length));
});

test('a sample is stable, seeded, and a larger sample contains a smaller one', () => {
  const one = ids({ BENCHWRIGHT_INSTANCES: '1' });
  const two = ids({ BENCHWRIGHT_INSTANCES: '2' });
  assert.deepEqual(one, ids({ BENCHWRIGHT_INSTANCES: '1' }));
  for (const [task, chosen] of Object.entries(one)) {
    assert.equal(chosen.length, 1);
    assert.ok(two[task]!.includes(chosen[0]!), task);
  }
  const seeds = new Set(Array.from({ length: 8 }, (_, s) => JSON.stringify(ids({ BENCHWRIGHT_INSTANCES: '1', BENCHWRIGHT_SEED: String(s) }))));
  assert.ok(seeds.size > 1, 'other seeds draw other samples');
});

test('splits filter tasks; bad settings are clear errors', () => {
  assert.deepEqual(Object.keys(ids({ BENCHWRIGHT_SPLIT: 'test' })), ['caption-check']);
  assert.equal(Object.keys(ids({ BENCHWRIGHT_SPLIT: 'train,test' })).length, benchmark.tasks.length);
  assert.throws(() => selectInstances(benchmark, readSettings({}, { BENCHWRIGHT_SPLIT: 'tset' })), /BENCHWRIGHT_SPLIT, benchmarkConfig's split\) names unknown splits: tset \(known: train, test, challenge\)/);
  assert.throws(() => readSettings({}, { BENCHWRIGHT_INSTANCES: 'five' }), /BENCHWRIGHT_INSTANCES must be a positive whole number or "all", not "five"/);
  assert.throws(() => readSettings({}, { BENCHWRIGHT_SEED: '-1' }), /BENCHWRIGHT_SEED must be a whole number/);
});

const SEEDED = join(ROOT, 'test', 'fixtures', 'seeded');

test('seeded tasks: instances 1..N by default, BENCHWRIGHT_INSTANCES=K gives 1..K (more than N too), and any such id is an instance', () => {
  const seeded = loadBenchmark(join(SEEDED, 'tasks.yaml'), { cache: false });
  const chosen = (env: Record<string, string>) => Object.fromEntries(selectInstances(seeded, readSettings({}, env)).tasks.map((t) => [t.task.id, t.instances.map((i) => i.id)]));
  assert.deepEqual(chosen({}), { seeded: ['1', '2', '3'], preset: ['1', '2'] });
  assert.deepEqual(chosen({ BENCHWRIGHT_INSTANCES: '5' }), { seeded: ['1', '2', '3', '4', '5'], preset: ['1', '2', '3', '4', '5'] });
  const task = loadTaskFile(join(SEEDED, 'seeded.yaml')).task!;
  assert.equal(task.seeds, 3);
  assert.deepEqual(instanceById(task, '7'), { ...task.instances[0], id: '7' });
  assert.deepEqual(['0', '-1', 'x', '3.5'].map((id) => instanceById(task, id)), [undefined, undefined, undefined, undefined]);
});

test('a protocol preset (miniwob) fills the goal keys; the task\'s own keys win', () => {
  const task = loadTaskFile(join(SEEDED, 'preset.yaml')).task!;
  assert.equal(task.protocol!.maxSteps, 3);
  assert.match(task.protocol!.setup!, /Math\.seedrandom\(seed\)[^]*core\.startEpisodeReal\(\)/);
  assert.equal(task.protocol!.done, '!window.benchwrightEpisode || WOB_DONE_GLOBAL');
  assert.deepEqual(task.instances[0]!.episode!.goal, { expression: 'core.getUtterance()' });
  assert.deepEqual(task.instances[0]!.eval!.map((e) => e.evaluator), ['page']);
});

test('test groups: one instance at a time below 800 instances, growing with the run up to 50 (2 seeded tasks)', () => {
  const seeded = loadBenchmark(join(SEEDED, 'tasks.yaml'), { cache: false });
  const size = (count: number) => testGroupSize(selectInstances(seeded, readSettings({}, { BENCHWRIGHT_INSTANCES: String(count) })));
  assert.deepEqual([size(1), size(399), size(400), size(1000), size(10_000), size(20_000)], [1, 1, 2, 5, 50, MAX_TEST_GROUP_SIZE]);
  // Set by hand: a few slow instances out of a large run.
  assert.equal(testGroupSize(selectInstances(seeded, readSettings({}, { BENCHWRIGHT_INSTANCES: '20000' })), readSettings({}, { BENCHWRIGHT_TEST_GROUP: '1' })), 1);
  assert.throws(() => readSettings({}, { BENCHWRIGHT_TEST_GROUP: '0' }), /BENCHWRIGHT_TEST_GROUP must be a positive whole number, not "0"/);
});

test('grouped instances keep their titles: the group is an anonymous describe', () => {
  const listed = runPlaywright(['test', '--project=oracle', '--list'], { BENCHWRIGHT_TASKS: join(SEEDED, 'tasks.yaml'), BENCHWRIGHT_INSTANCES: '1000' });
  assert.equal(listed.code, 0, listed.output);
  assert.match(listed.stdout, /^ {2}\[oracle\] › pages\/preset\.spec\.js:\d+:\d+ › preset › 1000$/m);
  assert.match(listed.stdout, /Total: 2001 tests/);
});
