// fuzzy_match's model judge: the real openai SDK against a local OpenAI-compatible server, read
// as WebArena reads its verdicts, cached like the agent's replies, and never a wrong 0 when it fails.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, test } from 'node:test';
import { answer, type AnswerSettings } from '../src/evaluators/answer.ts';
import { combinedScore } from '../src/record/evaluation.ts';
import type { FuzzyJudge } from '../src/llm/judge.ts';
import { RESULTS_FORMAT, type BenchmarkResults } from '../src/record/results.ts';
import { readResults } from '../src/runs/results-file.ts';
import { serializeResults } from '../src/runs/results-file.ts';
import { ROOT } from './helpers.ts';
import { FakeOpenAI, type SeenRequest } from './fake-openai.ts';

let fake: FakeOpenAI;
let judge: FuzzyJudge;
const lastUserText = (r: SeenRequest) => String(r.body.messages.at(-1)!.content);

before(async () => {
  // The verdict is whatever the student answer line asks for: each case picks its own.
  fake = await FakeOpenAI.start((request) => {
    const text = lastUserText(request);
    const wanted = /(?:student answer|Report_1)(?::| =) (.*)/.exec(text)![1]!;
    if (wanted.startsWith('fail')) return { status: 400 };
    return { content: { yes: 'The meaning is the same. Correct.', no: 'Incorrect.', half: 'Partially correct', odd: 'I cannot tell', same: '[same]', other: '[different]' }[wanted] ?? 'correct' };
  });
  process.env.OPENAI_BASE_URL = fake.url;
  process.env.BENCHWRIGHT_LLM_CACHE = mkdtempSync(join(tmpdir(), 'judge-cache-'));
  // The chat client reads its endpoint and cache when first loaded.
  const { modelJudge, DEFAULT_JUDGE } = await import('../src/llm/judge.ts');
  judge = modelJudge({ ...DEFAULT_JUDGE, model: 'judge-model', maxRetries: 0 });
});
after(() => fake.close());

const goal = 'Which author wrote the most books?';
const score = (got: string | null, expected: AnswerSettings, withJudge = true) =>
  answer.score({ answer: got, goal }, expected, withJudge ? { judge } : {});

test('fuzzy_match: the verdict words decide, as WebArena reads them; the question and both answers are in the prompt', async () => {
  const reference = { fuzzy_match: ['Ursula K. Le Guin'] };
  assert.equal((await score('yes', reference)).score, 1);
  assert.equal((await score('no', reference)).score, 0);
  assert.equal((await score('half', reference)).score, 0);
  const prompt = lastUserText(fake.requests.at(-1)!);
  assert.match(prompt, /question: Which author wrote the most books\?/);
  assert.match(prompt, /reference answer: Ursula K\. Le Guin/);
  assert.equal(fake.requests.at(-1)!.body.model, 'judge-model');
  assert.equal(fake.requests.at(-1)!.body.temperature, 0);
});

test('fuzzy_match: an answer equal to the reference after cleaning needs no call', async () => {
  const before = fake.requests.length;
  assert.equal((await score('"ursula k. le guin" ', { fuzzy_match: ['Ursula K. Le Guin'] })).score, 1);
  assert.equal(fake.requests.length, before);
});

test('fuzzy_match N/A: an N/A answer scores 1 without a call; another is judged against the string_note', async () => {
  const before = fake.requests.length;
  assert.equal((await score('N/A', { fuzzy_match: 'N/A', string_note: 'there is no such order' })).score, 1);
  assert.equal(fake.requests.length, before);
  assert.equal((await score('same', { fuzzy_match: 'N/A', string_note: 'there is no such order' })).score, 1);
  assert.equal((await score('other', { fuzzy_match: 'N/A', string_note: 'there is no such order' })).score, 0);
  assert.match(lastUserText(fake.requests.at(-1)!), /Reason_1 = there is no such order/);
});

test('a judge that fails, or whose verdict says nothing, leaves the answer not scored, with the reason', async () => {
  const failed = await score('fail please', { fuzzy_match: ['Le Guin'] });
  assert.equal(failed.score, null);
  assert.match(failed.reason!, /the judge \(judge-model\) gave no verdict: .*400/);
  const asked = fake.requests.length;
  const odd = await score('odd', { fuzzy_match: ['Le Guin'] });
  assert.equal(odd.score, null);
  assert.match(odd.reason!, /neither correct nor incorrect: i cannot tell/);
  // A reply without verdict words is not cached: asked again, the judge is asked again.
  await score('odd', { fuzzy_match: ['Le Guin'] });
  assert.equal(fake.requests.length, asked + 2);
  const none = await score('Le Guin, Ursula', { fuzzy_match: ['Le Guin'] }, false);
  assert.equal(none.score, null);
  assert.match(none.reason!, /needs a model judge: set OPENAI_API_KEY or OPENAI_BASE_URL/);
  // The instance is not scored either: its other evaluators alone would claim more than was checked.
  assert.deepEqual(combinedScore([{ score: 1 }, none]), { score: null, ceiling: null });
  // Deterministic keys still decide without a judge; no answer is 0.
  assert.equal((await score('Le Guin', { must_include: ['le guin'] }, false)).score, 1);
  assert.equal((await score(null, { fuzzy_match: ['Le Guin'] }, false)).score, 0);
});

test('verdicts are cached like the agent\'s replies: asked again, the server sees nothing; failures are not cached', async () => {
  const reference = { fuzzy_match: ['Octavia Butler'] };
  assert.equal((await score('yes', reference)).score, 1);
  const before = fake.requests.length;
  assert.equal((await score('yes', reference)).score, 1);
  assert.equal(fake.requests.length, before);
  await score('fail again', reference);
  await score('fail again', reference);
  assert.equal(fake.requests.length, before + 2);
});

test('benchwright report --rescore: a run scored with no judge is judged afterwards from its stored evidence, with no browser', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'judge-rescore-'));
  const key = { project: 'llm', task: 'authors', instance: 'most' };
  // As a run leaves it when its judge was unreachable: the answer evaluator kept its inputs, not scored.
  const stored: BenchmarkResults = {
    format: RESULTS_FORMAT,
    meta: { date: '2026-11-24T00:00:00Z', versions: {}, projects: { llm: { agent: 'llm', judge: { model: 'rescore-judge', maxRetries: 0 } } } },
    instances: [{ ...key, agent: 'llm', outcome: 'not scored', status: 'passed', retries: 0, score: null, ceiling: null, episode: { steps: 3, end: 'answered', answer: 'yes' } }],
    fields: [],
    evaluations: [
      { ...key, evaluator: 'answer', score: null, reason: 'fuzzy_match needs a model judge', inputs: { evidence: { answer: 'yes', goal }, expected: { fuzzy_match: ['Le Guin'] } } },
      { ...key, evaluator: 'url', score: 1, inputs: { evidence: { url: 'http://127.0.0.1:9/a', startUrl: 'http://127.0.0.1:9/' }, expected: { reference_url: '/a' } } },
    ],
    taskErrors: [],
  };
  writeFileSync(join(dir, 'results.json'), serializeResults(stored));
  const before = fake.requests.length;
  const report = () => promisify(execFile)(process.execPath, [join(ROOT, 'bin', 'benchwright.js'), 'report', join(dir, 'results.json'), '--rescore'], { cwd: dir, env: process.env });
  const { stdout } = await report();
  assert.match(stdout, /rescored-evaluators/);
  const again = readResults(join(dir, 'rescored-evaluators', 'results.json'));
  assert.deepEqual([again.instances[0]!.outcome, again.instances[0]!.score], ['scored', 1]);
  assert.deepEqual(again.evaluations.map((e) => [e.evaluator, e.score]), [['answer', 1], ['url', 1]]);
  assert.equal(again.meta.rescored?.evaluators, 'stored evidence, judge rescore-judge');
  assert.equal(fake.requests.length, before + 1);
  assert.equal(fake.requests.at(-1)!.body.model, 'rescore-judge');
  // Again: the verdict comes from the reply cache.
  await report();
  assert.equal(fake.requests.length, before + 1);
  assert.match(readFileSync(join(dir, 'rescored-evaluators', 'summary.md'), 'utf8'), /Re-scored with: evaluators stored evidence, judge rescore-judge/);
});
