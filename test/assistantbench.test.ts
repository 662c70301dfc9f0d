// AssistantBench without the open web: questions in its own JSONL format
// (test/fixtures/assistantbench), imported, and answered on a small local search site
// (test/sites/search-site.ts) whose pages hold the answers.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { importAssistantBench } from '../src/benchmarks/assistantbench/import.ts';
import { readResults } from '../src/runs/results-file.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { FakeOpenAI, textOf } from './fake-openai.ts';
import { ROOT, runCli, runPlaywrightAsync, SHARED_CONFORMANCE, tempDir } from './helpers.ts';
import { SearchSite } from './sites/search-site.ts';
// Registers the built-in benchmarks, as the config and the CLI do: AssistantBench's answer key among them.
import '../src/benchmarks/index.ts';

const DATA = join(ROOT, 'test', 'fixtures', 'assistantbench');
let search: SearchSite;
let env: Record<string, string>;

before(async () => {
  search = await SearchSite.start();
  const out = tempDir();
  const imported = importAssistantBench(DATA, out);
  assert.deepEqual(imported.tasks.filter((t) => t.error), []);
  assert.deepEqual(imported.tasks.map((t) => t.id), ['assistantbench-dev-easy', 'assistantbench-dev-hard', 'assistantbench-dev-medium', 'assistantbench-test-hard', 'assistantbench-test-medium']);
  env = { BENCHWRIGHT_TASKS: join(out, 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off', ASSISTANTBENCH_SEARCH: search.url };
});
after(() => search.close());

const rows = (dir: string) => readResults(join(dir, 'benchwright-report', 'latest', 'results.json'));

test('the oracle answers every dev question on the local pages (1.000); the test split\'s answers are kept, not scored; do-nothing scores 0', async () => {
  const oracle = await runPlaywrightAsync(['test', '--project=oracle', '--workers=2'], env);
  assert.equal(oracle.code, 0, oracle.output);
  const results = rows(oracle.dir);
  const dev = results.instances.filter((i) => i.split === 'dev');
  assert.deepEqual([dev.length, dev.every((i) => i.score === 1)], [15, true], JSON.stringify(dev.map((i) => [i.instance, i.score])));
  const unscored = results.instances.filter((i) => i.split === 'test').map((i) => [i.instance, i.outcome, i.score, i.episode?.answer]);
  assert.deepEqual(unscored, [['ab-test-14', 'not scored', null, '2'], ['ab-test-13', 'not scored', null, 'Equinox']]);
  // The gold's type, and whether an answer was given, as AssistantBench's scorer reads them.
  const types = results.evaluations.filter((e) => e.recorded?.goldType).map((e) => String(e.recorded!.goldType)).sort();
  assert.deepEqual([...new Set(types)], ['json', 'number', 'string', 'string list']);

  // The leaderboard's file: every question once, the test split's too, each with the answer given.
  const exported = runCli(['export', join(oracle.dir, 'benchwright-report', 'latest'), '--format', 'assistantbench', '--out', join(oracle.dir, 'ab')]);
  assert.equal(exported.code, 0, exported.stderr);
  const lines = readFileSync(join(oracle.dir, 'ab', 'oracle.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { id: string; answer: string });
  assert.deepEqual(lines.map((l) => l.id).sort(), results.instances.map((i) => i.instance).sort());
  assert.equal(lines.length, 17);
  assert.deepEqual(lines.find((l) => l.id === 'ab-test-13'), { id: 'ab-test-13', answer: 'Equinox' });

  const nothing = await runPlaywrightAsync(['test', '--project=do-nothing', '--workers=2'], env);
  assert.equal(nothing.code, 0, nothing.output);
  assert.ok(rows(nothing.dir).instances.filter((i) => i.split === 'dev').every((i) => i.score === 0));
  // The leaderboard's file of a run without answers: every question, each "".
  const none = runCli(['export', join(nothing.dir, 'benchwright-report', 'latest'), '--format', 'assistantbench', '--split', 'test', '--out', join(nothing.dir, 'ab')]);
  assert.match(none.stdout, /do-nothing: 2 answers in .*do-nothing\.jsonl \(2 without an answer: ""\)/);
  assert.deepEqual(readFileSync(join(nothing.dir, 'ab', 'do-nothing.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)), [{ id: 'ab-test-14', answer: '' }, { id: 'ab-test-13', answer: '' }]);
  // No answer at all: accuracy and answer rate 0, precision undefined.
  assert.match(readFileSync(join(nothing.dir, 'benchwright-report', 'latest', 'summary.md'), 'utf8'), /\| do-nothing \| all \| 15 \| 0 \| 0\.000 \| 0\.000 \| – \| 0\.000 \|/);
});

/** Closed-book replies: right, partly right, wrong, and none at all. */
const CLOSED_BOOK: Record<string, string> = {
  'Which gym near Tompkins Square Park opens earliest?': 'Crunch Fitness',
  'How many steps does the Bell Tower have?': '400',
  'How much does a day pass at Crunch Fitness cost, in dollars?': '29.5',
  'In which city is the Museum of Illumination?': 'Paris',
  'Which gyms near Tompkins Square Park have fitness classes before 7am?': '["Crunch Fitness"]',
  'In which year was the Bell Tower finished?': '1883',
  "Which of Le Guin's Hugo-winning novels came first?": 'The Left Hand',
  'How long is the river trail, in km?': '12.4',
  'What is the busiest station in the city?': 'Grand Central',
  // Pairs of AssistantBench's conformance file (ab-0078, ab-0002, ab-0051): scored as it says.
  "How much does a week's bike rental cost?": '500',
  'Which film did Rian Johnson release in 2022?': 'Glass Onion',
  'Which studios on Avenue A offer classes?': '["CrossFit East River", "Avea Pilates East Village", "Equinox"]',
};

/** The tables' AssistantBench metrics of a run, against the same computed by hand from its answers' scores. */
function checkMetrics(dir: string, project: string): void {
  // Answered: an answer sent (giving up is no answer here: every question has one).
  const scores = rows(dir).instances.filter((i) => i.split === 'dev').map((i) => ({ tags: i.tags!, score: i.score!, answered: Boolean(i.episode?.answer) }));
  const metrics = (list: typeof scores) => {
    const answered = list.filter((s) => s.answered);
    const sum = (l: typeof list) => l.reduce((n, s) => n + s.score, 0);
    const cells = [sum(list) / list.length, answered.length / list.length, answered.length ? sum(answered) / answered.length : null, list.filter((s) => s.score === 1).length / list.length];
    return [String(list.length), '0', ...cells.map((n) => (n === null ? '–' : n.toFixed(3)))];
  };
  const summary = readFileSync(join(dir, 'benchwright-report', 'latest', 'summary.md'), 'utf8');
  for (const group of ['all', 'easy', 'medium', 'hard']) {
    const cells = metrics(group === 'all' ? scores : scores.filter((s) => s.tags.includes(group)));
    assert.ok(summary.includes(`| ${project} | ${group} | ${cells.join(' | ')} |`), `${project} ${group}: ${cells.join(' | ')}\n${summary}`);
  }
}

function model() {
  return FakeOpenAI.start((request) => {
    const prompt = textOf(request.body.messages.at(-1)!.content);
    const system = textOf(request.body.messages[0]!.content);
    if (system.startsWith('Answer the question from what you know')) return { content: CLOSED_BOOK[/^Question: (.*)$/m.exec(prompt)![1]!] ?? '' };
    // The web agent answers the tower's questions, and gives up on the others.
    if (/Goal: [^\n]*Bell Tower/.test(prompt)) return { content: 'Reasoning: known.\nAction: send_msg_to_user("412")' };
    return { content: 'Reasoning: not on this page.\nAction: report_infeasible("not found")' };
  });
}

test('closed-book and the ensemble against a local model: accuracy, answer rate, precision and exact match as computed by hand from each answer\'s score', async () => {
  const fake = await model();
  try {
    const closed = await fake.run('gpt4o-closed-book', 'local', env, ['--workers=2', '--grep', '@dev']);
    assert.equal(closed.code, 0, closed.output);
    const results = rows(closed.dir);
    const byQuestion = new Map(results.instances.map((i) => [i.instance, i]));
    // One call per question, no step: the answer is the model's reply, marked closed-book.
    assert.equal(fake.requests.length, 15);
    const conformance = readFileSync(join(SHARED_CONFORMANCE, 'assistantbench.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { prediction: string; gold: string; score: number });
    for (const id of ['ab-hard-15', 'ab-medium-16', 'ab-easy-17']) {
      const row = byQuestion.get(id)!;
      const gold = (results.evaluations.find((e) => e.instance === id)!.expected as { assistantbench: string }).assistantbench;
      const expected = conformance.find((c) => c.prediction === row.episode!.answer && c.gold === gold);
      assert.ok(expected, id);
      // AssistantBench's scorer is reproduced to 1e-9 (its conformance test).
      assert.ok(Math.abs(row.score! - expected.score) < 1e-9, `${id}: ${row.score} for ${expected.score}`);
    }
    assert.deepEqual([byQuestion.get('ab-easy-02')!.episode?.answer, byQuestion.get('ab-easy-02')!.episode?.answerFrom, byQuestion.get('ab-easy-02')!.episode?.steps], ['400', 'closed-book', 0]);
    // Its one call's usage and cost, as any call's.
    const usage = byQuestion.get('ab-easy-02')!.usage!;
    assert.deepEqual([usage.calls, usage.promptTokens > 0, usage.cost !== null && usage.cost > 0], [1, true, true]);
    // By hand, from each question's score (AssistantBench's scorer), the paper's four metrics.
    checkMetrics(closed.dir, 'gpt4o-closed-book');
    // The numbers themselves: 3 of 15 unanswered, 4 exactly right, partial credit on the others.
    // results.json keeps the same metrics beside the rows.
    const kept = JSON.parse(readFileSync(join(closed.dir, 'benchwright-report', 'latest', 'results.json'), 'utf8')) as { answerMetrics: { group: string; answerRate: number; questions: number }[] };
    assert.deepEqual(kept.answerMetrics.map((m) => [m.group, m.questions]), [['all', 15], ['easy', 5], ['hard', 5], ['medium', 5]]);
    assert.equal(kept.answerMetrics[0]!.answerRate, 0.8);
    assert.match(readFileSync(join(closed.dir, 'benchwright-report', 'latest', 'summary.md'), 'utf8'), /\| gpt4o-closed-book \| all \| 15 \| 0 \| 0\.\d{3} \| 0\.800 \| 0\.\d{3} \| 0\.267 \|/);

    fake.requests.length = 0;
    const ensemble = await fake.run('gpt4o-ensemble', 'local', env, ['--workers=2', '--grep', '@dev']);
    assert.equal(ensemble.code, 0, ensemble.output);
    const mixed = rows(ensemble.dir).instances;
    const from = (id: string) => mixed.find((i) => i.instance === id)!.episode;
    // The tower's questions answered on the web (no closed-book call), the others closed-book where the web agent gave up.
    assert.deepEqual([from('ab-easy-02')?.answer, from('ab-easy-02')?.answerFrom, from('ab-medium-07')?.answer], ['412', undefined, '412']);
    assert.deepEqual([from('ab-easy-01')?.answer, from('ab-easy-01')?.answerFrom], ['Crunch Fitness', 'closed-book']);
    assert.equal(mixed.find((i) => i.instance === 'ab-easy-02')!.score, 1);
    checkMetrics(ensemble.dir, 'gpt4o-ensemble');
    // compare: the two runs' metrics side by side (one project each: paired whatever the names).
    const compared = runCli(['compare', join(closed.dir, 'benchwright-report', 'latest'), join(ensemble.dir, 'benchwright-report', 'latest')]);
    assert.equal(compared.code, 0, compared.stderr);
    assert.match(compared.stdout, /gpt4o-closed-book vs gpt4o-ensemble, AssistantBench's metrics \(A -> B\):/);
    // Three questions neither answers (the web agent gave up, the closed-book reply was empty): the same answer rate.
    assert.match(compared.stdout, /all\s+0\.\d{3} -> 0\.\d{3}\s+0\.800 -> 0\.800/);
  } finally {
    await fake.close();
  }
});

test('the import reads any file of questions: the split from "set" or the file\'s name (validation is dev); a line that is no question, a bad id, a repeated one: notes, the others imported', () => {
  const dir = tempDir();
  const line = (id: string, extra: object = {}) => JSON.stringify({ id, task: `Question ${id}?`, answer: '1', difficulty: 'Easy', ...extra });
  writeFileSync(join(dir, 'test-00000-of-00001.jsonl'), `${line('t1', { answer: null })}\nnot json\n${line('bad id')}\n`);
  writeFileSync(join(dir, 'questions.jsonl'), `${line('v1', { set: 'validation' })}\n${line('v1', { set: 'validation' })}\n${line('u1')}\n{"id": 3}\n`);
  const out = tempDir();
  const imported = importAssistantBench(dir, out);
  assert.deepEqual(imported.tasks.map((t) => [t.id, t.error]), [['assistantbench-dev-easy', undefined], ['assistantbench-test-easy', undefined]]);
  assert.deepEqual(imported.notes.map((n) => n.replace(`${dir}/`, '')), [
    'questions.jsonl:2: question v1 again; the first is kept',
    'questions.jsonl:4: not an AssistantBench question (expected "id" and "task" strings); left out',
    'questions.jsonl: 1 questions without "set", and no split in the file\'s name: imported as dev',
    'test-00000-of-00001.jsonl:2: not JSON (Unexpected token \'o\', "not json" is not valid JSON); left out',
    'test-00000-of-00001.jsonl:3: question id "bad id" cannot be an instance id (letters, digits, \'.\', \'_\' and \'-\'); left out',
  ]);
  const task = loadTaskFile(join(out, 'tasks', 'assistantbench-test-easy.yaml')).task!;
  assert.deepEqual(task.instances.map((i) => [i.id, i.eval![0]!.settings]), [['t1', { unscored: 'no gold answer (AssistantBench\'s test answers are kept for its leaderboard: export --format assistantbench)' }]]);
  assert.deepEqual(loadTaskFile(join(out, 'tasks', 'assistantbench-dev-easy.yaml')).task!.instances.map((i) => i.id), ['v1', 'u1']);
});

test('a closed-book call that fails is the agent\'s failure, with the reason, not an abstention', async () => {
  const down = await FakeOpenAI.start(() => ({ status: 500, body: '{"error": {"message": "overloaded"}}' }));
  try {
    const run = await down.run('gpt4o-closed-book', 'local', { ...env, BENCHWRIGHT_LLM_OPTIONS: JSON.stringify({ maxRetries: 0 }) }, ['--grep', 'ab-easy-01']);
    assert.equal(run.code, 0, run.output);
    const [row] = rows(run.dir).instances;
    assert.deepEqual([row!.episode?.end, row!.score], ['agent failed', 0]);
    assert.match(row!.episode!.failure!, /^the model call failed: .*500/);
  } finally {
    await down.close();
  }
});
