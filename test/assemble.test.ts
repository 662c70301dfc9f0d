import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { InstanceRecord, InstanceRow, RunMetadata } from '../src/record/results.ts';
import { assembleResults, unionWithEarlier, withSpending } from '../src/runs/assemble.ts';

const record = (instance: string, extra: Partial<InstanceRow>): InstanceRecord => ({
  instance: { project: 'oracle', agent: 'oracle', task: 't', instance, outcome: 'scored', status: 'passed', retries: 0, score: 1, ceiling: 1, ...extra },
  fields: [],
  evaluations: [],
});
const meta = { date: '2026-11-28T00:00:00.000Z', versions: {}, projects: {} } as unknown as RunMetadata;

test('a later record of an instance replaces an earlier one, but one that did not run never replaces one that did', () => {
  const notRun = { outcome: 'not run', status: 'skipped', score: null, ceiling: null } as const;
  const records = [
    // --repeat-each: a repetition that finished, a later one that did not run.
    record('a', { score: 0.5 }), record('a', notRun),
    // Two that finished: the last stands.
    record('b', { score: 0.5 }), record('b', { score: 0.25 }),
    // Not run, then run; not run alone.
    record('c', notRun), record('c', { score: 0.75 }), record('d', notRun),
  ];
  const rows = assembleResults(meta, records, () => 0).instances.map((r) => [r.instance, r.outcome, r.score]);
  assert.deepEqual(rows, [['a', 'scored', 0.5], ['b', 'scored', 0.25], ['c', 'scored', 0.75], ['d', 'not run', null]]);
});

test("a record keeps what earlier runs of its instance spent: a resumed run's, and this run's retries and repetitions", () => {
  const usage = (calls: number, cost: number | null) => ({ calls, promptTokens: 10 * calls, completionTokens: calls, cost, cached: 0 });
  const earlier = [record('a', { usage: usage(2, 0.02) }), record('b', { usage: usage(1, 0.01) })];
  // This run: a again, with what its first repetition spent added; c new.
  const again = withSpending(record('a', { usage: usage(3, 0.03) }), usage(1, 0.01)) as InstanceRecord;
  assert.deepEqual(again.instance.usage, usage(4, 0.04));
  const rows = assembleResults(meta, unionWithEarlier(earlier, [again, record('c', {})]), () => 0).instances;
  assert.deepEqual(rows.map((r) => [r.instance, r.usage?.calls]), [['a', 6], ['b', 1], ['c', undefined]]);
  // A cost unknown in any run leaves the total unknown.
  assert.equal((withSpending(record('a', { usage: usage(1, null) }), usage(1, 0.01)) as InstanceRecord).instance.usage!.cost, null);
});
