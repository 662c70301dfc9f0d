import assert from 'node:assert/strict';
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { type BenchmarkResults } from '../src/record/results.ts';
import { readResults } from '../src/runs/results-file.ts';
import { ROOT, runPlaywrightAsync, tempDir } from './helpers.ts';
import { requestProblems, ScriptedAgentServer } from './agent-server.ts';

// The HTTP agent end to end: Playwright runs the http project against the example Python agent
// (a real process, real HTTP, a real browser), on the bundled bookshop goal tasks and one form task.

const BOOKSHOP = join(ROOT, 'tasks', 'goals', 'bookshop');
const FORM_TASK = join(ROOT, 'tasks', 'review-sentiment.yaml');
const GOAL_INSTANCES = 12;
const FORM_INSTANCES = 3;

/** The bookshop's four goal tasks and review-sentiment, in a manifest of their own. */
let manifest: string;
before(() => {
  manifest = join(tempDir(), 'tasks.yaml');
  writeFileSync(manifest, `name: http agent\ntasks:\n  - ${JSON.stringify(BOOKSHOP)}\n  - ${JSON.stringify(FORM_TASK)}\n`);
});

/** examples/python/agent.py on a free port; `answered` counts the answers it printed. */
class PythonAgent {
  answered = 0;
  private constructor(readonly process: ChildProcessWithoutNullStreams, readonly url: string) {}

  static start(): Promise<PythonAgent> {
    const child = spawn('python3', [join(ROOT, 'examples', 'python', 'agent.py'), '--port', '0']);
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    return new Promise((resolve, reject) => {
      let agent: PythonAgent | undefined;
      let pending = '';
      child.stdout.on('data', (data) => {
        pending += data;
        const lines = pending.split('\n');
        pending = lines.pop()!;
        for (const line of lines) {
          const listening = /^listening on (http:\/\/127\.0\.0\.1:\d+\/)$/.exec(line);
          if (listening && !agent) resolve((agent = new PythonAgent(child, listening[1]!)));
          else if (agent && line.startsWith('answered ')) agent.onAnswer(++agent.answered);
        }
      });
      child.on('exit', (code) => agent || reject(new Error(`agent.py exited (${code}) before listening: ${stderr}`)));
    });
  }

  /** Called after each answer the agent printed. */
  onAnswer: (count: number) => void = () => {};

  stop(): void {
    if (this.process.exitCode === null) this.process.kill('SIGKILL');
  }
}

const runHttp = (url: string, workers: number) =>
  runPlaywrightAsync(['test', '--project=http', `--workers=${workers}`], { BENCHWRIGHT_AGENT_URL: url, BENCHWRIGHT_TASKS: manifest, BENCHWRIGHT_ALLURE: 'off' });

const resultsOf = (dir: string) => readResults(join(dir, 'benchwright-report', 'latest', 'results.json'));
const goals = (r: BenchmarkResults) => r.instances.filter((i) => i.goal);
const forms = (r: BenchmarkResults) => r.instances.filter((i) => !i.goal);
const describe = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n');

test('the Python agent solves every bookshop goal and answers the form with first options; every request the harness sent is the schema\'s', async () => {
  const python = await PythonAgent.start();
  // Between the harness and the agent, a recorder: the requests as the harness really sends them.
  const recorder = await ScriptedAgentServer.start(async (request) => {
    const answer = await fetch(python.url, { method: 'POST', body: JSON.stringify(request) });
    return { status: answer.status, text: await answer.text() };
  });
  try {
    const run = await runHttp(recorder.url, 2);
    assert.equal(run.code, 0, run.output);
    const results = resultsOf(run.dir);
    const solved = goals(results).filter((i) => i.outcome === 'scored' && i.score === 1 && ['answered', 'agent stopped'].includes(i.episode?.end ?? ''));
    assert.equal(solved.length, GOAL_INSTANCES, describe(goals(results)));
    assert.ok(goals(results).every((i) => i.usage!.calls === i.episode!.steps + (i.episode!.end === 'agent stopped' ? 1 : 0) && i.usage!.cost === 0), describe(goals(results)));
    // First options: sentiment "positive", aspects ["price"]; the range stays at 3, the reason empty.
    // Per instance the mean of four field scores: kettle (gold negative, [quality, support], 4s)
    // 0 + 0 + (1 - 1/4) + 0; headphones (positive, three sets, 5s) 1 + 0 + (1 - 2/5) + 0; desk-lamp like kettle.
    const formScores = Object.fromEntries(forms(results).map((i) => [i.instance, i.score]));
    assert.deepEqual(formScores, { kettle: 0.75 / 4, headphones: 1.6 / 4, 'desk-lamp': 0.75 / 4 }, describe(forms(results)));
    const predictions = new Set(results.fields.map((f) => `${f.field}=${JSON.stringify(f.prediction)}`));
    assert.deepEqual([...predictions].sort(), ['aspects=["price"]', 'confidence="3"', 'reason=""', 'sentiment="positive"']);

    const steps = recorder.requests.filter((r) => r.kind === 'step');
    const fields = recorder.requests.filter((r) => r.kind === 'field');
    assert.equal(steps.length, goals(results).reduce((n, i) => n + i.usage!.calls, 0));
    // Asked: sentiment, aspects, confidence, reason (the hidden bookkeeping field is not).
    assert.equal(fields.length, 4 * FORM_INSTANCES);
    for (const request of recorder.requests) {
      assert.deepEqual(requestProblems(request.kind === 'step' ? 'stepRequest' : 'fieldRequest', request), [], JSON.stringify(request).slice(0, 500));
    }
    assert.ok(steps.some((r) => (r.history as unknown[]).length === 3), 'an order episode is told its three earlier steps');
    assert.deepEqual(recorder.requests.map((r) => r.options), recorder.requests.map(() => ({})), 'url is the harness\'s, not passed on');
  } finally {
    python.stop();
    await recorder.close();
  }
});

test('the agent server killed mid-run: every instance still has a result, those after the kill end \'agent failed\' naming the server', async () => {
  const python = await PythonAgent.start();
  // A real kill from outside (SIGKILL) once it has answered a few steps: the run is partly through its order tasks.
  python.onAnswer = (count) => count === 8 && python.stop();
  try {
    const run = await runHttp(python.url, 1);
    assert.equal(run.code, 0, run.output);
    const results = resultsOf(run.dir);
    assert.equal(results.instances.length, GOAL_INSTANCES + FORM_INSTANCES);
    assert.ok(results.instances.every((i) => i.outcome === 'scored'), describe(results.instances));
    const failed = goals(results).filter((i) => i.episode?.end === 'agent failed');
    const finished = goals(results).filter((i) => i.episode?.end !== 'agent failed');
    assert.ok(finished.length >= 3 && finished.every((i) => i.score === 1), describe(finished));
    assert.ok(failed.length >= 6, describe(goals(results)));
    const unreachable = new RegExp(`^agent server ${python.url} unreachable after 3 attempts: connect ECONNREFUSED 127\\.0\\.0\\.1:\\d+$`);
    for (const i of failed) assert.match(i.episode!.failure!, unreachable);
    // A form instance asks its first field, finds the server gone, and asks no other.
    const formFields = results.fields.filter((f) => f.task === 'review-sentiment' && f.usage);
    for (const instance of ['kettle', 'headphones', 'desk-lamp']) {
      const errors = formFields.filter((f) => f.instance === instance).map((f) => `${f.field}: ${f.usage!.error}`);
      assert.equal(errors.length, 4, errors.join('\n'));
      assert.match(errors[0]!, new RegExp(`^sentiment: ${unreachable.source.slice(1)}`));
      for (const e of errors.slice(1)) assert.match(e, /^\w+: not asked: the agent server was unreachable for the field "sentiment" \(agent server .+ECONNREFUSED/);
    }
  } finally {
    python.stop();
  }
});

test('agentOptions.observe: each step\'s observation holds the focused tab\'s HTML and a screenshot, as the schema says; the server\'s options do not', async () => {
  const server = await ScriptedAgentServer.start(() => ({ json: { action: 'send_msg_to_user("no idea")' } }));
  try {
    const run = await runPlaywrightAsync(['test', '--project=http', '--grep', '@bookshop-price'], {
      BENCHWRIGHT_AGENT_URL: server.url, BENCHWRIGHT_AGENT_OPTIONS: JSON.stringify({ observe: { html: true, screenshot: true }, model: 'mine' }),
      BENCHWRIGHT_TASKS: manifest, BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_SCREENSHOT: 'off',
    });
    assert.equal(run.code, 0, run.output);
    assert.equal(server.requests.length, 3);
    for (const request of server.requests) {
      assert.deepEqual(requestProblems('stepRequest', request), []);
      const observation = request.observation as { html: string; screenshot: string };
      assert.match(observation.html, /<html[^]*<h1>Catalogue<\/h1>[^]*<\/html>$/);
      assert.ok(observation.screenshot.startsWith('/9j/'), 'a JPEG, base64');
      assert.deepEqual(request.options, { model: 'mine' });
    }
  } finally {
    await server.close();
  }
});

test('without BENCHWRIGHT_AGENT_URL the http project is skipped, saying what to set', async () => {
  const run = await runPlaywrightAsync(['test', '--project=http', '--grep', '@bookshop-price'], { BENCHWRIGHT_AGENT_URL: '', BENCHWRIGHT_TASKS: manifest, BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  assert.match(run.output, /3 skipped/);
  assert.match(run.output, /no benchmark instance ran \(the http agent needs its server's address in agentOptions\.url \(the http project reads BENCHWRIGHT_AGENT_URL/);
});

