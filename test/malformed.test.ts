// Every malformed task file gives exactly the errors written in its `# expect:` lines.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { formatError } from '../src/task/errors.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { ROOT, STACK_FRAME, expectedErrors, runCli } from './helpers.ts';
// Registers the built-in benchmarks, as the config and the CLI do: their evaluators, protocols and page helpers.
import '../src/benchmarks/index.ts';

const MALFORMED = join(ROOT, 'test', 'fixtures', 'malformed');
const ACROSS = join(ROOT, 'test', 'fixtures', 'across-tasks');
const files = readdirSync(MALFORMED).filter((f) => f.endsWith('.yaml')).sort();

test('the corpus has at least 30 malformed task files, each documenting its errors', () => {
  assert.ok(files.length >= 30, `${files.length} files`);
  for (const f of files) assert.ok(expectedErrors(join(MALFORMED, f)).length > 0, `${f} has no # expect: line`);
});

for (const f of files) {
  test(`malformed/${f}`, () => {
    const file = join(MALFORMED, f);
    const loaded = loadTaskFile(file);
    assert.equal(loaded.task, undefined);
    assert.deepEqual(loaded.errors.map((e) => formatError(e, MALFORMED)), expectedErrors(file));
  });
}

test('errors that only show across task files: duplicate ids, splits the manifest lacks', () => {
  const benchmark = loadBenchmark(ACROSS, { cache: false });
  assert.deepEqual(benchmark.errors, []);
  // Which of two files with one id is the original cannot be known: both fail, each naming the other.
  for (const task of benchmark.tasks) {
    assert.deepEqual(task.errors.map((e) => formatError(e, ACROSS)), expectedErrors(task.file), task.file);
  }
  const failed = benchmark.tasks.filter((t) => t.errors.length).map((t) => t.id);
  assert.deepEqual(failed, ['same-id', 'same-id', 'unknown-site', 'unknown-split']);
  // A failed task has no instances to run.
  assert.deepEqual(benchmark.tasks.filter((t) => t.id === 'same-id').map((t) => t.instances.length), [0, 0]);
});

test('benchwright validate prints every error on one line, no stack trace, exit code 1', () => {
  const { code, stdout, stderr } = runCli(['validate', 'test/fixtures/malformed', '--no-cache']);
  assert.equal(code, 1);
  assert.doesNotMatch(stdout + stderr, STACK_FRAME);
  const expected = files.flatMap((f) => expectedErrors(join(MALFORMED, f)).map((e) => `test/fixtures/malformed/${e}`));
  const printed = new Set(stdout.split('\n'));
  for (const e of expected) assert.ok(printed.has(e), `missing from output: ${e}`);
  assert.match(stdout, new RegExp(`^${files.length} task files, \\d+ instances, ${expected.length} errors$`, 'm'));
});
