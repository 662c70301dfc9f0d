// WebArena's task configurations imported as task files, and its program_html helpers against
// the stand-in shop's endpoints and a GitLab members table.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { chromium } from '@playwright/test';
import { parse } from 'yaml';
import { parseHelperCall, runHelper, type HelperCall } from '../src/evaluators/html/helpers.ts';
// The registry registers the built-in benchmarks: WebArena's helpers among them.
import '../src/benchmarks/index.ts';
import { webarena } from '../src/benchmarks/webarena/index.ts';
import { importWebArena } from '../src/benchmarks/webarena/import.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { findChromium, executableFor, isFound } from '../src/setup/chromium.ts';
import { thisMachine } from '../src/setup/machine.ts';
import { ROOT, runCli, runPlaywrightAsync, tempDir } from './helpers.ts';
import { SHOP_ADMIN, ShopSite } from './sites/shop-site.ts';

const SHARED_WEBARENA = join(ROOT, '..', 'shared', 'webarena', 'test.raw.json');

test('WebArena\'s 394 configurations: one task per intent template, task_id as the instance id, 0 errors; unconfigured sites skip every instance naming the variable', { skip: !existsSync(SHARED_WEBARENA) && 'no ../shared/webarena' }, async () => {
  const out = tempDir();
  const cli = runCli(['import', 'webarena', SHARED_WEBARENA, '--out', out]);
  assert.equal(cli.code, 0, cli.stdout + cli.stderr);
  assert.match(cli.stdout, /total: 95 tasks \(95 converted, 0 with errors\), 394 instances/);
  const benchmark = loadBenchmark(join(out, 'tasks.yaml'));
  assert.deepEqual(benchmark.errors, []);
  assert.equal(benchmark.tasks.length, 95);
  assert.deepEqual(benchmark.tasks.flatMap((t) => t.errors), []);
  const configs = JSON.parse(readFileSync(SHARED_WEBARENA, 'utf8')) as { task_id: number; intent_template_id: number; intent: string }[];
  const ids = benchmark.tasks.flatMap((t) => t.instances.map((i) => Number(i.id))).sort((a, b) => a - b);
  assert.deepEqual(ids, configs.map((c) => c.task_id).sort((a, b) => a - b));
  // Each instance's goal is WebArena's intent, to the character (the template filled, or the instance's own).
  const manifest = parse(readFileSync(join(out, 'tasks.yaml'), 'utf8')) as { sites: Record<string, { env: string }> };
  assert.deepEqual(Object.fromEntries(Object.entries(manifest.sites).map(([name, s]) => [name, s.env])), {
    gitlab: 'GITLAB', map: 'MAP', reddit: 'REDDIT', shopping: 'SHOPPING', shopping_admin: 'SHOPPING_ADMIN', wikipedia: 'WIKIPEDIA',
  });

  // Listed, and run with no site variable set: nothing runs, every instance says which variable to set.
  const env = { BENCHWRIGHT_TASKS: join(out, 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off' };
  const list = await runPlaywrightAsync(['test', '--list', '--project=oracle'], env);
  assert.match(list.output, /Total: 399 tests in 3 files/); // 394 instances (on sites: one file), the manifest's test, 4 logins
  const run = await runPlaywrightAsync(['test', '--project=do-nothing', '--grep', '@webarena-288|@webarena-33[0-9]'], env);
  assert.equal(run.code, 0, run.output);
  assert.doesNotMatch(run.output, /\d+ passed.*\n.*\d+ failed/);
  // The first instance's reason (instances on sites run spread over the run: schedule.ts).
  assert.match(run.output, /site "(shopping_admin|gitlab)" is not configured: set (SHOPPING_ADMIN|GITLAB) to its base URL/);
});

test('every goal read from an imported configuration is WebArena\'s intent', { skip: !existsSync(SHARED_WEBARENA) && 'no ../shared/webarena' }, async () => {
  const out = tempDir();
  importWebArena(SHARED_WEBARENA, out);
  const { loadTaskFile } = await import('../src/task/load-task.ts');
  const configs = new Map((JSON.parse(readFileSync(SHARED_WEBARENA, 'utf8')) as { task_id: number; intent: string }[]).map((c) => [String(c.task_id), c.intent]));
  const benchmark = loadBenchmark(join(out, 'tasks.yaml'));
  for (const summary of benchmark.tasks) {
    const task = loadTaskFile(summary.file).task!;
    for (const instance of task.instances) assert.equal((instance.episode!.goal as { text: string }).text, configs.get(instance.id), `${task.id} ${instance.id}`);
  }
});

test('func: calls are read as data: quoted strings and __page__, a known helper; anything else says what is wrong', () => {
  assert.deepEqual(parseHelperCall("func:reddit_get_post_url('__last_url__')"), { name: 'reddit_get_post_url', args: ['__last_url__'] });
  assert.deepEqual(parseHelperCall('func:gitlab_get_project_memeber_role(__page__, "byteblaze")'), { name: 'gitlab_get_project_memeber_role', args: [null, 'byteblaze'] });
  assert.deepEqual(parseHelperCall('func:shopping_get_latest_order_url()'), { name: 'shopping_get_latest_order_url', args: [] });
  assert.equal(parseHelperCall('document.title'), undefined);
  assert.match(parseHelperCall('func:os.system("rm -rf /")') as string, /not a helper call/);
  assert.match(parseHelperCall('func:shopping_get_latest_order_url(__import__("os"))') as string, /not quoted strings or __page__/);
  assert.match(parseHelperCall('func:eval("1")') as string, /unknown helper "eval"/);
  assert.deepEqual(Object.keys(webarena.pageHelpers!).sort(), ['gitlab_get_project_memeber_role', 'reddit_get_post_url', 'shopping_get_latest_order_url', 'shopping_get_sku_latest_review_author', 'shopping_get_sku_latest_review_rating']);
});

test('the helpers read what WebArena\'s read: a post\'s URL, a member\'s role on the members page, the stand-in shop\'s REST API as its admin', async () => {
  const shop = await ShopSite.start();
  const found = findChromium(thisMachine);
  const browser = await chromium.launch({ ...(isFound(found) && { executablePath: executableFor(found, false) }) });
  const saved = { user: process.env.SHOPPING_ADMIN_USERNAME, password: process.env.SHOPPING_ADMIN_PASSWORD };
  try {
    const page = await browser.newPage();
    // A GitLab project's members table, as GitLab 15 renders its rows.
    await page.setContent(`<table><tr><td data-label="Account"><span class="gl-avatar-labeled-sublabel">@byteblaze</span></td><td class="col-max-role"><span>Maintainer</span></td></tr>
      <tr><td data-label="Account"><span class="gl-avatar-labeled-sublabel">@vinta</span></td><td class="col-max-role"><span>Developer</span></td></tr></table>`);
    const run = (text: string, lastUrl = '') => runHelper(parseHelperCall(text) as HelperCall, { page, sites: { shopping: shop.url } }, lastUrl);
    assert.equal(await run("func:reddit_get_post_url('__last_url__')", 'http://forum:9999/f/books/59421/the-title/-/comment/1'), 'http://forum:9999/f/books/59421/');
    assert.equal(await run("func:reddit_get_post_url('__last_url__')", 'http://forum:9999/user/x'), 'http://forum:9999/user/x');
    assert.equal(await run("func:gitlab_get_project_memeber_role(__page__, 'vinta')"), 'Developer');
    assert.equal(await run("func:gitlab_get_project_memeber_role(__page__, 'nobody')"), '');

    process.env.SHOPPING_ADMIN_USERNAME = SHOP_ADMIN.name;
    process.env.SHOPPING_ADMIN_PASSWORD = SHOP_ADMIN.password;
    assert.equal(await run('func:shopping_get_latest_order_url()'), `${shop.url}/sales/order/view/order_id/187/`);
    assert.equal(await run("func:shopping_get_sku_latest_review_author('WS12-M-Orange')"), 'Lena');
    assert.equal(await run("func:shopping_get_sku_latest_review_rating('WS12-M-Orange')"), '60');
    assert.equal(await run("func:shopping_get_sku_latest_review_author('MH01-XS-Black')"), '');
    shop.products[0]!.reviews.push({ nickname: 'Ann', percent: 100 });
    assert.deepEqual([await run("func:shopping_get_sku_latest_review_author('WS12-M-Orange')"), await run("func:shopping_get_sku_latest_review_rating('WS12-M-Orange')")], ['Ann', '100']);
    process.env.SHOPPING_ADMIN_PASSWORD = 'wrong';
    await assert.rejects(run('func:shopping_get_latest_order_url()'), /integration\/admin\/token answered 401/);
    delete process.env.SHOPPING_ADMIN_PASSWORD;
    await assert.rejects(run('func:shopping_get_latest_order_url()'), /set SHOPPING_ADMIN_USERNAME and SHOPPING_ADMIN_PASSWORD/);
  } finally {
    for (const [k, v] of [['SHOPPING_ADMIN_USERNAME', saved.user], ['SHOPPING_ADMIN_PASSWORD', saved.password]] as const) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await browser.close();
    await shop.close();
  }
});
