import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FieldRow, InstanceRow } from '../src/record/results.ts';
import { Progress } from '../src/render/progress.ts';

const row = (project: string, task: string, outcome: InstanceRow['outcome'], score: number | null, extra: Partial<InstanceRow> = {}): InstanceRow =>
  ({ project, agent: project, task, instance: 'i', outcome, status: 'passed', retries: 0, score, ceiling: 1, ...extra });
const field = (score: number): FieldRow => ({ project: 'p', task: 't', instance: 'i', field: 'f', type: 'text', score } as FieldRow);

test("the progress line: counts, each project's benchmark score as the tables compute it, spending, rate and time left", () => {
  const progress = new Progress(10, 0);
  // Form tasks: the mean over tasks of their mean field score (t1: 0.5, t2: 1).
  progress.add('passed', row('gpt4o', 't1', 'scored', 0.5, { usage: { calls: 3, promptTokens: 1500, completionTokens: 100, cost: 0.02, cached: 1 } }), [field(1), field(0)]);
  progress.add('passed', row('gpt4o', 't2', 'scored', 1), [field(1)]);
  progress.add('failed', row('gpt4o', 't2', 'errored', null));
  // Goal tasks alone: the mean over tasks of their success.
  progress.add('passed', row('mw', 'click', 'scored', 1, { goal: true }));
  progress.add('passed', row('mw', 'type', 'scored', 0, { goal: true }));
  progress.add('skipped', row('mw', 'type', 'not run', null, { goal: true }));
  progress.add('failed', undefined);
  // 7 of 10 in 14 s: 0.5 a second, 3 left in 6 s.
  assert.equal(progress.line(14_000), '7/10 · 4 passed · 1 failed · 1 errored · 1 not run · gpt4o 0.750 · mw 0.500 · 2 calls, 1.6K tokens, $0.02 · 0.5/s · 6s left');
  for (let n = 0; n < 3; n++) progress.add('passed', undefined);
  assert.equal(progress.line(20_000), '10/10 · 7 passed · 1 failed · 1 errored · 1 not run · gpt4o 0.750 · mw 0.500 · 2 calls, 1.6K tokens, $0.02 · 0.5/s');
});
