import { relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { formatError } from '../src/task/errors.ts';

// Tests are declared synchronously, in the runner and again in every worker: the loader is
// synchronous and answers from its index cached by content hash.
const benchmark = loadBenchmark(process.env.BENCHWRIGHT_TASKS ?? 'tasks.yaml');

test('the manifest is valid', () => {
  expect(benchmark.errors.map((e) => formatError(e))).toEqual([]);
});

// One test per task file: a file that fails validation fails here, showing its errors.
for (const task of benchmark.tasks) {
  const name = task.id ?? relative(process.cwd(), task.file);
  test(`${name} loads`, { tag: task.split ? [`@${task.split}`] : [] }, () => {
    test.info().annotations.push({ type: 'instances', description: String(task.instances.length) });
    expect(task.errors.map((e) => formatError(e)), `errors in ${relative(process.cwd(), task.file)}`).toEqual([]);
  });
}
