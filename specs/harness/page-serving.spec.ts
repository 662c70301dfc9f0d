import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '../../fixtures/benchwright.ts';
import { loadBenchmark } from '../../src/task/benchmark.ts';
import { loadTaskFile } from '../../src/task/load-task.ts';
import { readFields } from '../../src/values/read-fields.ts';
import { serveHtml, serveInstance } from './pages.ts';

const REAL_TASKS = join(import.meta.dirname, '..', '..', '..', 'shared', 'turkingbench', 'tasks');

/** Loads pages while recording where every request went and how it ended. */
function recordRequests(page: import('@playwright/test').Page) {
  const finished: string[] = [];
  const failed: { url: string; error: string }[] = [];
  page.on('requestfinished', (r) => finished.push(r.url()));
  page.on('requestfailed', (r) => failed.push({ url: r.url(), error: r.failure()?.errorText ?? '' }));
  return { finished, failed };
}

const isLoopback = (url: string) => /^(https?|ws):\/\/127\.0\.0\.1[:/]/.test(url) || /^(data|blob|about):/.test(url);

test('no request from a task page reaches anything but 127.0.0.1', async ({ page, taskServer }) => {
  const { finished, failed } = recordRequests(page);
  const pages = [serveHtml(taskServer, `
    <link rel="stylesheet" href="https://fonts.googleapis.com/css?family=Open+Sans">
    <script src="https://code.jquery.com/jquery-3.2.1.slim.min.js"></script>
    <img src="https://example.com/a.png"><img src="http://8.8.8.8/b.png">
    <script>fetch('https://www.google-analytics.com/collect').catch(() => {});</script>`)];
  for (const task of loadBenchmark('tasks.yaml').tasks) {
    const full = loadTaskFile(task.file).task!;
    taskServer.add(full);
    pages.push(taskServer.urlOf(full, full.instances[0]!));
  }
  // Real templates load CDN scripts, fonts and web images: a sample of them, when present.
  if (existsSync(REAL_TASKS)) {
    const { importTurkingBench } = await import('../../src/benchmarks/turkingbench/import.ts');
    const names = ['Abductive Reasoning', 'Step 4 Selecting good - bad answers to questions (short)', 'Dialog Human Evaluation'];
    for (const name of names) {
      const out = test.info().outputPath(name);
      const [imported] = importTurkingBench(join(REAL_TASKS, name), out).tasks;
      const full = loadTaskFile(join(imported!.dir, 'task.yaml')).task!;
      taskServer.add(full);
      pages.push(taskServer.urlOf(full, full.instances[0]!));
    }
  }
  for (const url of pages) await page.goto(url, { waitUntil: 'load' });
  expect(finished.length).toBeGreaterThan(pages.length);
  expect(finished.filter((u) => !isLoopback(u))).toEqual([]);
  const external = failed.filter((f) => !isLoopback(f.url));
  expect(external.length).toBeGreaterThanOrEqual(4);
  for (const f of external) expect(f.error, f.url).toMatch(/ERR_NAME_NOT_RESOLVED|ERR_ABORTED/);
  expect(finished.some((u) => u.includes('/__benchwright/cdn/code.jquery.com/')), 'jQuery comes from the local copy').toBe(true);
});

test('Enter in a text input submits the wrapper form without leaving the filled page', async ({ page, taskServer }) => {
  const url = serveHtml(taskServer, '<input name="answer" type="text"><input type="submit">');
  await page.goto(url);
  const before = taskServer.submissions;
  await page.locator('[name=answer]').fill('kept');
  await page.locator('[name=answer]').press('Enter');
  await expect.poll(() => taskServer.submissions).toBe(before + 1);
  expect(page.url()).toBe(url);
  const [field] = await readFields(page, ['answer']);
  expect(field!.value).toBe('kept');
});

test('dialogs on load are dismissed and recorded; page errors are recorded, not fatal', async ({ instancePage, taskServer }) => {
  const { page } = instancePage;
  const { task, instance } = serveInstance(taskServer, `<script>alert('jQuery missing'); confirm('sure?'); undefinedFunction();</script>
    <script>turkSetAssignmentID(); document.write('<input name="after" value="' + turkGetParam('x', 'default') + '">');</script>`);
  await instancePage.begin();
  await page.goto(`${instancePage.startUrl(taskServer, task, instance)}&x=given`, { waitUntil: 'load' });
  expect(instancePage.events.dialogs).toEqual([{ type: 'alert', message: 'jQuery missing' }, { type: 'confirm', message: 'sure?' }]);
  expect(instancePage.events.errors).toEqual([expect.stringMatching(/undefinedFunction is not defined/)]);
  const [field] = await readFields(page, ['after']);
  expect(field!.value).toBe('given');
});

test('fields inside iframes and fields made by scripts are read', async ({ page, taskServer }) => {
  const inner = serveHtml(taskServer, '<textarea name="inside">from the frame</textarea>');
  const url = serveHtml(taskServer, `<iframe src="${inner}"></iframe>
    <script>setTimeout(() => document.forms[0].insertAdjacentHTML('beforeend', '<select name="late"><option value="-1">no</option><option value="1">yes</option></select>'), 300);</script>`);
  await page.goto(url, { waitUntil: 'load' });
  const [inside] = await readFields(page, ['inside']);
  expect(inside).toMatchObject({ found: true, type: 'textarea', value: 'from the frame' });
  expect(inside!.frame).toBe(inner);
  await expect.poll(async () => (await readFields(page, ['late']))[0]!.found).toBe(true);
});

test('instances share a page but nothing else: what one stores, even while it unloads, the next never sees; a beforeunload prompt does not block', async ({ instancePage, taskServer }) => {
  const { page } = instancePage;
  const first = serveInstance(taskServer, `<input name="q" type="text"><script>
    const keep = (when) => { localStorage.setItem(when, '1'); sessionStorage.setItem(when, '1'); document.cookie = when + '=1; path=/'; };
    keep('load'); setInterval(() => keep('timer'), 5);
    addEventListener('beforeunload', (e) => { keep('beforeunload'); e.preventDefault(); e.returnValue = ''; });
    addEventListener('pagehide', () => keep('pagehide')); addEventListener('unload', () => keep('unload'));
    document.addEventListener('visibilitychange', () => keep('visibilitychange'));</script>`);
  await instancePage.begin();
  await page.goto(instancePage.startUrl(taskServer, first.task, first.instance));
  await page.locator('[name=q]').fill('user activation, so the page may prompt before unload');
  await instancePage.end();
  await page.waitForTimeout(50);
  // The next page looks before anything else of its own runs.
  const next = serveInstance(taskServer, '<script>window.seen = [Object.keys(localStorage), Object.keys(sessionStorage), document.cookie];</script><p>next instance</p>');
  await instancePage.begin();
  const start = instancePage.startUrl(taskServer, next.task, next.instance);
  await page.goto(start);
  expect(page.url()).toBe(start);
  expect(instancePage.events.dialogs.map((d) => d.type)).toEqual(['beforeunload']);
  expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual([[], [], '']);
});
