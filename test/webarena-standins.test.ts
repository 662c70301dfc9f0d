// WebArena end to end without its deployments: configurations in WebArena's own format
// (test/fixtures/webarena-standins), imported, then run against stand-ins of its forum and
// shop (test/sites/) with their logins, a reset, the helpers and the local judge.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { importWebArena } from '../src/benchmarks/webarena/import.ts';
import { readResults } from '../src/runs/results-file.ts';
import { FakeOpenAI, textOf } from './fake-openai.ts';
import { ROOT, runCli, runPlaywrightAsync, tempDir } from './helpers.ts';
import { FORUM_USER, ForumSite } from './sites/forum-site.ts';
import { SHOP_ADMIN, SHOP_CUSTOMER, ShopSite } from './sites/shop-site.ts';

const CONFIGS = join(ROOT, 'test', 'fixtures', 'webarena-standins', 'test.raw.json');
let forum: ForumSite;
let shop: ShopSite;
let judge: FakeOpenAI;
let env: Record<string, string>;

before(async () => {
  [forum, shop] = await Promise.all([ForumSite.start(), ShopSite.start()]);
  // WebArena's judge, read as WebArena reads it: correct when the student's answer holds the reference.
  judge = await FakeOpenAI.start((request) => {
    const prompt = textOf(request.body.messages.at(-1)!.content);
    const [reference, student] = ['reference answer', 'student answer'].map((label) => new RegExp(`${label}: (.*)`).exec(prompt)?.[1]?.toLowerCase() ?? '');
    return { content: student!.includes(reference!) ? 'correct' : 'incorrect' };
  });
  const out = tempDir();
  const imported = importWebArena(CONFIGS, out);
  assert.deepEqual(imported.tasks.filter((t) => t.error), []);
  env = {
    BENCHWRIGHT_TASKS: join(out, 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_LLM_CACHE: tempDir(),
    OPENAI_BASE_URL: judge.url, OPENAI_API_KEY: 'local',
    REDDIT: forum.url, SHOPPING: shop.url, SHOPPING_ADMIN: `${shop.url}/admin`, REDDIT_RESET: `${forum.url}/reset`,
    REDDIT_USERNAME: FORUM_USER.name, REDDIT_PASSWORD: FORUM_USER.password, SHOPPING_USERNAME: SHOP_CUSTOMER.email, SHOPPING_PASSWORD: SHOP_CUSTOMER.password,
    SHOPPING_ADMIN_USERNAME: SHOP_ADMIN.name, SHOPPING_ADMIN_PASSWORD: SHOP_ADMIN.password,
  };
});
after(() => Promise.all([forum.close(), shop.close(), judge.close()]));

const scores = (dir: string) => Object.fromEntries(readResults(join(dir, 'benchwright-report', 'latest', 'results.json')).instances.map((i) => [i.instance, i.score ?? i.error ?? i.outcome]));

test('the stand-in configurations: the oracle reaches 1.000 on all 14, do-nothing 0; one login per site, the reset before the task that requires it', async () => {
  const oracle = await runPlaywrightAsync(['test', '--project=oracle', '--workers=1'], env);
  assert.equal(oracle.code, 0, oracle.output);
  const ids = Array.from({ length: 14 }, (_, i) => String(9001 + i));
  assert.deepEqual(scores(oracle.dir), Object.fromEntries(ids.map((id) => [id, 1])));
  assert.deepEqual(forum.logins, [true], 'the forum is logged in to once, by the sites project');
  assert.equal(forum.resets, 1, 'reset once, before the one task that requires it');
  // The fuzzy answer was judged by the local model; the N/A answer and the exact ones needed no call.
  assert.equal(judge.requests.length, 1);

  // results.json keeps task_id, the answer, the final URL and each evaluator's record; the tables have WebArena's success by site.
  const results = readResults(join(oracle.dir, 'benchwright-report', 'latest', 'results.json'));
  const row = (id: string) => results.instances.find((i) => i.instance === id)!;
  assert.deepEqual([row('9001').sites, row('9001').episode?.answer, row('9004').episode?.finalUrl], [['reddit'], '3', `${forum.url}/f/books`]);
  assert.deepEqual(results.evaluations.filter((e) => e.instance === '9013').map((e) => [e.evaluator, e.score, (e.got as { url: string }[])[0]!.url]), [['html', 1, `${shop.url}/sales/order/view/order_id/188/`]]);
  // Two tabs opened at the start, the first in front: the oracle's tab_focus(1) ends on the second.
  assert.equal(row('9014').episode?.finalUrl, `${shop.url}/catalog/product/view/id/3/`);
  const summary = readFileSync(join(oracle.dir, 'benchwright-report', 'latest', 'summary.md'), 'utf8');
  assert.match(summary, /## Goal tasks by site\n\n\| project \| site \| episodes \| success \|\n.*\n\| oracle \| reddit \| 7 \| 1\.000 \|\n\| oracle \| shopping \| 3 \| 1\.000 \|\n\| oracle \| shopping\\_admin \| 4 \| 1\.000 \|/);

  // WebArena's result folder, as its scripts read it.
  const exported = runCli(['export', join(oracle.dir, 'benchwright-report', 'latest'), '--format', 'webarena', '--out', join(oracle.dir, 'wa')]);
  assert.equal(exported.code, 0, exported.stderr);
  const folder = join(oracle.dir, 'wa', 'oracle');
  const log = readFileSync(readFileSync(join(folder, 'log_files.txt'), 'utf8').trim(), 'utf8').split('\n');
  assert.match(log[0]!, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,000 - INFO - \[Config file\]: config_files\/9001\.json$/);
  assert.match(log[1]!, /- INFO - \[Intent\]: How many comments does the post titled "Favourite Le Guin novel\?" have\?$/);
  assert.match(log[2]!, /- INFO - \[Result\] \(PASS\) config_files\/9001\.json$/);
  assert.match(log.at(-2)!, /- INFO - Average score: 1$/);
  assert.deepEqual(JSON.parse(readFileSync(join(folder, 'scores.json'), 'utf8')), Object.fromEntries(ids.map((id) => [id, 1])));
  assert.match(readFileSync(join(folder, 'render_9013.html'), 'utf8'), /final URL: http:\/\/127\.0\.0\.1:\d+\/sales\/order\/view\/order_id\/188\//);

  for (const site of [forum.url, shop.url]) await fetch(`${site}/reset`, { method: 'POST' });
  const nothing = await runPlaywrightAsync(['test', '--project=do-nothing', '--workers=1'], env);
  assert.equal(nothing.code, 0, nothing.output);
  // No answer is no claim that the task cannot be done: the N/A task scores 0 too.
  assert.deepEqual(scores(nothing.dir), Object.fromEntries(ids.map((id) => [id, 0])));
});

test('a refused login skips the tasks that need it with the page\'s message, once; the site\'s other tasks run', async () => {
  const before = forum.logins.length;
  const run = await runPlaywrightAsync(['test', '--project=oracle', '--workers=1', '--grep', '@webarena-90[1-5]'], { ...env, REDDIT_PASSWORD: 'guess' });
  assert.equal(run.code, 0, run.output);
  assert.deepEqual(forum.logins.slice(before), [false]);
  const reason = 'logging in to site "reddit" failed: Invalid credentials.';
  assert.deepEqual(scores(run.dir), { 9001: reason, 9002: reason, 9003: reason, 9004: 1, 9005: 1, 9006: reason, 9007: reason });
});
