// What fails for the infrastructure is retried and recorded apart, never counted as the agent's
// failure: a site copy that dies in the middle of a run (its instance runs again on another
// copy, the dead one leaves the pool), a model service that still fails after the SDK's
// retries (the instance runs again); an agent's own failure runs once.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readResults } from '../src/runs/results-file.ts';
import { FakeOpenAI, goalSolutions, readStepPrompt, solutionReply } from './fake-openai.ts';
import { browsersOf, latestResults, ROOT, runPlaywrightAsync, startPlaywright } from './helpers.ts';
import { NotesSite } from './sites/notes-site.ts';

test('a copy that dies after its reset: its instance fails a page, runs again on another copy and scores 1; the copy leaves the pool; the table counts one retry', async () => {
  const copies = await Promise.all([0, 1, 2].map(() => NotesSite.start()));
  try {
    const dying = copies[2]!;
    // Its connections refused from then on (through the origin gate, the page sees a 502).
    dying.afterReset = () => void dying.close();
    const run = await runPlaywrightAsync(['test', '--project=oracle', '--workers=3'], {
      BENCHWRIGHT_TASKS: join(ROOT, 'test', 'fixtures', 'site-tasks', 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off',
      BENCHWRIGHT_NOTES_URL: copies.map((c) => c.url).join(','),
    });
    assert.equal(run.code, 0, run.output);
    const rows = readResults(join(run.dir, 'benchwright-report', 'latest', 'results.json')).instances;
    assert.deepEqual(rows.map((r) => r.score), Array(9).fill(1));
    const retried = rows.filter((r) => r.infrastructureRetries);
    assert.equal(retried.length, 1, JSON.stringify(rows));
    // The episode stopped before its first step, its start page gone, rather than wait out each step's timeout.
    assert.match(retried[0]!.infrastructureRetries![0]!, /^attempt 1 \(its episode stopped after 0 steps\): site "notes" \(copy 3 of 3\) failed a page: (HTTP 502|net::ERR_CONNECTION_REFUSED) \(\/\w*\); its base URL does not answer: .*: taken out of the pool$/);
    assert.ok(rows.every((r) => r.siteCopies![0] !== 'notes 3/3'), 'the last attempt of every instance ran elsewhere');
    assert.equal(dying.notesAtReset.length, 1, 'the dead copy was leased once');
    // The table's cells under its own header, whichever block of the table holds them.
    const lines = run.output.split('\n');
    const header = lines.findIndex((l) => l.includes('infra retries'));
    const cells = (line: string) => line.trim().split(/ {2,}/);
    const table = Object.fromEntries(cells(lines[header]!).map((name, i) => [name, cells(lines[header + 1]!)[i]]));
    assert.deepEqual([table.project, table['infra retries'], table['infra failures']], ['oracle', '1', '0']);
  } finally {
    await Promise.all(copies.map((c) => c.close()));
  }
});

test('a browser that crashes in the middle of an episode: its instance runs again in a browser launched anew and scores; the next instances run in it', async () => {
  const site = await NotesSite.start();
  try {
    const playwright = startPlaywright(['test', '--project=oracle', '--workers=1'], {
      BENCHWRIGHT_TASKS: join(ROOT, 'test', 'fixtures', 'site-tasks', 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_NOTES_URL: site.url,
    });
    // The first sign-in of the run: the worker's browser is killed as the page posts it.
    let killed: number[] | undefined;
    site.onVisit = (visit) => {
      if (killed || visit.path !== '/login' || visit.method !== 'POST') return;
      killed = browsersOf(playwright.child.pid!);
      for (const pid of killed) process.kill(pid, 'SIGKILL');
    };
    const run = await playwright.finished;
    assert.ok(killed?.length, 'the browser was found');
    assert.equal(run.code, 0, run.output);
    const rows = readResults(join(run.dir, 'benchwright-report', 'latest', 'results.json')).instances;
    assert.deepEqual(rows.map((r) => r.score), Array(9).fill(1));
    const retried = rows.filter((r) => r.infrastructureRetries);
    assert.equal(retried.length, 1, JSON.stringify(rows));
    assert.match(retried[0]!.infrastructureRetries![0]!, /^attempt 1: the browser closed \(a crash\)$/);
  } finally {
    await site.close();
  }
});

const BOOKSHOP = join(ROOT, 'tasks', 'goals', 'bookshop');
const taskFiles = readdirSync(BOOKSHOP).filter((f) => f.endsWith('.yaml')).map((f) => join(BOOKSHOP, f));

test('a model service that fails an instance\'s calls after the SDK\'s retries: the instance runs again and scores; a wrong answer is the agent\'s and runs once', async () => {
  const solutions = goalSolutions(taskFiles);
  const [failing, wrong, refusedOnce] = [...solutions.keys()];
  const model = solutionReply(solutions);
  let refused = 0;
  // The first instance's first step: a 500, through every retry of the SDK (maxRetries 3: four requests).
  const fake = await FakeOpenAI.start((request) => {
    const goal = readStepPrompt(request)?.goal;
    if (goal === failing && refused < 4) return refused++, { status: 500, body: '{"error":{"message":"overloaded"}}' };
    if (goal === wrong) return { content: 'Reasoning: done.\nAction: send_msg_to_user("no idea")' };
    // A request the service refuses as malformed (400): the agent's failure, not the service's.
    if (goal === refusedOnce) return { status: 400, body: '{"error":{"message":"bad request"}}' };
    return { content: model(request) };
  });
  try {
    const run = await fake.run('gpt4o', 'sk-test-retries', { BENCHWRIGHT_TASKS: BOOKSHOP }, ['--workers=2']);
    const rows = latestResults(run.dir).instances;
    assert.equal(rows.length, 12, run.output);
    const failed = rows.find((r) => r.infrastructureRetries);
    assert.match(failed!.infrastructureRetries![0]!, /^attempt 1: the agent's service failed: the model call failed: InternalServerError 500/);
    assert.equal(failed!.score, 1);
    assert.equal(rows.filter((r) => r.infrastructureRetries).length, 1);
    // The wrong answer and the refused request scored 0 and were not run again.
    const agentFailed = rows.filter((r) => r.score === 0);
    assert.ok(agentFailed.length >= 2 && agentFailed.every((r) => !r.infrastructureRetries), JSON.stringify(rows));
    assert.ok(agentFailed.some((r) => r.episode?.end === 'agent failed' && /BadRequestError 400/.test(r.episode.failure ?? '')), JSON.stringify(agentFailed));
    assert.equal(refused, 4);
  } finally {
    await fake.close();
  }
});
