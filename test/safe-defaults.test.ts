import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { FakeOpenAI, firstOptionReply } from './fake-openai.ts';
import { latestResults, ROOT, runPlaywright, runPlaywrightAsync } from './helpers.ts';

const CONFIG = join(ROOT, 'test', 'fixtures', 'bare-config', 'playwright.config.ts');

test('a bare `npx playwright test` with OPENAI_API_KEY set runs the oracle and the baselines, sends no model request, and says how to run the model projects', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r) }));
  try {
    const run = await runPlaywrightAsync(['test', `--config=${CONFIG}`], { OPENAI_API_KEY: 'sk-would-cost-money', OPENAI_BASE_URL: fake.url, BENCHWRIGHT_AGENT_URL: fake.url, BENCHWRIGHT_ALLURE: 'off' });
    assert.equal(run.code, 0, run.output);
    assert.equal(fake.requests.length, 0, 'no model request');
    assert.deepEqual(Object.keys(latestResults(run.dir).meta.projects).sort(), ['do-nothing', 'oracle', 'random']);
    assert.match(run.stdout, /^benchwright: projects that call a model run only when named \(http, gpt4, gpt4-relevant, gpt4v, gpt4o, gpt4o-open, gpt4o-closed-book, gpt4o-ensemble, local\): npx playwright test --project=local$/m);
  } finally {
    await fake.close();
  }
});

test('modelProjects always (BENCHWRIGHT_MODEL_PROJECTS) puts them back; a named one runs without it', () => {
  const projectsListed = (env: Record<string, string>, args: string[] = []) => {
    const run = runPlaywright(['test', `--config=${CONFIG}`, '--list', ...args], { BENCHWRIGHT_ALLURE: 'off', ...env });
    assert.equal(run.code, 0, run.output);
    return [...new Set([...run.stdout.matchAll(/^\s+\[([\w-]+)\] ›/gm)].map((m) => m[1]))].sort();
  };
  assert.deepEqual(projectsListed({}), ['do-nothing', 'oracle', 'random']);
  assert.deepEqual(projectsListed({}, ['--project=gpt4o*']), ['gpt4o', 'gpt4o-closed-book', 'gpt4o-ensemble', 'gpt4o-open']);
  assert.equal(projectsListed({ BENCHWRIGHT_MODEL_PROJECTS: 'always' }).length, 12);
  const wrong = runPlaywright(['test', `--config=${CONFIG}`, '--list'], { BENCHWRIGHT_MODEL_PROJECTS: 'sometimes' });
  assert.notEqual(wrong.code, 0);
  assert.match(wrong.output, /BENCHWRIGHT_MODEL_PROJECTS must be when-named or always, not "sometimes"/);
});
