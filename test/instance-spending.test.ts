import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Usage } from '../src/agent/usage.ts';
import type { InstanceRecord } from '../src/record/results.ts';
import { InstanceSpending } from '../src/runs/instance-spending.ts';

// The tables keep one record of an instance; its calls, tokens and cost count every run of it.

const usage = (calls: number, cost: number | null = calls / 100): Usage => ({ calls, promptTokens: 10 * calls, completionTokens: calls, cost, cached: 0 });
const record = (instance: string, spent?: Usage): InstanceRecord => ({
  instance: { project: 'gpt4', agent: 'llm', task: 't', instance, outcome: 'scored', status: 'passed', retries: 0, score: 1, ceiling: 1, ...(spent && { usage: spent }) },
  fields: [],
  evaluations: [],
});
const callsOf = (r: unknown) => (r as InstanceRecord).instance.usage?.calls;
const runsOf = (r: unknown) => (r as InstanceRecord).instance.usage?.runs;
const retried = (instance: string, spent: Usage, retries: number) => ({ ...record(instance, spent), instance: { ...record(instance, spent).instance, retries } });

test("a test's retries are in its own record: counted once, as so many runs", () => {
  const spending = new InstanceSpending();
  const attempts = {};
  // Attempt 1 spent 2 calls; attempt 2's record adds up both attempts (readTest), 5.
  const first = spending.counted(attempts, record('a', usage(2)));
  assert.deepEqual([callsOf(first), runsOf(first)], [2, undefined]);
  const second = spending.counted(attempts, retried('a', usage(5), 1));
  assert.deepEqual([callsOf(second), runsOf(second)], [5, 2]);
  // A later record whose spending could not be read keeps what the test spent.
  assert.equal(callsOf(spending.counted(attempts, record('a'))), 5);
});

test('a record that did not run gets no total', () => {
  const spending = new InstanceSpending();
  spending.counted({}, record('a', usage(2)));
  const skipped = { ...record('a'), instance: { ...record('a').instance, outcome: 'not run' as const, status: 'skipped' } };
  assert.equal(callsOf(spending.counted({}, skipped)), undefined);
});

test('--repeat-each: each repetition is a test of its own, and the last record counts them all', () => {
  const spending = new InstanceSpending();
  const [first, second] = [{}, {}];
  assert.equal(callsOf(spending.counted(first, record('a', usage(2)))), 2);
  assert.equal(callsOf(spending.counted(second, record('a', usage(3)))), 5);
  // The second repetition retried: its record holds both of its attempts.
  const again = spending.counted(second, retried('a', usage(7), 1));
  assert.deepEqual([callsOf(again), runsOf(again)], [9, 3]);
  // Another instance is apart; a run that spent nothing still carries what the others spent.
  assert.equal(callsOf(spending.counted(first, record('b'))), undefined);
  assert.equal(callsOf(spending.counted({}, record('a'))), 9);
});

test("a resumed run: the earlier journal's last record of an instance is what its runs spent before", () => {
  const spending = new InstanceSpending();
  // The earlier journal: a, then a again (its record counting both), b.
  spending.addEarlier([record('a', usage(1)), record('a', usage(4)), record('b', usage(2)), { taskError: { project: 'gpt4', task: 'x', error: 'bad' } }]);
  spending.addEarlier([record('c', { ...usage(4), runs: 2 })]);
  const again = spending.counted({}, record('a', usage(3))) as InstanceRecord;
  const { cost, ...counts } = again.instance.usage!;
  assert.deepEqual(counts, { calls: 7, promptTokens: 70, completionTokens: 7, cached: 0, runs: 2 });
  // An earlier total of two runs, and this one.
  assert.equal(runsOf(spending.counted({}, record('c', usage(1)))), 3);
  assert.ok(Math.abs(cost! - 0.07) < 1e-9, String(cost));
  // A cost unknown in any run leaves the total unknown.
  assert.equal((spending.counted({}, record('b', usage(1, null))) as InstanceRecord).instance.usage!.cost, null);
});
