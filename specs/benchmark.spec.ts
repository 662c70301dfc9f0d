import { relative } from 'node:path';
import { expect, test } from '../fixtures/benchwright.ts';
import { benchmarkPath, selectInstances } from '../src/runner/selection.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { formatError } from '../src/task/errors.ts';

// Tests are declared synchronously, in the runner and again in every worker: the loader is
// synchronous and answers from its index cached by content hash.
const benchmark = loadBenchmark(benchmarkPath());
const selection = selectInstances(benchmark);

test('the manifest is valid', { tag: '@manifest' }, () => {
  expect(benchmark.errors.map((e) => formatError(e))).toEqual([]);
});

for (const { task, instances } of selection.tasks) {
  const name = task.id ?? relative(process.cwd(), task.file);
  const tag = [...(task.split ? [`@${task.split}`] : []), ...(task.id ? [`@${task.id}`] : [])];
  test.describe(name, { tag }, () => {
    if (task.errors.length) {
      // A task file that failed validation: one failing test showing its errors.
      test('loads', () => {
        expect(task.errors.map((e) => formatError(e)), `errors in ${relative(process.cwd(), task.file)}`).toEqual([]);
      });
    }
    for (const instance of instances) {
      test(instance.id, async ({ runBenchmarkInstance }) => {
        test.info().annotations.push({ type: 'task', description: name }, { type: 'instance', description: instance.id });
        await runBenchmarkInstance(task.file, instance.id, selection.seed);
      });
    }
  });
}
