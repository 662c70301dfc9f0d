import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readStepReply } from '../agents/llm/step-prompt.ts';
import { FakeOpenAI, goalSolutions, solutionReply, textOf } from './fake-openai.ts';
import { latestResults, ROOT } from './helpers.ts';

// The llm agent shown BrowserGym's formats (agentOptions.observe.browsergym), end to end
// through the real openai SDK to a local OpenAI-compatible server: its prompt is AgentLab's
// kind, with bids.

const KEY = `sk-test-${Math.random().toString(36).slice(2)}`;
const BOOKSHOP = join(ROOT, 'tasks', 'goals', 'bookshop');
const taskFilesIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'tasks.yaml').map((f) => join(dir, f));
const runLlm = (project: string, fake: FakeOpenAI, env: Record<string, string> = {}, args: string[] = []) => fake.run(project, KEY, env, args);
const describe = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n');

test("BrowserGym's formats in the prompt: a model reading its bid-marked tree and naming bids takes every bookshop goal task to 1.000", async () => {
  const model = solutionReply(goalSolutions(taskFilesIn(BOOKSHOP)));
  const fake = await FakeOpenAI.start((r) => ({ content: model(r) }));
  try {
    const options = JSON.stringify({ observe: { browsergym: { axtree: true, prunedHtml: true, som: true, withClickable: true } } });
    const run = await runLlm('gpt4o', fake, { BENCHWRIGHT_TASKS: BOOKSHOP, BENCHWRIGHT_LLM_OPTIONS: options }, ['--workers=2']);
    assert.equal(run.code, 0, run.output);
    const { instances } = latestResults(run.dir);
    assert.equal(instances.length, 12, describe(instances));
    assert.ok(instances.every((i) => i.outcome === 'scored' && i.score === 1), describe(instances));
    const actions = fake.requests.map((r) => readStepReply(model(r)));
    assert.ok(actions.every((a) => 'action' in a && /^(click|fill)\("\d+"|^send_msg_to_user\(/.test(a.action)), describe(actions));
    // BrowserGym's tree stands for Playwright's, its HTML follows, its set-of-marks screenshot is the image.
    const system = textOf(fake.requests[0]!.body.messages[0]!.content);
    assert.match(system, /whose elements are marked \[12\] \(their bid\), .* Name elements by their bid;/);
    const user = fake.requests[0]!.body.messages[1]!.content;
    assert.ok(Array.isArray(user) && user.some((part) => part.type === 'image_url'), 'the set-of-marks screenshot');
    const text = textOf(user);
    assert.match(text, /Accessibility tree:\nRootWebArea '[^']*', focused, url='\/task\/bookshop-[^']*'\n\t\[\d+\] /);
    const prompts = fake.requests.map((r) => textOf(r.body.messages[1]!.content));
    assert.ok(prompts.every((p) => !p.includes('benchwright-') && !/127\.0\.0\.1:\d+/.test(p)), prompts.find((p) => p.includes('benchwright-')));
    assert.match(text, /\n\nHTML:\n<head bid="\d+">/);
    assert.doesNotMatch(text, /\[ref=/);
  } finally {
    await fake.close();
  }
});
