import assert from 'node:assert/strict';
import { test } from 'node:test';
import { selectInstances } from '../src/runner/selection.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { FORM_TASKS } from './helpers.ts';

const benchmark = loadBenchmark(FORM_TASKS);
const ids = (env: Record<string, string>): Record<string, string[]> => Object.fromEntries(selectInstances(benchmark, env).tasks.map((t) => [t.task.id, t.instances.map((i) => i.id)]));

test('by default every instance of every task runs, with the manifest seed', () => {
  const selection = selectInstances(benchmark, {});
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
  assert.throws(() => selectInstances(benchmark, { BENCHWRIGHT_SPLIT: 'tset' }), /BENCHWRIGHT_SPLIT names unknown splits: tset \(known: train, test, challenge\)/);
  assert.throws(() => selectInstances(benchmark, { BENCHWRIGHT_INSTANCES: 'five' }), /BENCHWRIGHT_INSTANCES must be a positive whole number or "all", not "five"/);
  assert.throws(() => selectInstances(benchmark, { BENCHWRIGHT_SEED: '-1' }), /BENCHWRIGHT_SEED must be a whole number/);
});
