import assert from 'node:assert/strict';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { readStepReply } from '../agents/llm/step-prompt.ts';
import type { ActionName } from '../src/action-set/signatures.ts';
import { ReplyCache } from '../src/llm/reply-cache.ts';
import type { BenchmarkResults } from '../src/record/results.ts';
import type { Trajectory } from '../src/record/trajectory.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { FakeOpenAI, goalSolutions, readStepPrompt, solutionReply, textOf, treeElements, type Answer, type SeenRequest } from './fake-openai.ts';
import { FORM_TASKS, jsonAttachments, latestResults, ROOT, runPlaywrightAsync, tempDir } from './helpers.ts';
import { NotesSite } from './sites/notes-site.ts';

// The llm agent on goal tasks end to end: Playwright's workers run episodes whose every step is
// one call through the real openai SDK to a local OpenAI-compatible server started here, which
// answers as a scripted model reading the prompt (the goal, the tree, the earlier steps).

const KEY = `sk-test-${Math.random().toString(36).slice(2)}`;
const BOOKSHOP = join(ROOT, 'tasks', 'goals', 'bookshop');
const SITE_TASKS = join(ROOT, 'test', 'fixtures', 'site-tasks');
const taskFilesIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.yaml') && f !== 'tasks.yaml').map((f) => join(dir, f));

/** A manifest of its own over some task files. */
function manifestOf(files: string[]): string {
  const file = join(tempDir(), 'tasks.yaml');
  writeFileSync(file, `name: llm episodes\ntasks:\n${files.map((f) => `  - ${JSON.stringify(f)}\n`).join('')}`);
  return file;
}

const runLlm = (project: string, fake: FakeOpenAI, env: Record<string, string> = {}, args: string[] = []) => fake.run(project, KEY, env, args);
const describe = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).join('\n');
const byInstance = (r: BenchmarkResults) => new Map(r.instances.map((i) => [`${i.task}/${i.instance}`, i]));

/** The trajectory.json attachment of every test in Playwright's JSON report, by goal. */
const trajectories = (reportFile: string) => new Map(jsonAttachments<Trajectory>(reportFile, 'trajectory.json').map(({ value }) => [value.goal, value]));

/**
 * A trajectory without what differs between any two runs by design: step times, the task
 * server's port and the start token (both new on every run). Everything the agent chose and
 * saw stays.
 */
/** A run's record with what differs from run to run left out: times, the task server's port, start tokens. */
const comparable = <T>(t: T) => JSON.parse(JSON.stringify(t, (key, value: unknown) => {
  if (key === 'ms') return undefined;
  if (typeof value === 'string') return value.replace(/http:\/\/127\.0\.0\.1:\d+/g, 'http://127.0.0.1:PORT').replace(/benchwright-start=[\w-]+/g, 'benchwright-start=TOKEN');
  return value;
}) ?? 'null') as T;

const reporting = (file: string) => ({ args: ['--reporter=./reporters/benchmark.ts,json'], env: { PLAYWRIGHT_JSON_OUTPUT_FILE: file } });

test('a step\'s reply: its one action and its reasoning on one line; none, two, or one the task does not offer: why, to quote when re-asking', () => {
  const offered: ActionName[] = ['click', 'fill', 'send_msg_to_user'];
  assert.deepEqual(readStepReply('Reasoning: the link\nis there.\nAction: click("e12")', offered), { action: 'click("e12")', reasoning: 'the link is there.' });
  assert.deepEqual(readStepReply('I would look around first.', offered), { error: 'no action call in the reply' });
  assert.deepEqual(readStepReply('Action: click("e1") click("e2")', offered), { error: 'one action per step, not 2 (click("e1"), click("e2"))' });
  assert.deepEqual(readStepReply('Action: click("e1', offered), { error: 'unterminated string' });
  // A form's action in an episode: re-asked, not run.
  assert.deepEqual(readStepReply('Action: modify_text("name", "Ana")', offered), { error: 'modify_text is not an action of this task (its actions: click, fill, send_msg_to_user)' });
});

let notes: NotesSite;
before(async () => (notes = await NotesSite.start()));
after(() => notes.close());

test('a model that plays each instance\'s solution by the refs of the tree it is shown takes every bookshop goal task to 1.000', async () => {
  const model = solutionReply(goalSolutions(taskFilesIn(BOOKSHOP)));
  const fake = await FakeOpenAI.start((r) => ({ content: model(r) }));
  try {
    const run = await runLlm('gpt4o', fake, { BENCHWRIGHT_TASKS: BOOKSHOP }, ['--workers=2']);
    assert.equal(run.code, 0, run.output);
    const { instances } = latestResults(run.dir);
    assert.equal(instances.length, 12, describe(instances));
    // Every instance ends on an answer: the price tasks' own, the others' "Done." once the solution is played.
    assert.ok(instances.every((i) => i.outcome === 'scored' && i.score === 1 && i.episode?.end === 'answered'), describe(instances));
    // One call per step, each the model's: nothing answered from a cache, every action by ref.
    assert.ok(instances.every((i) => i.usage!.calls === i.episode!.steps && i.usage!.cached === 0), describe(instances));
    const actions = fake.requests.map((r) => readStepReply(model(r)));
    assert.ok(actions.every((a) => 'action' in a && /^(click|fill)\("(f\d+)?e\d+"|^send_msg_to_user\(/.test(a.action)), describe(actions));
    assert.ok(fake.requests.every((r) => r.body.model === 'gpt-4o' && r.headers.authorization === `Bearer ${KEY}`));
    // The prompt shows the page as the model needs it, and none of the harness's plumbing.
    const prompts = fake.requests.map((r) => textOf(r.body.messages[1]!.content));
    assert.ok(prompts.every((p) => !p.includes('benchwright-') && !/127\.0\.0\.1:\d+/.test(p)), prompts.find((p) => p.includes('benchwright-')));
    assert.ok(prompts.some((p) => p.includes('Page: /task/bookshop-order/kindred-3/book.html?id=kindred\n')), 'a path on the task server');
  } finally {
    await fake.close();
  }
});

test('the stateful-site tasks (a login, data changed and checked on other pages) reach 1.000; a model that waits once done ends on repeated actions, still scored', async () => {
  const model = solutionReply(goalSolutions(taskFilesIn(SITE_TASKS)), { whenDone: 'noop' });
  const fake = await FakeOpenAI.start((r) => ({ content: model(r) }));
  try {
    // One worker: the site is reset before each instance.
    const run = await runLlm('gpt4o', fake, { BENCHWRIGHT_TASKS: join(SITE_TASKS, 'tasks.yaml'), BENCHWRIGHT_NOTES_URL: notes.url }, ['--workers=1']);
    assert.equal(run.code, 0, run.output);
    const { instances } = latestResults(run.dir);
    assert.equal(instances.length, 9, describe(instances));
    assert.ok(instances.every((i) => i.outcome === 'scored' && i.score === 1 && i.episode?.end === 'repeated action'), describe(instances));
    // The solution (4 or 7 steps), then noop until the third on an unchanged page.
    const solutionSteps: Record<string, number> = { 'notes-open': 4, 'notes-add': 7, 'notes-rename': 7 };
    assert.ok(instances.every((i) => i.episode!.steps >= solutionSteps[i.task]! + 3), describe(instances));
    // The password box is found by its label (the solution names it by CSS), and signing in worked.
    assert.ok(fake.requests.some((r) => /fill\("(f\d+)?e\d+", "wonderland"\)/.test(textOf(r.body.messages[1]!.content))));
  } finally {
    await fake.close();
  }
});

test('a rerun from the reply cache sends 0 requests and replays the same trajectories and scores; wall times of the cached rerun and of the oracle', async () => {
  const files = taskFilesIn(BOOKSHOP);
  const tasks = manifestOf(files);
  const model = solutionReply(goalSolutions(files));
  const fake = await FakeOpenAI.start((r) => ({ content: model(r) }));
  try {
    // Two workers, each run sharing out the instances as it likes: every episode starts on a fresh
    // page (its refs numbered from e1) and every tree is taken once the page has settled.
    const env = { BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_LLM_CACHE: join(tempDir(), 'replies') };
    const firstReport = join(tempDir(), 'report.json');
    const firstStarted = performance.now();
    const first = await runLlm('gpt4o', fake, { ...env, ...reporting(firstReport).env }, ['--workers=2', ...reporting(firstReport).args]);
    const firstMs = performance.now() - firstStarted;
    assert.equal(first.code, 0, first.output);
    const asked = fake.requests.length;
    assert.ok(asked >= 12 * 2, `${asked} requests`);

    const secondReport = join(tempDir(), 'report.json');
    const started = performance.now();
    const second = await runLlm('gpt4o', fake, { ...env, ...reporting(secondReport).env }, ['--workers=2', ...reporting(secondReport).args]);
    const cachedMs = performance.now() - started;
    assert.equal(second.code, 0, second.output);
    assert.equal(fake.requests.length, asked, `the rerun sent ${fake.requests.length - asked} requests:\n${fake.requests.slice(asked).map((r) => textOf(r.body.messages[1]!.content)).join('\n-----\n')}`);
    assert.match(second.stdout, new RegExp(`gpt4o: ${asked} of ${asked} calls answered from the reply cache`));

    const [before, afterwards] = [latestResults(first.dir), latestResults(second.dir)];
    const outcome = (r: BenchmarkResults) => r.instances.map((i) => [i.task, i.instance, i.outcome, i.score, comparable(i.episode)]);
    assert.equal(before.instances.length, 12);
    assert.ok(before.instances.every((i) => i.score === 1), describe(before.instances));
    assert.deepEqual(outcome(afterwards), outcome(before));
    assert.ok(afterwards.instances.every((i) => i.usage!.cached === i.usage!.calls && i.usage!.calls > 0), describe(afterwards.instances));
    const [was, is] = [trajectories(firstReport), trajectories(secondReport)];
    assert.equal(was.size, 12);
    assert.deepEqual([...is.keys()].sort(), [...was.keys()].sort());
    // The rerun's steps say their replies came from the cache; all else is the same.
    const fromCache = (t: Trajectory) => ({ ...t, steps: t.steps.map((step) => ({ ...step, usage: { ...step.usage!, cached: step.usage!.cached - step.usage!.calls } })) });
    for (const [goal, trajectory] of was) assert.deepEqual(comparable(fromCache(is.get(goal)!)), comparable(trajectory), goal);

    const oracleStarted = performance.now();
    const oracle = await runPlaywrightAsync(['test', '--project=oracle', '--workers=2'], { BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_ALLURE: 'off' });
    const oracleMs = performance.now() - oracleStarted;
    assert.equal(oracle.code, 0, oracle.output);
    assert.deepEqual(latestResults(oracle.dir).instances.map((i) => [i.task, i.instance, i.score]), before.instances.map((i) => [i.task, i.instance, 1]));
    const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`wall time of the 12 bookshop episodes with 2 workers: gpt4o from the reply cache ${seconds(cachedMs)}, oracle ${seconds(oracleMs)}; gpt4o asking a local server that answers at once ${seconds(firstMs)} (${asked} calls)`);
  } finally {
    await fake.close();
  }
});

test('faults on episodes (429, 500, a hang, malformed JSON, a truncated reply, no action): every episode ends, scored, or, its model\'s service failing on every attempt, errored as the infrastructure\'s; no fault is cached', async () => {
  const solutions = goalSolutions(taskFilesIn(BOOKSHOP));
  const healthy = solutionReply(solutions);
  const goalOf = (words: string) => [...solutions.keys()].find((g) => g.includes(words))!;
  // Per instance (known by its goal), the step whose call fails and how (`always`: that step
  // and every one after it). The SDK retries 429, 500 and a timed-out call once (maxRetries 1).
  const plan = new Map<string, { name: string; step: number; always?: true; fault: (asked: number, request: SeenRequest) => Answer }>([
    [goalOf('Frank Herbert'), { name: 'herbert', step: 0, fault: (n, r) => (n === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { content: healthy(r) }) }],
    [goalOf('Octavia E. Butler'), { name: 'butler', step: 1, fault: (n, r) => (n === 0 ? { status: 500 } : { content: healthy(r) }) }],
    [goalOf('copies of "Dune"'), { name: 'dune-2', step: 1, fault: () => ({ hang: true }) }],
    [goalOf('copies of "Ubik"'), { name: 'ubik-1', step: 0, fault: () => ({ malformed: true }) }],
    // Cut short when first asked; whole when re-asked quoting the problem.
    [goalOf('book "Emma" cost'), { name: 'emma', step: 1, fault: (_, r) => ({ content: r.body.messages.some((m) => m.role === 'assistant') ? healthy(r) : healthy(r).slice(0, -4) }) }],
    [goalOf('copies of "Kindred"'), { name: 'kindred-3', step: 0, always: true, fault: () => ({ content: 'I would rather look around the shop first.' }) }],
  ]);
  const asked = new Map<string, number>();
  /** Per request (its cache key), whether it got a reply the agent can use. */
  const answered: { key: string; usable: boolean }[] = [];
  const keyOf = (r: SeenRequest) => ReplyCache.key({ model: r.body.model, messages: r.body.messages, temperature: r.body.temperature, max_tokens: r.body.max_tokens });
  const fake = await FakeOpenAI.start((request) => {
    const prompt = readStepPrompt(request)!;
    const planned = plan.get(prompt.goal);
    const faulty = planned && (prompt.earlier === planned.step || (planned.always && prompt.earlier > planned.step));
    let answer: Answer = { content: healthy(request) };
    if (faulty) {
      const step = `${planned.name} step ${prompt.earlier + 1}`;
      const n = asked.get(step) ?? 0;
      asked.set(step, n + 1);
      answer = planned.fault(n, request);
    }
    answered.push({ key: keyOf(request), usable: 'content' in answer && 'action' in readStepReply(answer.content) });
    return answer;
  });
  const cache = join(tempDir(), 'replies');
  try {
    const run = await runLlm('gpt4o', fake, { BENCHWRIGHT_TASKS: BOOKSHOP, BENCHWRIGHT_LLM_CACHE: cache, BENCHWRIGHT_LLM_OPTIONS: JSON.stringify({ timeout: 1500, maxRetries: 1 }) }, ['--workers=2']);
    // The one whose service failed on every attempt fails its test.
    assert.equal(run.code, 1, run.output);
    const { instances } = latestResults(run.dir);
    assert.equal(instances.length, 12, 'none lost');
    const serviceFailed = ['dune-2'];
    assert.ok(instances.filter((i) => !serviceFailed.includes(i.instance)).every((i) => i.outcome === 'scored' && i.episode?.end), describe(instances));
    const row = (id: string) => byInstance(latestResults(run.dir)).get(id)!;
    const ending = (id: string) => [row(id).episode!.end, row(id).episode!.steps, row(id).score];
    // Retried by the SDK, then answered: the episode goes on as if nothing happened.
    assert.deepEqual(ending('bookshop-author/herbert'), ['answered', 2, 1]);
    assert.deepEqual(ending('bookshop-author/butler'), ['answered', 3, 1]);
    // Re-asked once, quoting the parse error, then played on.
    assert.deepEqual(ending('bookshop-price/emma'), ['answered', 2, 1]);
    assert.equal(row('bookshop-price/emma').usage!.calls, 3);
    const reprompt = fake.requests.find((r) => readStepPrompt(r)!.goal === goalOf('book "Emma" cost') && r.body.messages.length === 4);
    assert.ok(reprompt, 'the truncated reply was re-asked');
    assert.match(textOf(reprompt.body.messages[3]!.content), /^Your answer could not be used: .+\nAnswer again/);
    // Timed out after the SDK's retries: the model's service, not the agent; run three times, each
    // attempt's reason kept, then errored as the infrastructure's (not scored: no mean counts it).
    assert.equal(row('bookshop-order/dune-2').outcome, 'errored');
    assert.equal(row('bookshop-order/dune-2').score, null);
    assert.match(row('bookshop-order/dune-2').infrastructure!, /^the agent's service failed: the model call failed: .*timed out/i);
    assert.equal(row('bookshop-order/dune-2').infrastructureRetries!.length, 2);
    // A reply that is not JSON came from a service that answered: the agent's failure, scored as the page stands, once.
    assert.deepEqual(ending('bookshop-order/ubik-1'), ['agent failed', 0, 0]);
    assert.match(row('bookshop-order/ubik-1').episode!.failure!, /^the model call failed: .*JSON/i);
    assert.equal(row('bookshop-order/ubik-1').infrastructureRetries, undefined);
    // Never an action: three steps of three replies each (two re-asks), then the episode stops.
    assert.deepEqual(ending('bookshop-order/kindred-3'), ['no usable action', 3, 0]);
    assert.equal(row('bookshop-order/kindred-3').usage!.calls, 9);
    const reasked = fake.requests.filter((r) => readStepPrompt(r)!.goal === goalOf('copies of "Kindred"') && r.body.messages.length === 6);
    assert.equal(reasked.length, 3);
    assert.match(textOf(reasked[0]!.body.messages[5]!.content), /^Your answer could not be used: no action call in the reply\n/);
    // The next step is told why the last one had no action.
    assert.match(readStepPrompt(reasked[1]!)!.lastError ?? '', /^no usable action: no usable action after 3 replies: no action call in the reply$/);
    // The instances without a fault: solved.
    const faulted = ['bookshop-author/herbert', 'bookshop-author/butler', 'bookshop-price/emma', 'bookshop-order/dune-2', 'bookshop-order/ubik-1', 'bookshop-order/kindred-3'];
    const untouched = instances.filter((i) => !faulted.includes(`${i.task}/${i.instance}`));
    assert.equal(untouched.length, 6);
    assert.ok(untouched.every((i) => i.score === 1 && i.episode!.end === 'answered'), describe(untouched));
    // Requests per faulty step: the 429, the 500 twice (the SDK retried once), the hang twice on
    // each of three attempts, the malformed reply once (the SDK does not retry it), the
    // truncated one and its re-ask, three replies per step without an action.
    assert.deepEqual(Object.fromEntries(asked), {
      'herbert step 1': 2, 'butler step 2': 2, 'dune-2 step 2': 6, 'ubik-1 step 1': 1, 'emma step 2': 2,
      'kindred-3 step 1': 3, 'kindred-3 step 2': 3, 'kindred-3 step 3': 3,
    });

    // The cache holds exactly the prompts answered with a usable reply: none that only a fault answered.
    const usable = new Set(answered.filter((a) => a.usable).map((a) => a.key));
    const faults = new Set(answered.filter((a) => !usable.has(a.key)).map((a) => a.key));
    // The hang, the malformed reply, the truncated first ask, and kindred-3's nine replies without an action.
    assert.equal(faults.size, 1 + 1 + 1 + 9);
    const inCache = new Set(readdirSync(cache, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name.replace(/\.json$/, '')));
    assert.deepEqual([...faults].filter((k) => inCache.has(k)), [], 'no fault cached');
    assert.deepEqual([...usable].filter((k) => !inCache.has(k)), [], 'every usable reply cached');
    assert.equal(inCache.size, usable.size);
    for (const key of inCache) {
      const { reply } = JSON.parse(readFileSync(join(cache, key.slice(0, 2), `${key}.json`), 'utf8')) as { reply: string };
      assert.ok('action' in readStepReply(reply), reply);
    }
  } finally {
    await fake.close();
  }
});

/**
 * A stand-in model for form tasks run as episodes: it knows no field's name, only the tree.
 * It checks the first radio button, then the first checkbox, types into the first text box,
 * and says it is done.
 */
function firstRefsReply(request: SeenRequest): string {
  const prompt = readStepPrompt(request)!;
  const elements = treeElements(prompt.tree);
  const plan = [
    ...['radio', 'checkbox'].flatMap((role) => elements.filter((e) => e.role === role).slice(0, 1).map((e) => `check("${e.ref}")`)),
    ...elements.filter((e) => e.role === 'textbox').slice(0, 1).map((e) => `fill("${e.ref}", "good")`),
  ];
  return `Reasoning: one more field.\nAction: ${plan[prompt.earlier] ?? 'send_msg_to_user("Done.")'}`;
}

test('open-ended: the bundled form tasks run as episodes (gpt4o-open), every instance completes and is scored by fields', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: firstRefsReply(r) }));
  try {
    const run = await runLlm('gpt4o-open', fake, { BENCHWRIGHT_TASKS: FORM_TASKS }, ['--workers=2']);
    assert.equal(run.code, 0, run.output);
    const { instances, fields, evaluations } = latestResults(run.dir);
    assert.equal(instances.length, 10, describe(instances));
    assert.ok(instances.every((i) => i.outcome === 'scored' && i.episode?.end === 'answered' && i.score! >= 0 && i.score! <= 1), describe(instances));
    // Every instance scored by its fields, and by nothing else.
    for (const i of instances) assert.ok(fields.some((f) => f.task === i.task && f.instance === i.instance), `${i.task}/${i.instance} has field records`);
    const inRange = (score: number | null) => score === null || (score >= 0 && score <= 1);
    assert.ok(fields.every((f) => inRange(f.score)) && fields.some((f) => f.score !== null), describe(fields.filter((f) => !inRange(f.score))));
    assert.deepEqual([...new Set(evaluations.map((e) => e.evaluator))], ['fields']);
    // The goal is the task's words, its title and description: no field is named to the model.
    const words = loadBenchmark(FORM_TASKS).tasks.map((summary) => loadTaskFile(summary.file).task!).map((t) => `${t.title}\n${t.description}`);
    assert.deepEqual([...new Set(fake.requests.map((r) => readStepPrompt(r)!.goal))].sort(), words.sort());
    assert.ok(fake.requests.every((r) => !textOf(r.body.messages[1]!.content).includes('Field: ')));
    // What the model did by ref reached the page: the first radio, the first checkbox and the text box of each review.
    const review = fields.filter((f) => f.task === 'review-sentiment');
    const predicted = (field: string) => [...new Set(review.filter((f) => f.field === field).map((f) => JSON.stringify(f.prediction)))];
    assert.deepEqual([predicted('sentiment'), predicted('aspects'), predicted('reason')], [['"positive"'], ['["price"]'], ['"good"']], describe(review));
  } finally {
    await fake.close();
  }
});
