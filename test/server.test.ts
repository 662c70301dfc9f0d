import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { Parser } from 'htmlparser2';
import { localCopy } from '../src/server/cdn-catalog.ts';
import { CDN_PATH, fillTemplate, localizeUrls, renderInstance, SUBMIT_PATH } from '../src/server/render-instance.ts';
import { TaskServer } from '../src/server/task-server.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { ROOT, SHARED_TURKINGBENCH } from './helpers.ts';

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
