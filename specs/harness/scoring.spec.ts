import { join } from 'node:path';
import { expect, test } from '../../fixtures/benchwright.ts';
import { AGENTS } from '../../agents/registry.ts';
import type { Agent } from '../../src/agent/types.ts';
import { ActionLibrary } from '../../src/actions/library.ts';
import { fieldRecordsOf } from '../../src/record/evaluation.ts';
import { runInstance } from '../../src/runner/run-instance.ts';
import type { Task } from '../../src/task/types.ts';
import { readFields } from '../../src/values/read-fields.ts';
import { serveHtml } from './pages.ts';

// Issue 12's patterns through the real pipeline: a select that annotators left untouched (it
// has no empty option; the batch file says ''), and gold columns naming buttons.
const FIXTURES = join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'scoring-faults');

const picking = (value: string): Agent => ({
  name: `picks ${value}`,
  async run({ actions }) {
    expect((await actions.modify_select('number_of_shots', value)).ok).toBe(true);
  },
});

test('a select left as loaded scores 1 against empty gold answers; another option scores 0', async ({ page, taskServer, loadTask }) => {
  const task = loadTask(join(FIXTURES, 'unanswered-select.yaml'));
  const scoreOf = async (agent: Agent, instanceId: string) => {
    const instance = task.instances.find((i) => i.id === instanceId)!;
    const url = taskServer.urlOf(task, instance);
    const result = await runInstance({ page, url, task, instance }, { agent, actions: new ActionLibrary(page), seed: 1, options: {} }, {});
    const { score, ceiling, initial, prediction } = fieldRecordsOf(result.evaluations).find((r) => r.field === 'number_of_shots')!;
    return { score, ceiling, initial, prediction };
  };
  // gold ['', '', '']: nobody touched it.
  expect(await scoreOf(AGENTS['do-nothing']!, 'untouched')).toEqual({ score: 1, ceiling: 1, initial: 'none', prediction: 'none' });
  expect(await scoreOf(AGENTS.oracle!, 'untouched')).toEqual({ score: 1, ceiling: 1, initial: 'none', prediction: 'none' });
  expect(await scoreOf(picking('2'), 'untouched')).toMatchObject({ score: 0, prediction: '2' });
  // gold ['', 'none', '', '2']: '' and the first option are the same answer.
  expect(await scoreOf(AGENTS['do-nothing']!, 'split')).toMatchObject({ score: 1, ceiling: 1 });
  expect(await scoreOf(picking('2'), 'split')).toMatchObject({ score: 0 });
  // gold ['2', '2', '']: the majority picked an option.
  expect(await scoreOf(AGENTS['do-nothing']!, 'answered')).toMatchObject({ score: 0, ceiling: 1 });
  expect(await scoreOf(picking('2'), 'answered')).toMatchObject({ score: 1 });
});

test('buttons named in the gold columns are recorded with the reason, never scored, never offered to the agent', async ({ page, taskServer, loadTask }) => {
  const task = loadTask(join(FIXTURES, 'submit-timer.yaml'));
  const instance = task.instances[0]!;
  const offered: string[] = [];
  const spy: Agent = { name: 'spy', async run({ fields }) { offered.push(...fields.map((f) => f.name)); } };
  const result = await runInstance({ page, url: taskServer.urlOf(task, instance), task, instance }, { agent: spy, actions: new ActionLibrary(page), seed: 1, options: {} }, {});
  expect(offered).toEqual(['how_common', 'why']);
  const buttons = fieldRecordsOf(result.evaluations).filter((r) => r.field === 'submitButtonTimer' || r.field === 'checkButton');
  expect(buttons.map(({ field, type, score, reason }) => ({ field, type, score, reason }))).toEqual([
    { field: 'submitButtonTimer', type: 'submit', score: null, reason: 'a submit control carries no answer' },
    { field: 'checkButton', type: 'button', score: null, reason: 'a button control carries no answer' },
  ]);
  expect(fieldRecordsOf(result.evaluations).filter((r) => r.score !== null).map((r) => r.field)).toEqual(['how_common', 'why']);
});

test('a button sharing a field\'s name is neither read nor acted on in its place', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, '<input type="submit" name="q" value="Submit"><input type="text" name="q"><input type="image" name="pic" alt="go">'));
  expect((await new ActionLibrary(page).modify_text('q', 'typed')).ok).toBe(true);
  const [q, pic] = await readFields(page, ['q', 'pic']);
  expect([q!.type, q!.value, pic!.type]).toEqual(['text', 'typed', 'image']);
});

test('a select a script fills after load: an empty gold answer is what it shows untouched', async ({ page, taskServer }) => {
  const html = `<select name="n"></select>
    <script>setTimeout(() => { document.querySelector('select').innerHTML = '<option value="none">--</option><option value="2">2</option>'; }, 100);</script>`;
  const url = serveHtml(taskServer, html);
  const task: Task = { id: 'later', title: 'later', description: '', split: 'test', file: '', html, templateFile: '', start: { kind: 'served' as const, path: '' }, dataFiles: [], fields: [{ name: 'n', type: 'select', score: true, dynamic: false }], instances: [] };
  const waiting: Agent = { name: 'waits', async run({ page: p }) { await p.locator('option').first().waitFor({ state: 'attached' }); } };
  const run = (gold: string[]) => runInstance({ page, url, task, instance: { id: 'i', values: {}, gold: { n: gold }, annotators: gold.length } }, { agent: waiting, actions: new ActionLibrary(page), seed: 1, options: {} }, {});
  const untouched = fieldRecordsOf((await run(['', '', '2'])).evaluations)[0]!;
  expect([untouched.prediction, untouched.initial, untouched.score, untouched.ceiling]).toEqual(['none', 'none', 1, 1]);
  expect(fieldRecordsOf((await run(['2', '2', ''])).evaluations)[0]!.score).toBe(0);
});
