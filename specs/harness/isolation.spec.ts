import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../../fixtures/benchwright.ts';
import type { Agent } from '../../src/agent/types.ts';
import { ActionLibrary } from '../../src/actions/library.ts';
import { runInstance } from '../../src/runner/run-instance.ts';
import { EVENTS_KEPT } from '../../src/runner/instance-page.ts';
import type { OriginGate } from '../../src/server/origin-gate.ts';
import type { Task } from '../../src/task/types.ts';
import { readFields } from '../../src/values/read-fields.ts';
import { serveHtml, serveInstance } from './pages.ts';
import { answerOf, proxyRequest } from '../../test/proxy-request.ts';

// Pages hostile by accident: popups that outlive their instance, scripts that replace
// built-ins or fake a field's value, pages that navigate away.

test('pages an instance opened are closed when it ends: a popup cannot reach the next instance through opener', async ({ instancePage, taskServer }) => {
  const popup = serveHtml(taskServer, `<p>ad</p><script>
    setInterval(() => { try { opener.document.querySelector('textarea').value = 'hijacked'; } catch {} }, 20);</script>`);
  const first = serveInstance(taskServer, `<textarea name="t"></textarea><script>window.open(${JSON.stringify(popup)});</script>`);
  await instancePage.begin();
  await instancePage.page.goto(instancePage.startUrl(taskServer, first.task, first.instance));
  await expect.poll(() => instancePage.page.context().pages().length).toBe(2);
  await instancePage.end();
  expect(instancePage.events.opened).toEqual([{ url: popup }]);
  expect(instancePage.page.context().pages()).toEqual([instancePage.page]);

  const next = serveInstance(taskServer, '<textarea name="t">the gold answer</textarea>');
  await instancePage.begin();
  const { page } = instancePage;
  await page.goto(instancePage.startUrl(taskServer, next.task, next.instance));
  await page.waitForTimeout(200);
  expect((await readFields(page, ['t']))[0]!.value).toBe('the gold answer');
  expect(instancePage.events.opened).toEqual([]);
});

test('a served instance\'s context reaches its task server around the gate; a site instance\'s does not reach it', async ({ instancePage, taskServer }) => {
  const site = createServer((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end('<p>a site</p>'));
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  const served = serveInstance(taskServer, '<p>served</p>');
  const status = (url: string) => instancePage.page.evaluate((u) => fetch(u).then((r) => r.status, () => 0), url);
  const serve = async () => {
    await instancePage.begin();
    await instancePage.readyToServe({});
    await instancePage.page.goto(instancePage.startUrl(taskServer, served.task, served.instance));
    // Another port of loopback still meets the gate.
    await status(siteUrl);
    expect(instancePage.events.blocked).toContainEqual({ method: 'GET', url: siteUrl });
    // Between instances the gate lets nothing through: the server answers all the same, reached directly.
    await instancePage.begin();
    expect(await status(served.url)).toBe(200);
    await instancePage.end();
  };
  try {
    await serve();
    await instancePage.begin();
    await instancePage.startAfresh([new URL(siteUrl).origin]);
    await instancePage.page.goto(siteUrl);
    await status(served.url);
    expect(instancePage.events.blocked).toContainEqual({ method: 'GET', url: served.url });
    await instancePage.end();
    // The next served instance is in a context of its own again.
    await serve();
  } finally {
    site.close();
  }
});

test('the read-back cannot be fooled by the page: replaced built-ins, a faked value getter', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, `<input name="q" value="typed"><select name="s"><option>a</option><option selected>b</option></select>
    <input type="checkbox" name="c" value="x" checked><script>
    Object.defineProperty(document.querySelector('[name=q]'), 'value', { get: () => 'the gold answer' });
    Object.defineProperty(HTMLSelectElement.prototype, 'value', { get: () => 'a' });
    Array.from = () => []; Array.prototype.map = function () { return ['forged']; };
    document.getElementsByName = () => [];</script>`));
  const states = await readFields(page, ['q', 's', 'c']);
  expect(states.map((s) => [s.name, s.found, s.value])).toEqual([['q', true, 'typed'], ['s', true, 'b'], ['c', true, ['x']]]);
});

const task = (html: string): Task => ({
  id: 'leaves', title: 'leaves', description: '', split: 'test', file: '', html, templateFile: '', start: { kind: 'served' as const, path: '' }, dataFiles: [],
  fields: [{ name: 'q', type: 'text', score: true, dynamic: false }], instances: [],
});

test('a page that navigates away is the instance\'s error, with the URL it went to', async ({ page, taskServer }) => {
  const instance = { id: 'i', values: {}, gold: { q: ['left as it was'] }, annotators: 1 };
  const run = (html: string, agent: Agent) => runInstance({ page, url: serveHtml(taskServer, html), task: task(html), instance }, { agent, actions: new ActionLibrary(page), seed: 1, options: {} }, {});
  // An external link a model clicks (the host does not resolve here: Chromium's error page).
  const clicks: Agent = { name: 'clicks', async run({ page: p }) { await p.getByRole('link').click(); await expect.poll(() => p.url()).not.toContain('127.0.0.1'); } };
  await expect(run('<input name="q" value="left as it was"><a href="http://example.com/offer">offer</a>', clicks)).rejects.toThrow('the page left the instance\'s document: it went to http://example.com/offer');
  // A script that moves the page elsewhere on the same server.
  const waits: Agent = { name: 'waits', async run({ page: p }) { await p.waitForURL('**/elsewhere'); } };
  await expect(run('<input name="q" value="left as it was"><script>setTimeout(() => location.assign("/elsewhere"), 50);</script>', waits)).rejects.toThrow(/it went to http:\/\/127\.0\.0\.1:\d+\/elsewhere$/);
  // A reload is another document at the same URL: what the agent did there is gone.
  const reloads: Agent = { name: 'reloads', async run({ page: p }) { await p.reload(); } };
  await expect(run('<input name="q" value="left as it was">', reloads)).rejects.toThrow(/^the page left the instance's document: it went to http:\/\/127\.0\.0\.1:\d+\/task\//);
  // A link to a #fragment, or history.pushState, stays in the document.
  const anchors: Agent = { name: 'anchors', async run({ page: p }) { await p.getByRole('link').click(); await p.evaluate(() => history.pushState({}, '', '/elsewhere')); } };
  const result = await run('<input name="q" value="left as it was"><a href="#more">more</a><p id="more">more</p>', anchors);
  expect(result.score).toBe(1);
});

test('a page cannot spend the next instance\'s clearing ahead of time, nor keep anything in it', async ({ instancePage, taskServer }) => {
  const next = serveInstance(taskServer, '<script>window.seen = Object.keys(localStorage);</script>');
  // The first page knows the next instance's address, not its one-time token: it asks early, then writes.
  const first = serveInstance(taskServer, `<script>
    fetch(${JSON.stringify(new URL(next.url).pathname)} + '__benchwright/fresh-start.js', { referrer: ${JSON.stringify(next.url)} + '?benchwright-start=guess' }).then(() => localStorage.setItem('after', '1'));</script>`);
  await instancePage.begin();
  await instancePage.page.goto(instancePage.startUrl(taskServer, first.task, first.instance));
  await expect.poll(() => instancePage.page.evaluate(() => localStorage.getItem('after'))).toBe('1');
  await instancePage.end();
  await instancePage.begin();
  await instancePage.page.goto(instancePage.startUrl(taskServer, next.task, next.instance));
  expect(await instancePage.page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toEqual([]);
});

test('a page that stops answering after its instance is replaced by a working one', async ({ instancePage, taskServer }) => {
  const stuck = serveInstance(taskServer, '<input name="q">');
  await instancePage.begin();
  const before = instancePage.page;
  await before.goto(instancePage.startUrl(taskServer, stuck.task, stuck.instance));
  await before.evaluate(() => setTimeout(() => { for (;;) {} }, 0));
  // The way out of the dropped context, as its page (or a worker of it) would still use it.
  const droppedProxy = (instancePage as unknown as { gate: OriginGate }).gate.proxy().server;
  await instancePage.end();
  expect(instancePage.page).not.toBe(before);
  const next = serveInstance(taskServer, '<input name="q" value="works">');
  await instancePage.begin();
  await instancePage.page.goto(instancePage.startUrl(taskServer, next.task, next.instance));
  expect((await readFields(instancePage.page, ['q']))[0]!.value).toBe('works');
  // The next instances' origins are open to their own contexts only: the dropped one's way out refuses everything.
  const site = createServer((_req, res) => void res.writeHead(200).end('a site'));
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  const siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  try {
    await instancePage.end();
    await instancePage.begin();
    await instancePage.startAfresh([new URL(siteUrl).origin]);
    expect((await instancePage.page.goto(siteUrl))?.status()).toBe(200);
    // Refused while the dropped context closes, gone once it is closed.
    for (const url of [siteUrl, next.url]) {
      const answer = await answerOf(proxyRequest(droppedProxy, 'GET', url)).then((a) => a.slice(0, 3), (e: NodeJS.ErrnoException) => e.code ?? e.message);
      expect(['403', 'ECONNREFUSED']).toContain(answer);
    }
    // Refused unreported: what the dropped page does is not the current instance's doing.
    expect(instancePage.events.blocked).toEqual([]);
  } finally {
    site.close();
  }
});

test('a page that loops on alert() and errors is recorded within bounds', async ({ instancePage, taskServer }) => {
  const { task, instance } = serveInstance(taskServer, `<script>for (let i = 0; i < ${EVENTS_KEPT + 50}; i++) { alert(i); setTimeout(() => { throw new Error("e" + i); }); }</script>`);
  await instancePage.begin();
  await instancePage.page.goto(instancePage.startUrl(taskServer, task, instance));
  await expect.poll(() => instancePage.events.dropped).toBe(100);
  expect([instancePage.events.dialogs.length, instancePage.events.errors.length]).toEqual([EVENTS_KEPT, EVENTS_KEPT]);
});
