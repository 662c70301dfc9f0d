import { expect, test } from '../../fixtures/benchwright.ts';
import { AGENTS } from '../../agents/registry.ts';
import { ActionLibrary } from '../../src/actions/library.ts';
import { fieldRecordsOf } from '../../src/record/evaluation.ts';
import { runInstance } from '../../src/runner/run-instance.ts';
import { readFields } from '../../src/values/read-fields.ts';
import { serveHtml } from './pages.ts';

const FORM = `<input type="radio" name="r" value="a"><input type="radio" name="r" value="b"><input type="radio" name="r" value="c">
  <select name="s"><option value="x">x</option><option value="y">y</option></select>
  <input type="checkbox" name="c" value="1"><input type="checkbox" name="c" value="2"><input type="checkbox" name="c" value="3">
  <input type="range" name="g" min="0" max="10" step="2"><textarea name="t"></textarea>`;
const NAMES = ['r', 's', 'c', 'g', 't'];

test('the random agent is seeded: one seed, one run; another seed, another run', async ({ page, taskServer }) => {
  const url = serveHtml(taskServer, FORM);
  const run = async (seed: number) => {
    await page.goto(url);
    const actions = new ActionLibrary(page);
    await AGENTS.random!.run!({ page, actions, task: { id: 't', title: 't', description: '', split: 'test' }, instanceId: 'i', fields: await readFields(page, NAMES), seed, options: {}, report: { usage: {}, log: [] }, demonstrations: () => [] });
    expect(actions.log.every((a) => a.ok), JSON.stringify(actions.log)).toBe(true);
    return JSON.stringify((await readFields(page, NAMES)).map((f) => f.value));
  };
  const first = await run(7);
  expect(await run(7)).toBe(first);
  const others = new Set<string>();
  for (const seed of [1, 2, 3]) others.add(await run(seed));
  expect(others.size).toBeGreaterThan(2);
});

test('gold labels reach only an agent that declares it needs them', async ({ page, taskServer }) => {
  const url = serveHtml(taskServer, '<input name="q" type="text">');
  const task = { id: 'gold', title: 'gold', description: '', split: 'test', file: '', html: '', templateFile: '', start: { kind: 'served' as const, path: '' }, dataFiles: [], fields: [{ name: 'q', type: 'text' as const, score: true, dynamic: false }], instances: [] };
  const instance = { id: 'only', values: {}, gold: { q: ['secret answer'] }, annotators: 1 };
  const seen: (Record<string, unknown> | undefined)[] = [];
  for (const needsGold of [false, true]) {
    const agent = { name: 'spy', needsGold, run: async (input: { gold?: Record<string, unknown> }) => { seen.push(input.gold); } };
    const result = await runInstance({ page, url, task, instance }, { agent, actions: new ActionLibrary(page), seed: 1, options: {} }, {});
    expect(fieldRecordsOf(result.evaluations)).toEqual([expect.objectContaining({ field: 'q', prediction: '', score: 0, metric: 'rouge-l' })]);
  }
  expect(seen).toEqual([undefined, { q: ['secret answer'] }]);
});

test('the oracle sets fields directly, gives what that missed a second try as a user, and acting as a user throughout gets the same', async ({ page, taskServer }) => {
  // q1's answer shows q0, above it, and q2; q3 takes only a user's typing (its handler undoes a script's change).
  const url = serveHtml(taskServer, `<p class="more" hidden><input name="q0"></p>
    <label><input type="radio" name="q1" value="yes" onchange="for (const p of document.querySelectorAll('.more')) p.hidden = false"> yes</label>
    <p class="more" hidden><select name="q2"><option value="">-</option><option value="b">b</option></select></p>
    <input name="q3" oninput="if (!event.isTrusted) this.value = ''">`);
  const fields = [{ name: 'q0', type: 'text' as const }, { name: 'q1', type: 'radio' as const }, { name: 'q2', type: 'select' as const }, { name: 'q3', type: 'text' as const }].map((f) => ({ ...f, score: true, dynamic: false }));
  const task = { id: 'reveal', title: 'reveal', description: '', split: 'test', file: '', html: '', templateFile: '', start: { kind: 'served' as const, path: '' }, dataFiles: [], fields, instances: [] };
  const instance = { id: 'only', values: {}, gold: { q0: ['typed'], q1: ['yes'], q2: ['b'], q3: ['kept'] }, annotators: 1 };
  const tries = {
    // q0 is set in the batch's second round, once q1 shows it; q3 does not hold, and gets a user's try.
    direct: ['q0 true', 'q1 true', 'q2 true', 'q3 true', 'q3 true'],
    // q0 is hidden when its turn comes: refused, then filled on the second try.
    user: ['q0 false', 'q1 true', 'q2 true', 'q3 true', 'q0 true'],
  };
  for (const [input, expected] of Object.entries(tries)) {
    const actions = new ActionLibrary(page);
    const result = await runInstance({ page, url, task, instance }, { agent: AGENTS.oracle!, actions, seed: 1, options: input === 'user' ? { input } : {} }, {});
    expect(result.score, input).toBe(1);
    expect(actions.log.map((r) => `${r.action.match(/"(q\d)"/)![1]} ${r.ok}`), input).toEqual(expected);
  }
});

test('the LLM agent asks, in a second round, the questions its first answers reveal', async ({ page, taskServer }) => {
  const { FakeOpenAI, firstOptionReply } = await import('../../test/fake-openai.ts');
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r) }));
  const saved = { ...process.env };
  Object.assign(process.env, { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-harness', BENCHWRIGHT_LLM_CACHE: 'off' });
  try {
    const url = serveHtml(taskServer, `<label><input type="radio" name="q1" value="yes" onchange="document.getElementById('more').hidden = false"> yes</label>
      <div id="more" hidden><label><input type="radio" name="q2" value="later"> later</label></div>`);
    await page.goto(url);
    const fields = await readFields(page, ['q1', 'q2']);
    expect(fields.map((f) => [f.name, f.visible])).toEqual([['q1', true], ['q2', false]]);
    const report = { usage: {}, log: [] };
    await AGENTS.llm!.run!({ page, actions: new ActionLibrary(page), task: { id: 't', title: 't', description: '', split: 'test' }, instanceId: 'i', fields, seed: 1, options: {}, report, demonstrations: () => [] });
    expect(fake.requests.map((r) => r.field)).toEqual(['q1', 'q2']);
    expect((await readFields(page, ['q1', 'q2'])).map((f) => f.value)).toEqual(['yes', 'later']);
    expect(Object.keys(report.usage)).toEqual(['q1', 'q2']);
  } finally {
    process.env = saved;
    await fake.close();
  }
});
