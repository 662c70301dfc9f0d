// WebArena-Verified end to end without its deployments: tasks in its own format
// (test/fixtures/webarena-verified-standins), imported, run against the stand-ins of its forum
// and shop with HAR recording, then evaluated again from what the run kept: offline, by the
// export in the reference's layout, and by `benchwright evaluate webarena-verified`.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { importWebArenaVerified } from '../src/benchmarks/webarena-verified/import.ts';
import { readResults } from '../src/runs/results-file.ts';
import { FakeOpenAI, textOf } from './fake-openai.ts';
import { ROOT, runCli, runPlaywrightAsync, tempDir } from './helpers.ts';
import { FORUM_USER, ForumSite } from './sites/forum-site.ts';
import { SHOP_ADMIN, SHOP_CUSTOMER, ShopSite } from './sites/shop-site.ts';

const DATASET = join(ROOT, 'test', 'fixtures', 'webarena-verified-standins', 'webarena-verified.json');
const IDS = Array.from({ length: 11 }, (_, i) => String(9101 + i));
let forum: ForumSite;
let shop: ShopSite;
let imported: string;
let env: Record<string, string>;

before(async () => {
  [forum, shop] = await Promise.all([ForumSite.start(), ShopSite.start()]);
  imported = tempDir();
  const result = importWebArenaVerified(DATASET, imported);
  assert.deepEqual(result.tasks.filter((t) => t.error), []);
  env = {
    BENCHWRIGHT_TASKS: join(imported, 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off',
    REDDIT: forum.url, SHOPPING: shop.url, SHOPPING_ADMIN: `${shop.url}/admin`,
    REDDIT_USERNAME: FORUM_USER.name, REDDIT_PASSWORD: FORUM_USER.password, SHOPPING_USERNAME: SHOP_CUSTOMER.email, SHOPPING_PASSWORD: SHOP_CUSTOMER.password,
    SHOPPING_ADMIN_USERNAME: SHOP_ADMIN.name, SHOPPING_ADMIN_PASSWORD: SHOP_ADMIN.password,
  };
});
after(() => Promise.all([forum.close(), shop.close()]));

const latest = (dir: string) => join(dir, 'benchwright-report', 'latest');
const scores = (dir: string) => Object.fromEntries(readResults(join(latest(dir), 'results.json')).instances.map((i) => [i.instance, i.score ?? i.error ?? i.outcome]));
const files = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)).map((g) => `${f}/${g}`) : [f]));

test('the stand-in tasks: the oracle reaches 1.000 on all 11, do-nothing 0; each episode\'s HAR kept with the run; the stored run scored again offline alike', async () => {
  const oracle = await runPlaywrightAsync(['test', '--project=oracle', '--workers=1'], env);
  assert.equal(oracle.code, 0, oracle.output);
  assert.deepEqual(scores(oracle.dir), Object.fromEntries(IDS.map((id) => [id, 1])));
  const results = readResults(join(latest(oracle.dir), 'results.json'));
  // Each evaluator's verdict: the answer's, and the network checks' (the review's two: one found, one absent).
  const verdicts = (id: string) => results.evaluations.filter((e) => e.instance === id).map((e) => `${e.evaluator} ${e.score} ${e.recorded?.status}`);
  assert.deepEqual(verdicts('9110'), ['agent-response 1 success', 'network 1 success', 'network 1 success']);
  assert.deepEqual(verdicts('9103'), ['agent-response 1 success']);
  // The traffic of every episode is in the run folder, small: no response bodies.
  const hars = files(join(latest(oracle.dir), 'network')).sort();
  assert.equal(hars.length, 11);
  for (const har of hars) assert.ok(statSync(join(latest(oracle.dir), 'network', har)).size < 200_000, har);
  // Tags and revisions: the hard subset and the task types, as --grep selects them.
  const row = (id: string) => results.instances.find((i) => i.instance === id)!;
  assert.deepEqual([row('9101').tags, row('9102').tags, row('9102').revision], [['hard', 'retrieve'], ['retrieve'], 3]);
  const summary = readFileSync(join(latest(oracle.dir), 'summary.md'), 'utf8');
  assert.match(summary, /## Goal tasks by tag\n\n\| project \| tag \| episodes \| success \|\n.*\n\| oracle \| hard \| 4 \| 1\.000 \|\n\| oracle \| mutate \| 4 \| 1\.000 \|\n\| oracle \| navigate \| 2 \| 1\.000 \|\n\| oracle \| retrieve \| 5 \| 1\.000 \|/);

  // Scored again from what the run kept, with no browser: the same table.
  const rescored = runCli(['report', latest(oracle.dir), '--rescore', '--out', join(oracle.dir, 'rescored')]);
  assert.equal(rescored.code, 0, rescored.stderr);
  const again = readResults(join(oracle.dir, 'rescored', 'results.json'));
  assert.deepEqual(again.instances.map((i) => [i.instance, i.score]), results.instances.map((i) => [i.instance, i.score]));

  // Exported as the reference's eval-tasks reads it, and evaluated from there as a run of another harness.
  const exported = runCli(['export', latest(oracle.dir), '--format', 'webarena-verified', '--out', join(oracle.dir, 'wv')]);
  assert.equal(exported.code, 0, exported.stderr);
  const out = join(oracle.dir, 'wv', 'oracle');
  assert.deepEqual(readdirSync(out).filter((f) => /^\d+$/.test(f)).sort(), IDS);
  assert.deepEqual(readdirSync(join(out, '9105')).sort(), ['agent_response.json', 'network.har', 'run_config.json']);
  assert.deepEqual(JSON.parse(readFileSync(join(out, '9101', 'agent_response.json'), 'utf8')), { task_type: 'RETRIEVE', status: 'SUCCESS', retrieved_data: [3], error_details: null });
  const har = JSON.parse(readFileSync(join(out, '9105', 'network.har'), 'utf8')) as { log: { entries: { request: { method: string; url: string; postData?: { text: string } } }[] } };
  const posted = har.log.entries.find((e) => e.request.method === 'POST' && e.request.url.endsWith('/submit/movies'));
  assert.equal(posted?.request.postData?.text, 'title=The+Matrix+Resurrections&body=Worth+a+watch%3F');
  assert.deepEqual(JSON.parse(readFileSync(join(out, '9105', 'run_config.json'), 'utf8')), { environments: { __REDDIT__: { urls: [forum.url], active_url_idx: 0 } } });
  const evaluated = runCli(['evaluate', 'webarena-verified', DATASET, '--output-dir', out, '--json']);
  assert.equal(evaluated.code, 0, evaluated.stderr);
  const verdict = JSON.parse(evaluated.stdout) as { task_id: number; score: number; evaluators: { name: string; score: number }[] }[];
  assert.deepEqual(verdict.map((v) => [String(v.task_id), v.score]), IDS.map((id) => [id, 1]));
  assert.deepEqual(verdict.find((v) => v.task_id === 9110)!.evaluators.map((e) => e.name), ['AgentResponseEvaluator', 'NetworkEventEvaluator', 'NetworkEventEvaluator']);
  const written = JSON.parse(readFileSync(join(out, '9106', 'eval_result.json'), 'utf8')) as Record<string, unknown>;
  assert.deepEqual([written.task_id, written.status, written.score, written.task_revision, written.sites], [9106, 'success', 1, 2, ['shopping_admin']]);

  for (const site of [forum.url, shop.url]) await fetch(`${site}/reset`, { method: 'POST' });
  const nothing = await runPlaywrightAsync(['test', '--project=do-nothing', '--workers=1'], env);
  assert.equal(nothing.code, 0, nothing.output);
  assert.deepEqual(scores(nothing.dir), Object.fromEntries(IDS.map((id) => [id, 0])));
  // The imported folder serves as the dataset too; a changed answer is scored as the reference would.
  const again2 = runCli(['evaluate', 'webarena-verified', imported, '--output-dir', out, '--task-ids', '9101', '--json']);
  assert.equal(JSON.parse(again2.stdout)[0].score, 1, again2.stderr);
});

test('the import: every task of the dataset, tags from its subsets and task types, --grep @hard lists the hard ones, a task without its sites is skipped naming the variable', async () => {
  const listed = await runPlaywrightAsync(['test', '--project=oracle', '--list', '--grep', '@hard'], { BENCHWRIGHT_TASKS: join(imported, 'tasks.yaml') });
  assert.equal(listed.code, 0, listed.output);
  // The hard ones, and the logins they need (a setup project runs whatever --grep picks).
  assert.deepEqual([...listed.output.matchAll(/webarena-verified-\d+ › (\d+)$/gm)].map((m) => m[1]), ['9101', '9105', '9106', '9110']);
  assert.ok(existsSync(join(imported, 'tasks', 'webarena-verified-901.yaml')));
  const skipped = await runPlaywrightAsync(['test', '--project=oracle', '--grep', '9104'], { BENCHWRIGHT_TASKS: join(imported, 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off', REDDIT: '' });
  assert.equal(skipped.code, 0, skipped.output);
  assert.match(skipped.output, /site "reddit" is not configured: set REDDIT to its base URL/);
});

test('the llm agent is told the answer\'s format and the items\' schema; its JSON answer, fenced as models write it, is scored by type', async () => {
  // A model that opens the post, then answers in a fenced block; counting in words.
  const model = await FakeOpenAI.start((request) => {
    const prompt = textOf(request.body.messages.at(-1)!.content);
    if (!prompt.includes('Earlier steps:\n(none)')) return { content: 'Reasoning: three comments.\nAction: send_msg_to_user("```json\\n{\\"task_type\\": \\"RETRIEVE\\", \\"status\\": \\"SUCCESS\\", \\"retrieved_data\\": [\\"three\\"], \\"error_details\\": null}\\n```")' };
    const link = /link "Favourite Le Guin novel\?" \[ref=(e\d+)\]/.exec(prompt)?.[1];
    return { content: `Reasoning: open the post.\nAction: click("${link}")` };
  });
  try {
    const run = await model.run('gpt4o', 'local', { ...env, BENCHWRIGHT_LLM_CACHE: tempDir() }, ['--workers=1', '--grep', '9101']);
    assert.equal(run.code, 0, run.output);
    assert.deepEqual(scores(run.dir), { 9101: 1 });
    const prompt = textOf(model.requests[0]!.body.messages.at(-1)!.content);
    assert.match(prompt, /Answer format:\nWhen the task is done, or cannot be done, answer with send_msg_to_user and this JSON object/);
    assert.match(prompt, /retrieved_data's items, as this JSON Schema describes them: \{"type":"number"\}/);
    // The expected answer itself is never in the prompt.
    assert.doesNotMatch(prompt, /"retrieved_data": \[3\]/);
  } finally {
    await model.close();
  }
});
