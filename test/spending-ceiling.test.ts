import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FakeOpenAI, firstOptionReply, goalSolutions, solutionReply } from './fake-openai.ts';
import { readJournal } from '../src/runs/journal.ts';
import { latestResults, ROOT } from './helpers.ts';

// The spending ceilings end to end: Playwright's workers, the real openai SDK, a local
// OpenAI-compatible server started here that counts what it is asked.

const KEY = `sk-test-${Math.random().toString(36).slice(2)}`;
const NO_CACHE = { BENCHWRIGHT_LLM_CACHE: 'off' };

test('8 workers under maxCalls: passed by at most one call per other worker, nothing lost, the tables say where; a resume under a higher ceiling finishes; an estimate over the ceiling refuses to start', async () => {
  // Slow replies: several calls are in flight in every worker when the ceiling is reached.
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r), delayMs: 100 }));
  try {
    const first = await fake.run('gpt4', KEY, { ...NO_CACHE, BENCHWRIGHT_MAX_CALLS: '15' }, ['--workers=8']);
    assert.equal(first.code, 0, first.output);
    const asked = fake.requests.length;
    // A call counts as it starts: only workers asking in the same instant pass the ceiling, by one each.
    assert.ok(asked >= 15 && asked <= 15 + 7, `${asked} requests (${fake.maxInFlight} at most in flight)`);
    const cut = latestResults(first.dir);
    assert.equal(cut.instances.length, 10, 'every instance recorded');
    assert.deepEqual(cut.instances.filter((i) => i.outcome === 'errored'), []);
    const notRun = cut.instances.filter((i) => i.outcome === 'not run');
    const ended = cut.instances.filter((i) => i.budgetReached);
    assert.ok(notRun.length + ended.length > 0, 'the ceiling cut the run');
    for (const row of notRun) assert.match(row.error ?? '', /^budget reached: the run's calls ceiling 15 \(BENCHWRIGHT_MAX_CALLS\), \d+ spent$/);
    for (const row of ended) assert.equal(row.outcome, 'scored', 'an instance cut short is scored as its page stood');
    assert.equal(cut.instances.reduce((n, i) => n + (i.usage?.calls ?? 0), 0), asked, 'every call made is in the record, no refused one');
    assert.match(first.stdout, new RegExp(`^gpt4: the run was cut after ${10 - ended.length - notRun.length} instances? had run in full: budget reached: the run's calls ceiling 15 \\(BENCHWRIGHT_MAX_CALLS\\), \\d+ spent\\. ${ended.length} instances? ended early \\(scored as the page stood\\), ${notRun.length} instances? did not run`, 'm'));

    const report = join(first.dir, 'benchwright-report');
    const resumed = await fake.run('gpt4', KEY, { ...NO_CACHE, BENCHWRIGHT_MAX_CALLS: '1000', BENCHWRIGHT_RESUME: 'latest', BENCHWRIGHT_REPORT_DIR: report }, ['--workers=8']);
    assert.equal(resumed.code, 0, resumed.output);
    const finished = latestResults(first.dir);
    assert.equal(finished.instances.length, 10);
    assert.deepEqual(finished.instances.filter((i) => i.outcome !== 'scored' || i.budgetReached).map((i) => i.instance), [], 'the resumed run finished every instance');
    assert.doesNotMatch(resumed.stdout, /the run was cut/);
    // An instance run again counts what the cut run spent on it too, in the tables and in the
    // resumed run's journal (a resume of it starts from there): every call of both runs.
    const calls = (rows: { usage?: { calls: number } }[]) => rows.reduce((n, i) => n + (i.usage?.calls ?? 0), 0);
    assert.equal(calls(finished.instances), fake.requests.length);
    const journaled = readJournal(join(report, 'latest')).records.flatMap((r) => ('instance' in r ? [r.instance] : []));
    assert.equal(calls([...new Map(journaled.map((i) => [i.instance, i])).values()]), fake.requests.length);

    // The two runs of these tasks tell the estimate; 5 calls cannot hold it.
    const before = fake.requests.length;
    const refused = await fake.run('gpt4', KEY, { ...NO_CACHE, BENCHWRIGHT_MAX_CALLS: '5', BENCHWRIGHT_REPORT_DIR: report });
    assert.notEqual(refused.code, 0, refused.output);
    assert.match(refused.output, /^benchwright: gpt4 \(gpt-4\) will run 10 instances: about \d+ calls and \d+ tokens, about \$\d+\.\d\d, from 2 earlier runs/m);
    assert.match(refused.output, /exceeds the run's ceiling of 5 \(BENCHWRIGHT_MAX_CALLS\): not starting/);
    assert.equal(fake.requests.length, before, 'no request');
    assert.equal(readdirSync(report).filter((f) => !f.startsWith('.')).length, 3, 'two runs and latest: the refused run wrote none');
  } finally {
    await fake.close();
  }
});

test('8 workers under maxCost: passed by no more than what the calls in flight when it was reached cost (8 workers x 4 calls); a cost ceiling on a model with no known price refuses to start', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r), delayMs: 100 }));
  try {
    const run = await fake.run('gpt4', KEY, { ...NO_CACHE, BENCHWRIGHT_MAX_COST: '0.3' }, ['--workers=8']);
    assert.equal(run.code, 0, run.output);
    const spent = latestResults(run.dir).instances.reduce((sum, i) => sum + (i.usage?.cost ?? 0), 0);
    // gpt-4: $30 a million prompt tokens, $60 a million completion tokens; the stand-in model counts a token per 4 characters, a reply under 100 tokens.
    const dearest = Math.max(...fake.requests.map((r) => (Math.ceil(JSON.stringify(r.body.messages).length / 4) * 30 + 100 * 60) / 1e6));
    // The bound: what the calls in flight when it was reached cost, at most 8 workers x 4 calls each (gpt4's concurrency).
    assert.ok(spent >= 0.3 && spent <= 0.3 + 8 * 4 * dearest, `$${spent} spent, ${fake.maxInFlight} calls at most in flight at the server, $${dearest} the dearest`);
    assert.match(run.stdout, /^gpt4: the run was cut after \d+ instances? had run in full: budget reached: the run's cost ceiling \$0\.30 \(BENCHWRIGHT_MAX_COST\), \$0\.\d+ spent/m);

    const asked = fake.requests.length;
    const unpriced = await fake.run('local', KEY, { ...NO_CACHE, BENCHWRIGHT_MAX_COST: '1' });
    assert.notEqual(unpriced.code, 0);
    assert.match(unpriced.output, /^benchwright: local \(local-model\) will run 10 instances: no estimate \(no earlier run of benchwright examples with local-model in the report folder\); no known price$/m);
    assert.match(unpriced.output, /BENCHWRIGHT_MAX_COST cannot hold for local \(local-model\): no known price, so no cost is counted/);
    assert.equal(fake.requests.length, asked, 'no request');
  } finally {
    await fake.close();
  }
});

test("an instance's call ceiling ends its episode as budget reached, scored as the page stands", async () => {
  const bookshop = join(ROOT, 'tasks', 'goals', 'bookshop');
  const files = readdirSync(bookshop).filter((f) => f.endsWith('.yaml')).map((f) => join(bookshop, f));
  const model = solutionReply(goalSolutions(files));
  const fake = await FakeOpenAI.start((r) => ({ content: model(r) }));
  try {
    const run = await fake.run('gpt4o', KEY, { ...NO_CACHE, BENCHWRIGHT_TASKS: bookshop, BENCHWRIGHT_INSTANCE_MAX_CALLS: '1' }, ['--workers=2']);
    assert.equal(run.code, 0, run.output);
    const results = latestResults(run.dir);
    assert.ok(results.instances.every((i) => (i.usage?.calls ?? 0) <= 1), 'one call an instance');
    const cut = results.instances.filter((i) => i.episode?.end === 'budget reached');
    assert.ok(cut.length > 0, JSON.stringify(results.instances.map((i) => i.episode)));
    for (const row of cut) {
      assert.equal(row.outcome, 'scored');
      assert.match(row.budgetReached ?? '', /^budget reached: the instance's calls ceiling 1 \(BENCHWRIGHT_INSTANCE_MAX_CALLS\), 1 spent$/);
    }
  } finally {
    await fake.close();
  }
});
