import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, runPlaywright } from './helpers.ts';

/** `npx playwright test` on the benchmark spec, as a user runs it. */
const playwright = (args: string[], env: Record<string, string>) => runPlaywright(['test', ...args], env);

test('a task file that fails validation is one failing test that shows its errors', () => {
  const file = join(ROOT, 'test', 'fixtures', 'malformed', 'unknown-field-type.yaml');
  const { code, output } = playwright(['--project=do-nothing', '--reporter=line'], { BENCHWRIGHT_TASKS: file });
  assert.equal(code, 1, output);
  assert.match(output, /unknown-field-type\.yaml:\d+:\d+: fields\.\S+\.type: /);
  assert.match(output, /1 failed/);
});

test('tests are one per instance, titled and tagged so --grep picks a task, an instance or a split', () => {
  const list = (env: Record<string, string>, ...args: string[]) => playwright(['--project=oracle', '--list', ...args], env).output;
  const all = list({});
  assert.match(all, /› review-sentiment › kettle\n/);
  assert.match(all, /Total: 11 tests in 5 files/, 'the 10 bundled instances and the manifest check, a file per task');
  assert.match(list({}, '--grep', '@test'), /Total: 3 tests in 1 file/);
  assert.match(list({}, '--grep', '@review-sentiment'), /Total: 3 tests in 1 file/);
  assert.match(list({}, '--grep', 'kettle'), /Total: 1 test in 1 file/);
  assert.match(list({ BENCHWRIGHT_INSTANCES: '1' }), /Total: 5 tests in 5 files/, 'one per task, and the manifest check');
  const bad = playwright(['--project=oracle', '--list'], { BENCHWRIGHT_SPLIT: 'nope' });
  assert.notEqual(bad.code, 0);
  assert.match(bad.output, /the split setting \(BENCHWRIGHT_SPLIT, benchmarkConfig's split\) names unknown splits: nope \(known: train, test, challenge\)/);
});

test('with no usable browser a run stops at its start with one message that says what to run; --list needs no browser', () => {
  const noBrowser = { BENCHWRIGHT_CHROMIUM: '/nonexistent' };
  const { code, output } = playwright(['--project=oracle'], noBrowser);
  assert.equal(code, 1, output);
  assert.equal(output.trim(), "Error: BENCHWRIGHT_CHROMIUM=/nonexistent does not exist: set it to a Chromium executable, or unset it to use a system Chromium or Playwright's own.");
  assert.match(playwright(['--project=oracle', '--list'], noBrowser).output, /Total: 11 tests in 5 files/);
});
