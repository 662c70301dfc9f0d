import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { test } from 'node:test';
import { Parser } from 'htmlparser2';
import { localCopy } from '../src/server/cdn-catalog.ts';
import { CDN_PATH, localizeUrls, renderInstance, SUBMIT_PATH } from '../src/server/render-instance.ts';
import { fillTemplate } from '../src/task/template.ts';
import { TaskServer } from '../src/server/task-server.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { ROOT, SHARED_TURKINGBENCH, tempDir } from './helpers.ts';

const tasksDir = join(SHARED_TURKINGBENCH, 'tasks');

test('placeholders are replaced by raw values only for instance columns, in one pass', () => {
  const html = '<p>${a}</p><script>var s = `${SENTENCES" + id + "}`; var t = "${b}";</script>${a}';
  assert.equal(fillTemplate(html, { a: '<b>x</b>', b: '${a}' }), '<p><b>x</b></p><script>var s = `${SENTENCES" + id + "}`; var t = "${a}";</script><b>x</b>');
});

test('CDN URLs with a local copy point to the server; others stay and are blocked', () => {
  const html = '<script src="https://code.jquery.com/jquery-3.2.1.slim.min.js"></script><link href="//maxcdn.bootstrapcdn.com/bootstrap/4.0.0/css/bootstrap.min.css"><script src="https://kit.fontawesome.com/654301f263.js"></script>';
  assert.equal(localizeUrls(html), `<script src="${CDN_PATH}code.jquery.com/jquery-3.2.1.slim.min.js"></script><link href="${CDN_PATH}maxcdn.bootstrapcdn.com/bootstrap/4.0.0/css/bootstrap.min.css"><script src="https://kit.fontawesome.com/654301f263.js"></script>`);
});

test('every CDN file a real template pins with integrity= is served byte-identical', { skip: !existsSync(tasksDir) && 'no ../shared/turkingbench' }, () => {
  const pinned = new Map<string, string>();
  for (const name of readdirSync(tasksDir)) {
    new Parser({
      onopentag(tag, attrs) {
        const url = tag === 'script' ? attrs.src : tag === 'link' ? attrs.href : undefined;
        if (url && attrs.integrity) pinned.set(url.replace(/^(https?:)?\/\//, ''), attrs.integrity);
      },
    }).end(readFileSync(join(tasksDir, name, 'template.html'), 'utf8'));
  }
  const served = [...pinned].filter(([url]) => localCopy(url));
  // bootstrap 3.0.3 (10 tags in 6 tasks) is not on npm: the only pinned files without a copy.
  assert.deepEqual([...pinned.keys()].filter((url) => !localCopy(url)).sort(), [
    'maxcdn.bootstrapcdn.com/bootstrap/3.0.3/css/bootstrap.min.css', 'maxcdn.bootstrapcdn.com/bootstrap/3.0.3/js/bootstrap.min.js',
  ]);
  assert.ok(served.length >= 15, `${served.length} pinned files served`);
  for (const [url, integrity] of served) {
    const [algorithm, expected] = integrity.split('-', 2) as [string, string];
    assert.equal(createHash(algorithm).update(readFileSync(localCopy(url)!)).digest('base64'), expected, url);
  }
});

test('the server renders instances in the MTurk form, serves task files, and a submit keeps the page', async () => {
  const task = loadTaskFile(join(ROOT, 'tasks', 'caption-check', 'task.yaml')).task!;
  const server = await TaskServer.start();
  try {
    server.add(task);
    const instance = task.instances[0]!;
    const url = server.urlOf(task, instance);
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/task\/caption-check\/suns\/$/);
    const page = await fetch(url);
    assert.equal(page.status, 200);
    const html = await page.text();
    assert.equal(html, renderInstance(task.html, instance.values));
    assert.match(html, /<form name="mturk_form" method="post" id="mturk_form"/);
    assert.match(html, /function turkSetAssignmentID/);
    assert.equal((await fetch(new URL('template.html', url))).status, 200, 'files next to the task');
    assert.equal((await fetch(new URL('../../../tasks.yaml', url.replace(/\/$/, '/x/')))).status, 404);
    assert.equal((await fetch(new URL('..%2f..%2f..%2fpackage.json', url))).status, 403, 'nothing outside the task folder');
    const submit = await fetch(new URL(SUBMIT_PATH, url), { method: 'POST', body: 'a=1' });
    assert.equal(submit.status, 204, 'No Content: the browser stays on the filled page');
    const jquery = await fetch(new URL(`${CDN_PATH}code.jquery.com/jquery-3.2.1.slim.min.js`, url));
    assert.equal(jquery.status, 200);
    assert.match(jquery.headers.get('content-type')!, /javascript/);
    assert.equal((await fetch(new URL('/task/caption-check/nope/', url))).status, 404);
  } finally {
    await server.close();
  }
});

test('a page is served the files beside its template, never the task data nor anything a link leads outside', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'template.html'), '<p>${x}</p><input name="q">');
  writeFileSync(join(dir, 'instances.csv'), 'x,Answer.q\nhello,the gold label\n');
  writeFileSync(join(dir, 'task.yaml'), 'id: confined\ntitle: Confined\nsplit: train\ntemplate: template.html\ninstances: { csv: instances.csv }\n');
  writeFileSync(join(dir, 'other-task.yml'), 'gold: labels of another task');
  writeFileSync(join(dir, 'picture.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dir, 'img'));
  symlinkSync(join(dir, 'picture.svg'), join(dir, 'img', 'linked.svg'));
  symlinkSync('/etc', join(dir, 'etc'));
  symlinkSync(join(dir, 'instances.csv'), join(dir, 'img', 'data.txt'));
  const task = loadTaskFile(join(dir, 'task.yaml')).task!;
  const server = await TaskServer.start();
  try {
    server.add(task);
    const url = server.urlOf(task, task.instances[0]!);
    const status = async (path: string) => (await fetch(url + path)).status;
    assert.equal(await status(''), 200);
    assert.equal(await status('picture.svg'), 200);
    assert.equal(await status('img/linked.svg'), 200, 'a link that stays inside the folder');
    assert.equal(await status('etc/passwd'), 403, 'a link to /etc');
    assert.equal(await status('task.yaml'), 403, 'the task file holds the gold labels');
    assert.equal(await status('instances.csv'), 403);
    assert.equal(await status('img/data.txt'), 403, 'the instances under another name');
    assert.equal(await status('other-task.yml'), 403);
    assert.equal(await status('..%2f..%2f..%2fetc%2fpasswd'), 403);
    assert.equal(await status('nothing.png'), 404);
  } finally {
    await server.close();
  }
});

test('malformed requests get 400 and the server lives on: a lone %, broken UTF-8, a broken request line', async () => {
  const task = loadTaskFile(join(ROOT, 'tasks', 'caption-check', 'task.yaml')).task!;
  const server = await TaskServer.start();
  try {
    server.add(task);
    const url = server.urlOf(task, task.instances[0]!);
    // <img src="100%.gif">: a real file name that is not a valid percent-encoding.
    assert.equal((await fetch(url + '100%.gif')).status, 400);
    assert.equal((await fetch(url + '%C3%28.png')).status, 400);
    for (const raw of ['GET /task/%zz HTTP/1.1\r\nHost: x\r\n\r\n', 'NOT HTTP AT ALL\r\n\r\n', `GET /${'a'.repeat(100_000)} HTTP/1.1\r\n\r\n`]) {
      const reply = await rawRequest(new URL(url).port, raw);
      assert.match(reply, /^HTTP\/1\.1 4\d\d /, JSON.stringify(raw.slice(0, 40)));
    }
    assert.equal((await fetch(url)).status, 200, 'still serving');
  } finally {
    await server.close();
  }
});

/** Sends bytes as they are and returns what comes back before the server closes the connection. */
function rawRequest(port: string, bytes: string): Promise<string> {
  return new Promise((done, fail) => {
    let reply = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.end(bytes));
    socket.on('data', (d) => (reply += d));
    socket.on('close', () => done(reply));
    socket.on('error', fail);
  });
}
