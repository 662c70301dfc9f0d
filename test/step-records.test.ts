import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { PROMPT_TREE } from '../src/agent/types.ts';
import type { PageBoxes } from '../src/record/attachments.ts';
import { FINAL_PAGE_FILE, instanceFileId, screenshotsOf, SCREENSHOTS } from '../src/runs/screenshot-files.ts';
import { readTrajectories } from '../src/runs/trajectories.ts';
import { FakeOpenAI, readStepPrompt } from './fake-openai.ts';
import { latestResults, ROOT, runPlaywright, tempDir } from './helpers.ts';

// An episode's record as a trajectory viewer reads it: each step's spending, prompt and page
// kept in the run folder (BENCHWRIGHT_SCREENSHOT=steps), and its Playwright steps titled by
// what happened, a failed action or a reply without one as a failed step of a test that passes.

const KEY = `sk-test-${Math.random().toString(36).slice(2)}`;
const REVIEW = join(ROOT, 'tasks', 'goals', 'bookshop', 'review.yaml');

interface ReportStep {
  title: string;
  error?: { message?: string };
}

/** The top-level steps of every test in Playwright's JSON report, with its status. */
function testSteps(reportFile: string): { status: string; steps: ReportStep[] }[] {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as { suites: Suite[] };
  interface Suite { suites?: Suite[]; specs?: { tests: { status: string; results: { steps: ReportStep[] }[] }[] }[] }
  const specs = (suite: Suite): NonNullable<Suite['specs']> => [...(suite.specs ?? []), ...(suite.suites ?? []).flatMap(specs)];
  return report.suites.flatMap(specs).flatMap((s) => s.tests).map((t) => ({ status: t.status, steps: t.results.at(-1)?.steps ?? [] }));
}

test('an episode under screenshot steps: each step\'s page in screenshots/, its usage and prompt in trajectories.jsonl; a failed action and a reply without one are failed steps', { timeout: 120_000 }, async () => {
  // A scripted model: a ref the page lacks, a reply with no action (re-asked twice), then the answer.
  const replies = ['Reasoning: try it.\nAction: click("e999")', 'I have no idea.', 'Reasoning: done.\nAction: send_msg_to_user("Done.")'];
  const fake = await FakeOpenAI.start((request) => ({ content: replies[readStepPrompt(request)!.earlier]! }));
  const manifest = join(tempDir(), 'tasks.yaml');
  writeFileSync(manifest, `name: one goal task\ntasks:\n  - ${JSON.stringify(REVIEW)}\n`);
  const reportFile = join(tempDir(), 'report.json');
  try {
    const run = await fake.run('gpt4o', KEY, { BENCHWRIGHT_TASKS: manifest, BENCHWRIGHT_INSTANCES: '1', BENCHWRIGHT_SCREENSHOT: 'steps', PLAYWRIGHT_JSON_OUTPUT_FILE: reportFile }, ['--reporter=./reporters/benchmark.ts,json']);
    assert.equal(run.code, 0, run.output);
    const runFolder = join(run.dir, 'benchwright-report', 'latest');
    const [record] = readTrajectories(runFolder);
    assert.ok(record?.trajectory, 'one episode');
    const { steps } = record.trajectory;
    assert.deepEqual(steps.map((s) => [s.action, s.ok]), [['click("e999")', false], ['', false], ['send_msg_to_user("Done.")', true]]);
    // What each step spent (the no-action step's three replies) and what it sent, as text.
    assert.deepEqual(steps.map((s) => s.usage?.calls), [1, 3, 1]);
    assert.ok(steps.every((s) => s.prompt?.startsWith('system: You are an agent') && s.prompt.includes('\n\nuser: Goal: ')), steps[0]!.prompt);
    assert.match(steps[1]!.prompt!, /\n\nassistant: I have no idea\.\n\nuser: Your answer could not be used: /);
    // The tree the step was shown is kept once, in its observation: the prompt names it.
    for (const [i, step] of steps.entries()) {
      assert.ok(step.prompt!.includes(PROMPT_TREE), step.prompt);
      assert.ok(!step.prompt!.includes(record.trajectory.observations![i]!.snapshot));
    }

    const id = instanceFileId(record);
    const files = readdirSync(join(runFolder, SCREENSHOTS, id)).sort();
    assert.deepEqual(files, ['final.jpg', 'step-1.jpg', 'step-2.jpg', 'step-3.jpg']);
    const jpeg = readFileSync(join(runFolder, SCREENSHOTS, id, 'step-1.jpg'));
    assert.deepEqual([jpeg[0], jpeg[1]], [0xff, 0xd8], 'a JPEG');

    const episode = testSteps(reportFile).find((t) => t.steps.some((s) => s.title.startsWith('step 1 ')));
    assert.equal(episode!.status, 'expected', 'failed steps fail no test');
    const titled = episode!.steps.filter((s) => s.title.startsWith('step ')).map((s) => [s.title, s.error?.message?.split('\n')[0] ?? null]);
    assert.deepEqual(titled.map(([title]) => title), [
      'step 1 · observe and choose', 'step 1 · click("e999")',
      'step 2 · observe and choose', 'step 2 · no usable action',
      'step 3 · observe and choose', 'step 3 · send_msg_to_user("Done.")',
    ]);
    assert.match(String(titled[1]![1]), /e999/, 'the action\'s error');
    assert.match(String(titled[3]![1]), /^(Error: )?no usable action after 3 replies: /, 'the reply\'s problem');
    assert.deepEqual([titled[0]![1], titled[2]![1], titled[5]![1]], [null, null, null]);
  } finally {
    await fake.close();
  }
});

test('a form\'s final page: where each scored field is on it, kept beside it in screenshots/', { timeout: 120_000 }, () => {
  const run = runPlaywright(['test', '--project=oracle', '--grep', '@review-sentiment'], { BENCHWRIGHT_INSTANCES: '1', BENCHWRIGHT_SCREENSHOT: 'on', BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  const folder = join(run.dir, 'benchwright-report', 'latest', SCREENSHOTS);
  const boxesFile = readdirSync(folder).map((id) => join(folder, id, 'final.json')).find(existsSync);
  assert.ok(boxesFile, readdirSync(folder).join(', '));
  const { width, height, boxes } = JSON.parse(readFileSync(boxesFile, 'utf8')) as PageBoxes;
  assert.ok(width > 0 && height > 0);
  assert.ok(Object.keys(boxes).length > 0, 'some field in view');
  for (const [x, y, w, h] of Object.values(boxes)) assert.ok(x + w > 0 && y + h > 0 && x < width && y < height && w > 0 && h > 0, JSON.stringify(boxes));
});

test('final pages by default (auto): every episode\'s, and of a form task only its first instance\'s', { timeout: 180_000 }, () => {
  const run = runPlaywright(['test', '--project=do-nothing', '--grep', '@review-sentiment|@bookshop-price'], { BENCHWRIGHT_TASKS: join(ROOT, 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  const runFolder = join(run.dir, 'benchwright-report', 'latest');
  const { instances } = latestResults(run.dir);
  const kept = (task: string) => instances.filter((i) => i.task === task).map((i) => [i.instance, existsSync(join(screenshotsOf(runFolder, i), FINAL_PAGE_FILE))]);
  const forms = kept('review-sentiment');
  assert.ok(forms.length > 1, JSON.stringify(forms));
  assert.deepEqual(forms.filter(([, shot]) => shot).map(([id]) => id), ['kettle']);
  const episodes = kept('bookshop-price');
  assert.ok(episodes.length > 1 && episodes.every(([, shot]) => shot), JSON.stringify(episodes));
});
