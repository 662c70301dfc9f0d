import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import AdmZip from 'adm-zip';
import type { FieldRow } from '../src/record/results.ts';
import { FakeOpenAI, firstOptionReply, goalSolutions, readStepPrompt, solutionReply, textOf, type Answer, type SeenRequest } from './fake-openai.ts';
import { latestResults, ROOT, runCli, runPlaywright, tempDir } from './helpers.ts';

// LLM projects end to end: the real openai SDK in Playwright's workers, a local
// OpenAI-compatible server started here, the bundled tasks.

const KEY = `sk-test-${Math.random().toString(36).slice(2)}-do-not-leak`;
const INSTANCES = 10;

const runLlm = (project: string, fake: FakeOpenAI, env: Record<string, string> = {}, args: string[] = []) => fake.run(project, KEY, env, args);

test('without OPENAI_API_KEY or OPENAI_BASE_URL the LLM project is skipped with one reason; the others run', () => {
  const run = runPlaywright(['test', '--project=gpt4', '--project=do-nothing'], { OPENAI_API_KEY: '', OPENAI_BASE_URL: '', BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  assert.match(run.stdout, new RegExp(`${INSTANCES} skipped`));
  assert.match(run.stdout, new RegExp(`^gpt4: ${INSTANCES} instances did not run: LLM agents need OPENAI_API_KEY \\(OpenAI\\) or OPENAI_BASE_URL`, 'm'));
  assert.match(run.stdout, /^do-nothing\s+do-nothing\s+0\.075/m);
});

test('gpt4 against a local server: every instance scored, tokens and cost reported; run again: 0 requests, same scores', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r) }));
  try {
    const cache = join(tempDir(), 'replies');
    const first = await runLlm('gpt4', fake, { BENCHWRIGHT_LLM_CACHE: cache });
    assert.equal(first.code, 0, first.output);
    const asked = fake.requests.length;
    assert.ok(asked >= 52, `${asked} requests`);
    assert.ok(fake.requests.every((r) => r.body.model === 'gpt-4' && r.headers.authorization === `Bearer ${KEY}`));
    const before = latestResults(first.dir);
    assert.equal(before.instances.filter((i) => i.outcome === 'scored').length, INSTANCES);
    assert.ok(before.instances.every((i) => i.usage && i.usage.calls > 0 && i.usage.promptTokens > 0 && i.usage.cost! > 0));
    assert.match(first.stdout, /^project\s+.*\bcalls\s+tokens in\s+tokens out\s+cost \$$/m);
    assert.match(first.stdout, /^gpt4\s+4\s+10\s+52\s+0\s+\d+\s+\d+\s+\d+\s+\d+\.\d{4}$/m);
    // An action the page refuses is kept with the field: the stand-in model types a word into a number input.
    const guests = before.fields.filter((f) => f.field === 'guests');
    assert.ok(guests.length === 2 && guests.every((f) => /^modify_text\("guests", "good"\): "good" is not a valid value/.test(f.usage?.error ?? '')), JSON.stringify(guests));

    const second = await runLlm('gpt4', fake, { BENCHWRIGHT_LLM_CACHE: cache });
    assert.equal(second.code, 0, second.output);
    assert.equal(fake.requests.length, asked, 'the second run sent no request');
    const after = latestResults(second.dir);
    assert.deepEqual(after.fields.map((f) => [f.field, f.prediction, f.score]), before.fields.map((f) => [f.field, f.prediction, f.score]));
    assert.match(second.stdout, /gpt4: (\d+) of \1 calls answered from the reply cache/);
  } finally {
    await fake.close();
  }
});

test('a page that shuffles its options with Math.random and shows the time: a rerun sends 0 requests and scores the same; another seed, other pages', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r) }));
  try {
    const env = { BENCHWRIGHT_LLM_CACHE: join(tempDir(), 'replies'), BENCHWRIGHT_TASKS: join(ROOT, 'test', 'fixtures', 'shuffled-options', 'task.yaml') };
    const first = await runLlm('gpt4', fake, env);
    assert.equal(first.code, 0, first.output);
    const asked = fake.requests.length;
    assert.equal(asked, 6, 'two fields of three instances');
    const pages = fake.requests.map((r) => textOf(r.body.messages.at(-1)!.content));
    assert.ok(pages.every((p) => p.includes('Asked at <span id="today">2024-06-03T09:00:00.000Z</span>')), 'the pinned start, to the millisecond');
    // The stand-in model picks the first option the page shows: the shuffle decides the answer.
    const shown = new Set(fake.requests.filter((r) => r.field === 'colour').map((r) => firstOptionReply(r)));
    assert.ok(shown.size > 1, `the pages were shuffled: ${[...shown].join(', ')}`);
    const scores = (dir: string) => latestResults(dir).fields.map((f) => [f.instance, f.field, f.prediction, f.score]);

    const second = await runLlm('gpt4', fake, env);
    assert.equal(second.code, 0, second.output);
    assert.equal(fake.requests.length, asked, 'the rerun sent no request');
    assert.deepEqual(scores(second.dir), scores(first.dir));

    const reseeded = await runLlm('gpt4', fake, { ...env, BENCHWRIGHT_SEED: '2' });
    assert.equal(reseeded.code, 0, reseeded.output);
    assert.ok(fake.requests.length > asked, 'another seed shuffles the pages otherwise: new prompts');
  } finally {
    await fake.close();
  }
});

test('injected faults: 429 and 500 are retried, a hang times out, malformed JSON fails, a truncated reply is re-prompted, a chatty one parsed; no instance lost', async () => {
  const plan: Record<string, (previous: number, request: SeenRequest) => Answer> = {
    sentiment: (n, r) => (n === 0 ? { status: 429, headers: { 'retry-after': '1' } } : { content: firstOptionReply(r) }),
    aspects: (n, r) => (n === 0 ? { status: 500 } : { content: firstOptionReply(r) }),
    confidence: () => ({ hang: true }),
    reason: () => ({ malformed: true }),
    // Cut short on every first ask; whole when re-prompted.
    guests: (_, r) => ({ content: r.body.messages.some((m) => m.role === 'assistant') ? 'modify_text("guests", "4")' : 'modify_text("guests", "4' }),
    contact_email: () => ({ content: 'Looking at the form, the guest gave an address.\nI would answer modify_text("contact_email", "ana@example.org") since it fits.' }),
  };
  const fake = await FakeOpenAI.start((r, n) => plan[r.field]?.(n, r) ?? { content: firstOptionReply(r) });
  try {
    const run = await runLlm('gpt4', fake, { BENCHWRIGHT_LLM_OPTIONS: JSON.stringify({ timeout: 1500, maxRetries: 1 }) });
    assert.equal(run.code, 0, run.output);
    const { instances, fields } = latestResults(run.dir);
    assert.deepEqual(instances.map((i) => i.outcome), new Array(INSTANCES).fill('scored'), 'no instance lost');
    const of = (name: string) => fields.filter((f) => f.field === name) as (FieldRow & { usage: NonNullable<FieldRow['usage']> })[];
    const byField = (name: string) => fake.requests.filter((r) => r.field === name);
    // Retried by the SDK, then answered.
    for (const name of ['sentiment', 'aspects']) {
      assert.ok(of(name).every((f) => f.usage.error === undefined && f.prediction !== ''), JSON.stringify(of(name)));
      assert.equal(byField(name).length, 3 + 1, `${name}: one fault, then one request per instance`);
    }
    // Gave up, with the reason, and the field left as it was.
    assert.ok(of('confidence').every((f) => /timed out/i.test(f.usage.error ?? '')), JSON.stringify(of('confidence').map((f) => f.usage)));
    assert.ok(of('reason').every((f) => f.usage.error !== undefined), JSON.stringify(of('reason').map((f) => f.usage)));
    // Re-prompted once, quoting the parse error.
    assert.ok(of('guests').every((f) => f.usage.calls === 2 && f.prediction === '4'), JSON.stringify(of('guests')));
    const reprompt = byField('guests').find((r) => r.body.messages.length > 2 && r.body.messages.at(-2)?.role === 'assistant');
    assert.ok(reprompt, 'a re-prompt with the reply and the error');
    assert.match(textOf(reprompt.body.messages.at(-1)!.content), /^Your answer could not be used: .+/);
    // The action buried in prose is found.
    assert.ok(of('contact_email').every((f) => f.prediction === 'ana@example.org'), JSON.stringify(of('contact_email')));
  } finally {
    await fake.close();
  }
});

test('a model that types into every field: its wrong-kind actions are the fields\' errors, every instance is scored', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: `modify_text(${JSON.stringify(r.field)}, "good")` }));
  try {
    const run = await runLlm('gpt4', fake);
    assert.equal(run.code, 0, run.output);
    const { instances, fields } = latestResults(run.dir);
    assert.deepEqual(instances.map((i) => i.outcome), new Array(INSTANCES).fill('scored'));
    const sentiment = fields.filter((f) => f.field === 'sentiment');
    assert.ok(sentiment.length > 0 && sentiment.every((f) => f.usage?.error === 'modify_text("sentiment", "good"): field "sentiment" is a radio: modify_text cannot fill it (use modify_radio)'), JSON.stringify(sentiment.map((f) => f.usage)));
    const wrongKind = fields.filter((f) => /cannot fill it/.test(f.usage?.error ?? '')).map((f) => f.type);
    assert.deepEqual([...new Set(wrongKind)].sort(), ['checkbox', 'radio', 'select']);
  } finally {
    await fake.close();
  }
});

test('an instance that runs out of time keeps its agent log and the usage of the calls it paid for', async () => {
  // One call at a time, each answered after 0.6 s: booking-request's 12 fields need over 7 s,
  // more than the 6 s it gets; a loaded machine still leaves it time for two calls.
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r), delayMs: 600 }));
  try {
    const report = join(tempDir(), 'report.json');
    const run = await runLlm('gpt4', fake, { BENCHWRIGHT_LLM_OPTIONS: JSON.stringify({ concurrency: 1 }), PLAYWRIGHT_JSON_OUTPUT_FILE: report },
      ['--grep', '@booking-request', '--timeout=6000', '--reporter=./reporters/benchmark.ts,json']);
    assert.equal(run.code, 1, run.output);
    const { instances } = latestResults(run.dir);
    assert.ok(instances.length > 0 && instances.every((i) => i.outcome === 'errored' && /timeout/i.test(i.error ?? '')), JSON.stringify(instances));
    for (const i of instances) assert.ok(i.usage && i.usage.calls >= 2 && i.usage.cost! > 0, JSON.stringify(i));
    // Playwright's own report of the run: every timed-out test carries the agent's log.
    const attached = (JSON.stringify(JSON.parse(readFileSync(report, 'utf8'))).match(/"name":"agent-log\.json"/g) ?? []).length;
    assert.equal(attached, instances.length);
  } finally {
    await fake.close();
  }
});

test('--repeat-each=2: one row an instance, whose calls and cost count both of its runs', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r) }));
  try {
    const run = await runLlm('gpt4', fake, { BENCHWRIGHT_LLM_CACHE: 'off' }, ['--grep', 'kettle', '--repeat-each=2']);
    assert.equal(run.code, 0, run.output);
    const { instances } = latestResults(run.dir);
    assert.ok(instances.length > 0 && new Set(instances.map((i) => i.instance)).size === instances.length, JSON.stringify(instances));
    // Each run of an instance asks the same questions: every row holds an even count, and the rows hold every request.
    assert.ok(instances.every((i) => i.usage && i.usage.calls > 0 && i.usage.calls % 2 === 0 && i.usage.runs === 2), JSON.stringify(instances));
    assert.equal(instances.reduce((n, i) => n + i.usage!.calls, 0), fake.requests.length);
  } finally {
    await fake.close();
  }
});

test('gpt4v sends a screenshot as an image part; gpt4-relevant sends the relevant HTML and demonstrations from other train tasks', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r) }));
  try {
    const vision = await runLlm('gpt4v', fake, {}, ['--grep', 'kettle']);
    assert.equal(vision.code, 0, vision.output);
    const images = fake.requests.flatMap((r) => r.body.messages.flatMap((m) => (typeof m.content === 'string' ? [] : m.content.filter((p) => p.type === 'image_url'))));
    assert.equal(images.length, fake.requests.length);
    assert.ok(images.every((p) => p.image_url!.url.startsWith('data:image/jpeg;base64,/9j/')));
    const seen = fake.requests.length;

    const relevant = await runLlm('gpt4-relevant', fake, { BENCHWRIGHT_LLM_OPTIONS: JSON.stringify({ demos: 2 }) }, ['--grep', 'kettle']);
    assert.equal(relevant.code, 0, relevant.output);
    const asked = fake.requests.slice(seen);
    const sentiment = asked.find((r) => r.field === 'sentiment')!;
    const question = textOf(sentiment.body.messages.at(-1)!.content);
    assert.ok(question.includes('name="sentiment"') && !question.includes('<head'), 'the HTML around the field, not the page');
    const demos = sentiment.body.messages.filter((m) => m.role === 'assistant').map((m) => textOf(m.content));
    assert.equal(demos.length, 2);
    assert.ok(demos.every((d) => /^modify_\w+\("(?!sentiment|aspects|confidence|reason)/.test(d)), `demonstrations from other tasks: ${demos.join(' | ')}`);
  } finally {
    await fake.close();
  }
});

test('demonstrations come from oracle runs of train instances when there are some (fields made by scripts included), else from the template', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r) }));
  try {
    const demosAsked = async (cacheDir: string) => {
      const seen = fake.requests.length;
      const run = await runLlm('gpt4-relevant', fake, { BENCHWRIGHT_CACHE_DIR: cacheDir, BENCHWRIGHT_LLM_OPTIONS: JSON.stringify({ demos: 7 }) }, ['--grep', 'kettle']);
      assert.equal(run.code, 0, run.output);
      const sentiment = fake.requests.slice(seen).find((r) => r.field === 'sentiment')!;
      return sentiment.body.messages.filter((m) => m.role === 'assistant').map((m) => textOf(m.content));
    };
    // parts-of-speech builds its selects in a script: the template alone cannot show them.
    const fromTemplate = await demosAsked(tempDir());
    assert.ok(!fromTemplate.some((d) => d.startsWith('modify_select("pos')), fromTemplate.join(' | '));

    const cacheDir = tempDir();
    const oracle = runPlaywright(['test', '--project=oracle', '--grep', '@train'], { BENCHWRIGHT_CACHE_DIR: cacheDir, BENCHWRIGHT_ALLURE: 'off' });
    assert.equal(oracle.code, 0, oracle.output);
    const fromOracle = await demosAsked(cacheDir);
    assert.equal(fromOracle.length, 6, fromOracle.join(' | '));
    assert.ok(fromOracle.includes('modify_select("pos1", "adjective")'), fromOracle.join(' | '));
    assert.ok(fromOracle.every((d) => !/"(sentiment|aspects|confidence|reason)"/.test(d)), 'never the task evaluated');
  } finally {
    await fake.close();
  }
});

test('with a server that answers after 1 s, 2 workers keep at least 8 requests in flight', async () => {
  const fake = await FakeOpenAI.start((r) => ({ content: firstOptionReply(r), delayMs: 1000 }));
  try {
    const run = await runLlm('gpt4', fake, { BENCHWRIGHT_LLM_OPTIONS: JSON.stringify({ concurrency: 8 }) }, ['--workers=2']);
    assert.equal(run.code, 0, run.output);
    assert.ok(fake.maxInFlight >= 8, `at most ${fake.maxInFlight} requests in flight`);
  } finally {
    await fake.close();
  }
});

test('the API key appears nowhere in what a run leaves (traces, reports, attachments, results, Allure, export), per field and per episode step', async () => {
  // Forms are asked per field; goal tasks step by step (the model plays the solution by ref).
  const priceTask = join(ROOT, 'tasks', 'goals', 'bookshop', 'price.yaml');
  const playSolution = solutionReply(goalSolutions([priceTask]));
  const fake = await FakeOpenAI.start((r) => ({ content: readStepPrompt(r) ? playSolution(r) : firstOptionReply(r) }));
  try {
    const run = await runLlm('gpt4', fake, { BENCHWRIGHT_ALLURE: 'on' }, ['--trace=on', '--grep', 'review-sentiment']);
    assert.equal(run.code, 0, run.output);
    assert.ok(fake.requests.length > 0 && fake.requests.every((r) => r.headers.authorization === `Bearer ${KEY}`), 'the key was used');
    const scanned = scan(run.dir);
    assert.ok(scanned.files > 20 && scanned.zips > 0, JSON.stringify(scanned));
    assert.deepEqual(scanned.found, []);

    const asked = fake.requests.length;
    const episodes = await runLlm('gpt4o', fake, { BENCHWRIGHT_ALLURE: 'on', BENCHWRIGHT_TASKS: priceTask }, ['--trace=on']);
    assert.equal(episodes.code, 0, episodes.output);
    const steps = fake.requests.slice(asked);
    assert.ok(steps.length >= 6 && steps.every((r) => readStepPrompt(r) && r.headers.authorization === `Bearer ${KEY}`), 'the key was used at every step');
    const { instances } = latestResults(episodes.dir);
    assert.ok(instances.length === 3 && instances.every((i) => i.score === 1 && i.episode?.end === 'answered'), JSON.stringify(instances));
    // The episodes as training data too.
    const exported = runCli(['export', join(episodes.dir, 'benchwright-report', 'latest'), '--format', 'chat']);
    assert.equal(exported.code, 0, exported.stdout + exported.stderr);
    assert.match(exported.stdout, /^[1-9]\d* examples from 3 successful instances/);
    const trail = scan(episodes.dir);
    // Traces (the HTML report's copies), attachments (trajectory.json among them), Allure, the run's JSONL and the export.
    assert.ok(trail.files > 20 && trail.zipEntries.some((n) => /trace\.network$/.test(n)), `${trail.files} files, ${trail.zipEntries.length} entries in zips`);
    assert.ok(['trajectories.jsonl', 'chat.jsonl', 'results.json'].every((f) => trail.names.some((n) => n.endsWith(`/${f}`))), trail.names.join('\n'));
    assert.ok(trail.names.some((n) => n.startsWith('allure-results/')), trail.names.join('\n'));
    assert.deepEqual(trail.found, []);
    // The scan finds the key where it is, also inside a zip.
    const planted = tempDir();
    const zip = new AdmZip();
    zip.addFile('inner/trace.network', Buffer.from(`authorization: Bearer ${KEY}`));
    zip.writeZip(join(planted, 'trace.zip'));
    writeFileSync(join(planted, 'report.html'), `<script>window.playwrightReportBase64 = "data:application/zip;base64,${zip.toBuffer().toString('base64')}";</script>`);
    assert.deepEqual(scan(planted).found.sort(), ['report.html#inner/trace.network', 'trace.zip#inner/trace.network']);
  } finally {
    await fake.close();
  }
});

/** Every file under `dir`, zips opened, and zips embedded base64 in HTML (Playwright's report). */
function scan(dir: string): { files: number; zips: number; found: string[]; names: string[]; zipEntries: string[] } {
  const out = { files: 0, zips: 0, found: [] as string[], names: [] as string[], zipEntries: [] as string[] };
  const inZip = (name: string, bytes: Buffer) => {
    out.zips++;
    for (const entry of new AdmZip(bytes).getEntries()) {
      if (entry.isDirectory) continue;
      out.zipEntries.push(`${name}#${entry.entryName}`);
      if (entry.getData().includes(KEY)) out.found.push(`${name}#${entry.entryName}`);
    }
  };
  const walk = (path: string, name: string) => {
    if (statSync(path).isDirectory()) {
      for (const child of readdirSync(path)) walk(join(path, child), name ? `${name}/${child}` : child);
      return;
    }
    out.files++;
    out.names.push(name);
    const bytes = readFileSync(path);
    if (bytes.includes(KEY)) out.found.push(name);
    if (bytes.subarray(0, 2).toString() === 'PK') inZip(name, bytes);
    for (const [, base64] of bytes.toString('latin1').matchAll(/data:application\/zip;base64,([A-Za-z0-9+/=]+)/g)) inZip(name, Buffer.from(base64!, 'base64'));
  };
  walk(dir, '');
  return out;
}

test('model text is never run as code: no eval, Function or vm where replies are handled', () => {
  // Per field (agents/llm), per step (the episode loop, what it observes) and from agent servers (agents/http).
  const files = ['agents/llm', 'agents/http', 'src/actions', 'src/action-set', 'src/runner', 'src/observe'].flatMap((d) => readdirSync(join(ROOT, d), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)));
  assert.ok(['parse.ts', 'run-step.ts', 'episode.ts', 'transport.ts'].every((name) => files.some((f) => f.endsWith(name))));
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    for (const pattern of [/\beval\s*\(/, /\bnew\s+Function\s*\(/, /\bFunction\s*\(/, /['"](node:)?vm['"]/, /\bsetTimeout\s*\(\s*['"`]/]) {
      assert.doesNotMatch(code, pattern, `${file}: ${pattern}`);
    }
  }
});
