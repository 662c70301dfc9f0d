import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { pageLimit } from '../src/runner/page-limits.ts';
import { latestResults, ROOT, runPlaywright } from './helpers.ts';

// Issue 24: gold answers a page does not allow together (annotation-subj-obj, turingadvice,
// evaluate-free-text-rationales), run as a user runs them.
test('where the page refuses or changes a gold answer, the oracle passes below the ceiling and the run says why', () => {
  const run = runPlaywright(['test', '--project=oracle'], { BENCHWRIGHT_TASKS: join(ROOT, 'test', 'fixtures', 'page-limits'), BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  const oracle = latestResults(run.dir).instances.filter((i) => i.project === 'oracle');
  // contradicted: subject read "--NO SUBJECT--" (0), detail left empty (0); none and kind 1.
  assert.deepEqual(oracle.map((i) => [i.instance, i.status, i.score, i.ceiling]), [['allowed', 'passed', 1, 1], ['contradicted', 'passed', 0.5, 1]]);
  assert.equal(oracle[0]!.pageLimited, undefined);
  assert.match(run.stdout, /^oracle: 1 instance below the ceiling where the page refused or changed a gold answer/m);
  assert.deepEqual(oracle[1]!.pageLimited, [
    'subject (text) 0: read "--NO SUBJECT--", gold ["It","",""]; the page took "It", then changed it to "--NO SUBJECT--"',
    'detail (radio) 0: read "", gold ["counted","named",""]; the page refused "counted" (radio "detail" has no option "counted" (options: named))',
  ]);
});

test('the page is only blamed on evidence: an answer it took and kept leaves a shortfall the agent\'s', () => {
  assert.equal(pageLimit({ prediction: 'Ada' }, { field: 'subject', answer: 'Ada' }), undefined);
  assert.equal(pageLimit({ prediction: ['b', 'a'] }, { field: 'box', answer: ['a', 'b'] }), undefined);
  // Numbers as the scorer normalises them.
  assert.equal(pageLimit({ prediction: '2' }, { field: 'n', answer: '2.0' }), undefined);
  assert.equal(pageLimit({ prediction: 'x' }, undefined), undefined);
  // An action that failed for another reason than the page's (a timeout, a control of another kind): the harness's to answer for.
  assert.equal(pageLimit({ prediction: '' }, { field: 'q', answer: 'a', failed: 'Timeout 5000ms exceeded' }), undefined);
  assert.match(pageLimit({ prediction: '' }, { field: 'q', answer: 'a', refused: 'hidden' })!, /refused "a" \(hidden\)/);
  assert.match(pageLimit({ prediction: '--' }, { field: 's', answer: 'It' })!, /took "It", then changed it to "--"/);
});
