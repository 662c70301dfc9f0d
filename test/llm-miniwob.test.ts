import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { FakeOpenAI, readStepPrompt } from './fake-openai.ts';
import { latestResults, runCli, SHARED_MINIWOB, tempDir } from './helpers.ts';

// A model that reads only the step prompt (the goal and the tree) and clicks the element the
// goal names, through the llm agent and the real openai SDK: on MiniWoB's click-link the links
// are spans in a paragraph, which Playwright's tree folds into the text; the observation's
// refs for them are what a model can click.

const skip = !existsSync(SHARED_MINIWOB) && 'no ../shared/miniwob';
const KEY = `sk-test-${Math.random().toString(36).slice(2)}`;

test('a model reading only the prompt clicks the link the goal names: click-link won on every seed', { skip, timeout: 300_000 }, async () => {
  const out = join(tempDir('llm-mw-'), 'mw');
  assert.equal(runCli(['import', 'miniwob', SHARED_MINIWOB, '--out', out]).code, 0);
  const fake = await FakeOpenAI.start((request) => {
    const prompt = readStepPrompt(request)!;
    const link = /^Click on the link "(.*)"\.$/.exec(prompt.goal)?.[1];
    const line = prompt.tree.split('\n').find((l) => link !== undefined && l.endsWith(`: ${link}`) && /\[ref=\w+\]/.test(l));
    const ref = line && /\[ref=(\w+)\]/.exec(line)![1];
    return { content: ref ? `Reasoning: the link.\nAction: click("${ref}")` : 'Reasoning: no such link.\nAction: report_infeasible("no ref for the link")' };
  });
  try {
    const run = await fake.run('gpt4o', KEY, { BENCHWRIGHT_TASKS: join(out, 'tasks.yaml'), BENCHWRIGHT_INSTANCES: '5' }, ['--grep', '@click-link( |$)']);
    assert.equal(run.code, 0, run.output.slice(-3000));
    const { instances } = latestResults(run.dir);
    assert.equal(instances.length, 5);
    assert.ok(instances.every((i) => i.score === 1), instances.map((i) => JSON.stringify(i)).join('\n'));
  } finally {
    await fake.close();
  }
});
