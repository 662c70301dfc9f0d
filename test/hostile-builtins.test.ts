import assert from 'node:assert/strict';
import { join } from 'node:path';
import { before, test } from 'node:test';
import type { ActionRecord } from '../src/actions/library.ts';
import type { Evaluation } from '../src/record/evaluation.ts';
import { jsonAttachments, ROOT, runPlaywright, tempDir } from './helpers.ts';

// Issue 38: the oracle's fast input and the read-back run in a JavaScript world of their own,
// so a page that replaced the built-ins (test/fixtures/hostile-builtins) changes nothing of
// what they do or see.
const TASKS = join(ROOT, 'test', 'fixtures', 'hostile-builtins');
let run: ReturnType<typeof runPlaywright>;
let report: string;

before(() => {
  report = join(tempDir(), 'report.json');
  run = runPlaywright(['test', '--project=oracle', '--project=do-nothing', '--reporter=json'], { BENCHWRIGHT_TASKS: TASKS, BENCHWRIGHT_ALLURE: 'off', PLAYWRIGHT_JSON_OUTPUT_FILE: report });
});

/** The field records of a project's instances (evaluations.json: the fields evaluator's), with the instance. */
const fieldsOf = (project: string) => jsonAttachments<Evaluation[]>(report, 'evaluations.json').filter((a) => a.project === project)
  .flatMap(({ title, value: [fields] }) => fields!.records!.map((r) => ({ ...r, instance: title })));

test('the oracle reaches the ceiling of every field: by direct input where our world reaches, as a user in the sandboxed frame and where the page undid the direct input', () => {
  assert.equal(run.code, 0, run.output);
  const fields = fieldsOf('oracle');
  assert.equal(fields.length, 24);
  assert.deepEqual(fields.filter((f) => f.score !== f.ceiling || f.ceiling !== 1).map((f) => [f.instance, f.field, f.prediction]), []);
  // One action per field, but the one whose direct input the page wiped: its read-back noticed, and a user's typing followed.
  for (const { title, value: log } of jsonAttachments<ActionRecord[]>(report, 'actions.json').filter((a) => a.project === 'oracle')) {
    const actions = log.map((r) => r.action);
    assert.deepEqual(actions.filter((a, i) => actions.indexOf(a) !== i).map((a) => a.split(',')[0]), ['modify_text("typed"'], title);
    assert.ok(log.every((r) => r.ok), `${title}: ${JSON.stringify(log.filter((r) => !r.ok))}`);
  }
});

test('do-nothing reads what the DOM holds, not what the page\'s replaced getters say', () => {
  assert.deepEqual(fieldsOf('do-nothing').filter((f) => f.instance === 'ada').map((f) => [f.field, f.prediction]), [
    ['name', ''], ['prefilled', 'as loaded'], ['comment', ''], ['typed', ''], ['rating', ''], ['topics', ['art']], ['colour', 'green'],
    ['count', ''], ['level', '5'], ['more', ''], ['detail', ''], ['inner', ''], ['boxed', ''],
  ]);
});
