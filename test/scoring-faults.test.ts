import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { readResults } from '../src/runs/results-file.ts';
import { ROOT, runCli, runPlaywright, tempDir } from './helpers.ts';

// Issue 12, end to end: the fixture tasks that reproduce both faults, run as a user runs them.
const TASKS = join(ROOT, 'test', 'fixtures', 'scoring-faults');
let run: ReturnType<typeof runPlaywright>;

before(() => {
  run = runPlaywright(['test', '--project=oracle', '--project=do-nothing'], { BENCHWRIGHT_TASKS: TASKS, BENCHWRIGHT_ALLURE: 'off' });
});

const report = (file: string) => readFileSync(join(run.dir, 'benchwright-report', 'latest', file), 'utf8');
const fieldsOf = (project: string, field: string) =>
  readResults(join(run.dir, 'benchwright-report', 'latest', 'results.json')).fields.filter((f) => f.project === project && f.field === field);

test('the oracle reaches 1.0 on both patterns', () => {
  assert.equal(run.code, 0, run.output);
  assert.match(run.stdout, /^oracle\s+oracle\s+1\.000 ± 0\.000\s+1\.000 ± 0\.000\s+1\.000 ± 0\.000\s+1\.000 ± 0\.000/m);
  const results = readResults(join(run.dir, 'benchwright-report', 'latest', 'results.json'));
  const oracle = results.instances.filter((i) => i.project === 'oracle');
  assert.equal(oracle.length, 5);
  for (const i of oracle) assert.deepEqual([i.instance, i.score, i.ceiling], [i.instance, 1, 1]);
});

test('do-nothing scores 1 on a select left as loaded when the annotators left it, 0 when they chose', () => {
  const scores = fieldsOf('do-nothing', 'number_of_shots').map((f) => [f.instance, f.prediction, f.initial, f.score, f.ceiling]);
  assert.deepEqual(scores, [['answered', 'none', 'none', 0, 1], ['split', 'none', 'none', 1, 1], ['untouched', 'none', 'none', 1, 1]]);
  // A radio group that loads checked: '' is the option checked at load.
  assert.deepEqual(fieldsOf('do-nothing', 'confidence').map((f) => [f.instance, f.score]), [['answered', 0], ['split', 0], ['untouched', 1]]);
});

test('buttons in the gold columns are kept with their reason; no table has a column for them', () => {
  for (const project of ['oracle', 'do-nothing']) {
    const rows = [...fieldsOf(project, 'submitButtonTimer'), ...fieldsOf(project, 'checkButton')];
    assert.equal(rows.length, 4);
    for (const r of rows) {
      assert.equal(r.score, null);
      assert.match(r.reason ?? '', /^a (submit|button) control carries no answer$/);
    }
  }
  // Column headers of the terminal and Markdown tables, field types of the CSV, headers of the HTML.
  const headers = [...run.stdout.split('\n'), ...report('summary.md').split('\n')].filter((l) => /^\|? ?project\b/.test(l));
  assert.ok(headers.some((h) => /\bselect\b/.test(h)), headers.join('\n'));
  for (const h of headers) assert.doesNotMatch(h, /\b(submit|button)\b/);
  const types = (parse(report('per-field-type.csv'), { columns: true }) as { field_type: string }[]).map((r) => r.field_type);
  assert.deepEqual([...new Set(types)].sort(), ['all', 'radio', 'select', 'text', 'textarea']);
  assert.doesNotMatch(report('index.html'), /<th[^>]*>\s*(submit|button)\s*</);
  // validate counts how_common, why and the dynamic checkButton (its kind shows only at run time), not the template's submit.
  assert.match(runCli(['validate', TASKS]).stdout, /^submit-timer\s+test\s+2\s+3\s+ok$/m);
});

test('re-scoring stored results keeps the rule: an empty answer is the select as loaded', () => {
  const out = join(tempDir(), 'rescored');
  const cli = runCli(['report', join(run.dir, 'benchwright-report', 'latest', 'results.json'), '--metric', 'select=exact', '--out', out]);
  assert.equal(cli.code, 0, cli.stderr);
  const rescored = readResults(join(out, 'results.json')).fields.filter((f) => f.project === 'do-nothing' && f.field === 'number_of_shots');
  // exact: any annotator's answer; '' (= "none", as loaded) is one of them in every instance.
  assert.deepEqual(rescored.map((f) => [f.instance, f.metric, f.score, f.ceiling]), [['answered', 'exact', 1, 1], ['split', 'exact', 1, 1], ['untouched', 'exact', 1, 1]]);
});
