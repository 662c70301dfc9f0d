import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { InstanceRecord, InstanceRow, RunMetadata } from '../src/record/results.ts';
import { assembleResults } from '../src/runs/assemble.ts';

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
