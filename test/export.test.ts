import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readTrajectories } from '../src/runs/trajectories.ts';
import { FakeOpenAI, firstOptionReply, textOf, type SeenRequest } from './fake-openai.ts';
import { ROOT, runCli, runPlaywrightAsync, tempDir } from './helpers.ts';

// benchwright export: a run's successful instances as chat training data, one record per episode step or form field.

const BOOKSHOP = join(ROOT, 'tasks', 'goals', 'bookshop');

type Message = { role: string; content: unknown };
const exported = (runDir: string) =>
  readFileSync(join(runDir, 'chat.jsonl'), 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { messages: Message[] }).messages);

async function runAndExport(project: string, env: Record<string, string>, args: string[] = []) {
  const run = await runPlaywrightAsync(['test', `--project=${project}`, '--workers=2', ...args], { BENCHWRIGHT_TASKS: BOOKSHOP, BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_SCREENSHOT: 'off', BENCHWRIGHT_CACHE_DIR: tempDir(), ...env });
  assert.equal(run.code, 0, run.output);
  const reportDir = join(run.dir, 'benchwright-report');
  const cli = runCli(['export', '--format', 'chat'], { BENCHWRIGHT_REPORT_DIR: reportDir });
  assert.equal(cli.code, 0, cli.stdout + cli.stderr);
  return { runDir: join(reportDir, 'latest'), stdout: cli.stdout };
}

test('an oracle run of the bookshop: one record per step, the solution\'s selectors written as the refs the agent was shown', { timeout: 120_000 }, async () => {
  const { runDir, stdout } = await runAndExport('oracle', {});
  const episodes = readTrajectories(runDir);
  const steps = episodes.flatMap((e) => e.trajectory!.steps);
  assert.equal(episodes.length, 12);
  assert.match(stdout, new RegExp(`^${steps.length} examples from 12 successful instances: `));
  // The bookshop's tasks are of the test split: said, and left out on asking.
  assert.match(stdout, new RegExp(`^${steps.length} of them come from instances outside the train split: --split train leaves them out`, 'm'));
  const trainOnly = runCli(['export', runDir, '--format', 'chat', '--split', 'train', '--out', join(runDir, 'train.jsonl')]);
  assert.equal(trainOnly.code, 0, trainOnly.stderr);
  assert.match(trainOnly.stdout, /^0 examples from 0 successful instances: /);
  assert.equal(readFileSync(join(runDir, 'train.jsonl'), 'utf8'), '');
  const records = exported(runDir);
  assert.equal(records.length, steps.length);
  for (const [i, messages] of records.entries()) {
    assert.deepEqual(messages.map((m) => m.role), ['system', 'user', 'assistant']);
    const step = steps[i]!;
    const reply = String(messages[2]!.content);
    assert.equal(reply, `Action: ${step.byRef ?? step.action}`);
    // role=link[name='Dune'] became the ref of the tree's line `link "Dune" [ref=...]`.
    const selector = /role=(\w+)\[name='([^']+)'\]/.exec(step.action);
    if (!selector) continue;
    const ref = /"((?:f\d+)?e\d+)"/.exec(reply)?.[1];
    assert.ok(ref, `${reply} names its element by ref`);
    assert.match(String(messages[1]!.content), new RegExp(`- ${selector[1]} "${selector[2]}" \\[ref=${ref}\\]`));
  }
});

/** A stand-in model for the price tasks: it opens the book the goal names, then reads the price. */
function priceReader(request: SeenRequest): string {
  const prompt = textOf(request.body.messages.at(-1)!.content);
  const price = /Price: \$([\d.]+)/.exec(prompt)?.[1];
  if (price) return `Reasoning: the page shows the price.\nAction: send_msg_to_user("${price}")`;
  const title = /^Goal: What does the book "([^"]+)"/m.exec(prompt)?.[1];
  const ref = new RegExp(`link "${title}" \\[ref=((?:f\\d+)?e\\d+)\\]`).exec(prompt)?.[1];
  return `Reasoning: the book's page has its price.\nAction: click("${ref}")`;
}

test('an LLM run: each record\'s messages are the ones the agent sent for that step, its reply the action taken', { timeout: 120_000 }, async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: priceReader(r) }));
  try {
    const { runDir } = await runAndExport('gpt4o', {
      OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-export-test', BENCHWRIGHT_LLM_CACHE: join(tempDir(), 'replies'),
    }, ['--grep', '@bookshop-price']);
    const records = exported(runDir);
    // Two steps for each of the three price instances.
    const sent = fake.requests;
    assert.equal(records.length, 6);
    assert.equal(sent.length, 6);
    for (const messages of records) {
      const prompt = messages.slice(0, -1);
      const request = sent.find((r) => JSON.stringify(r.body.messages) === JSON.stringify(prompt));
      assert.ok(request, `no request sent these messages:\n${JSON.stringify(prompt).slice(0, 300)}`);
      assert.equal(messages.at(-1)!.content, priceReader(request));
    }
  } finally {
    await fake.close();
  }
});

test('an oracle run of the form tasks: one record per field it set, whose messages are the ones gpt4-relevant sends for that field', { timeout: 180_000 }, async () => {
  const forms = { BENCHWRIGHT_TASKS: join(ROOT, 'tasks.yaml') };
  const { runDir, stdout } = await runAndExport('oracle', forms, ['--grep-invert', '@bookshop']);
  const filled = readTrajectories(runDir).map((r) => r.fieldTrajectory!);
  const steps = filled.flatMap((f) => f.steps);
  assert.ok(filled.length >= 10 && steps.length > filled.length, `${filled.length} forms, ${steps.length} fields`);
  assert.match(stdout, new RegExp(`^${steps.length} examples from ${filled.length} successful instances: `));
  const records = exported(runDir);
  assert.equal(records.length, steps.length);
  for (const [i, messages] of records.entries()) {
    assert.deepEqual(messages.map((m) => m.role), ['system', 'user', 'assistant']);
    assert.equal(messages[2]!.content, steps[i]!.action);
    assert.match(String(messages[1]!.content), new RegExp(`Field: ${steps[i]!.field.name} \\(`));
  }

  // The llm agent asked for the same fields of the same pages: the same messages, field by field.
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r) }));
  try {
    const run = await fake.run('gpt4-relevant', 'sk-export-test', { ...forms, BENCHWRIGHT_LLM_CACHE: join(tempDir(), 'replies'), BENCHWRIGHT_ALLURE: 'off' }, ['--grep-invert', '@bookshop']);
    assert.equal(run.code, 0, run.output);
    const sent = new Set(fake.requests.map((r) => JSON.stringify(r.body.messages)));
    const unmatched = records.filter((messages) => !sent.has(JSON.stringify(messages.slice(0, -1))));
    assert.deepEqual(unmatched.map((m) => String(m[1]!.content).slice(-200)), []);
  } finally {
    await fake.close();
  }
});
