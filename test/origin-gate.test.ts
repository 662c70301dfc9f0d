import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { connect, createServer as createTcpServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { OriginGate } from '../src/server/origin-gate.ts';
import { jsonAttachments, runPlaywrightAsync, tempDir } from './helpers.ts';
import { answerOf, proxyRequest } from './proxy-request.ts';

// Issue 38: a page of an instance reaches its task server's origin and the sites its task
// names, nothing else, whatever kind of request it makes (origin-gate.ts). Services of the
// machine listen on other loopback ports and addresses; a page on the task server and a page
// on a site try every way out towards them, and towards a site of the manifest its task does
// not name.

/** A service of the machine: counts every TCP connection it gets, whatever is sent on it. */
async function listener(host: string): Promise<{ url: string; connections: number; close(): void }> {
  const service = { url: '', connections: 0, close: () => server.close() };
  const server = createTcpServer((socket) => {
    service.connections++;
    socket.on('error', () => {});
    socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
  });
  await new Promise<void>((done) => server.listen(0, host, done));
  const { port } = server.address() as AddressInfo;
  service.url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return service;
}

/** What a hostile page tries towards each target, as the requests the gate sees (a tunnel: host:port). */
const ATTEMPTS = ['GET /img', 'GET /css', 'GET /prefetch', 'POST /fetch', 'GET /xhr', 'POST /beacon', 'CONNECT', 'GET /events', 'POST /form', 'GET /frame', 'GET /from-worker', 'GET /from-service-worker'];

/**
 * Every way a page reaches out: subresources, hints, fetch/XHR, a beacon, a WebSocket, an
 * EventSource, a form posted into a frame, a frame navigated, a popup, a dedicated worker and
 * a service worker (both fetch and open WebSockets), and `extra` URLs (an allowed origin's
 * redirect). `window.attempted` once every attempt has ended. No template literals: a goal
 * task's page is a template.
 */
function hostilePage(targets: string[], extra: string[] = []): { page: string; worker: string; serviceWorker: string } {
  const list = JSON.stringify(targets);
  const page = `<!doctype html><html><head><title>Hostile</title></head><body><p>Nothing to do here.</p><script>
var targets = ${list}, waits = [];
function settle(p) { waits.push(Promise.resolve(p).then(function () {}, function () {})); }
function ended(el) { return new Promise(function (done) { el.onload = done; el.onerror = done; }); }
function link(rel, href) { var l = document.createElement('link'); l.rel = rel; l.href = href; if (rel !== 'preconnect') settle(ended(l)); document.head.appendChild(l); }
targets.concat(${JSON.stringify(extra)}).forEach(function (t, i) {
  var img = new Image(); settle(ended(img)); img.src = t + '/img';
  link('stylesheet', t + '/css'); link('prefetch', t + '/prefetch'); link('preconnect', t);
  settle(fetch(t + '/fetch', { method: 'POST', mode: 'no-cors', body: 'x' }));
  settle(new Promise(function (done) { var x = new XMLHttpRequest(); x.open('GET', t + '/xhr'); x.onloadend = done; x.send(); }));
  navigator.sendBeacon(t + '/beacon', 'x');
  settle(new Promise(function (done) { var ws = new WebSocket(t.replace(/^http/, 'ws') + '/ws'); ws.onerror = ws.onclose = done; }));
  settle(new Promise(function (done) { var es = new EventSource(t + '/events'); es.onerror = function () { es.close(); done(); }; }));
  var target = document.createElement('iframe'); target.name = 'posted' + i; document.body.appendChild(target); settle(ended(target));
  var form = document.createElement('form'); form.method = 'post'; form.action = t + '/form'; form.target = target.name; document.body.appendChild(form); form.submit();
  var frame = document.createElement('iframe'); settle(ended(frame)); frame.src = t + '/frame'; document.body.appendChild(frame);
});
settle(new Promise(function (done) { var w = new Worker('worker.js'); w.onmessage = done; w.onerror = done; }));
settle(navigator.serviceWorker.register('sw.js').then(function () { return navigator.serviceWorker.ready; }));
// The popup once the frames have loaded: the headless shell, behind a proxy, may never finish a frame's load begun as a popup opens.
Promise.all(waits).then(function () { window.open(targets[0] + '/popup'); setTimeout(function () { window.attempted = true; }, 500); });
</script></body></html>`;
  const worker = `var targets = ${list};
Promise.all(targets.map(function (t) { return Promise.all([fetch(t + '/from-worker').catch(function () {}),
  new Promise(function (done) { var ws = new WebSocket(t.replace(/^http/, 'ws') + '/ws'); ws.onerror = ws.onclose = done; })]); })).then(function () { postMessage('done'); });`;
  const serviceWorker = `var targets = ${list};
self.addEventListener('install', function (e) { e.waitUntil(Promise.all(targets.map(function (t) { return fetch(t + '/from-service-worker').catch(function () {}); }))); });`;
  return { page, worker, serviceWorker };
}

let services: Awaited<ReturnType<typeof listener>>[];
/** The site the site task names, and one of the manifest's that it does not. */
let named: Server;
let namedUrl: string;
let otherSite: Awaited<ReturnType<typeof listener>>;
let targets: string[];

before(async () => {
  services = await Promise.all(['127.0.0.1', '127.0.0.2', '::1'].map(listener));
  otherSite = await listener('127.0.0.1');
  const [local] = services;
  // Loopback by name, the machine's other services, another site, the cloud's metadata address, a private address.
  targets = [...services.map((s) => s.url), local!.url.replace('127.0.0.1', 'localhost'), otherSite.url, 'http://169.254.169.254', 'http://10.0.0.1'];
  named = createServer((req, res) => {
    const pages = hostilePage(targets, [`${namedUrl}/redirect`]);
    if (req.url?.startsWith('/redirect/')) return void res.writeHead(302, { location: `${local!.url}/redirected` }).end();
    const body = { '/': pages.page, '/worker.js': pages.worker, '/sw.js': pages.serviceWorker }[req.url ?? ''];
    if (body === undefined) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': req.url === '/' ? 'text/html' : 'text/javascript' }).end(body);
  });
  await new Promise<void>((done) => named.listen(0, '127.0.0.1', done));
  namedUrl = `http://127.0.0.1:${(named.address() as AddressInfo).port}`;
});

after(() => {
  for (const s of [...services, otherSite]) s.close();
  named.close();
});

/** The gate's name for each attempt towards a target: the URL, or a tunnel's host:port. */
const blockedOf = (target: string) => ATTEMPTS.map((a) => (a === 'CONNECT' ? `CONNECT ${target.replace(/^https?:\/\//, '').replace(/^([^:]+|\[[^\]]+\])$/, '$1:80')}` : `${a.split(' ')[0]} ${target}${a.split(' ')[1]}`));

test('a page on the task server and a page on a site reach no other service of the machine and no site their task does not name, by any kind of request; page-events.json lists each as blocked', async () => {
  const tasks = tempDir();
  const served = hostilePage(targets);
  writeFileSync(join(tasks, 'hostile.html'), served.page);
  writeFileSync(join(tasks, 'worker.js'), served.worker);
  writeFileSync(join(tasks, 'sw.js'), served.serviceWorker);
  const common = `split: test\ngoal: Do nothing.\nready: window.attempted === true\neval:\n  - page: window.attempted === true\n`;
  writeFileSync(join(tasks, 'served.yaml'), `id: served\ntitle: A hostile page of the task's folder\npage: hostile.html\n${common}instances: [{ id: one, values: {} }]\n`);
  writeFileSync(join(tasks, 'on-site.yaml'), `id: on-site\ntitle: A hostile page on a site\nsite: named\nstart_url: /\n${common}instances: [{ id: one, values: {} }]\n`);
  writeFileSync(join(tasks, 'tasks.yaml'), 'tasks: [served.yaml, on-site.yaml]\nsites:\n  named: { env: GATE_NAMED_URL }\n  other: { env: GATE_OTHER_URL }\n');
  const report = join(tempDir(), 'report.json');
  const run = await runPlaywrightAsync(['test', '--project=do-nothing', '--workers=1', '--reporter=json'], {
    BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_ALLURE: 'off', PLAYWRIGHT_JSON_OUTPUT_FILE: report, GATE_NAMED_URL: namedUrl, GATE_OTHER_URL: otherSite.url,
  });
  assert.equal(run.code, 0, run.output);
  assert.deepEqual([...services, otherSite].map((s) => [s.url, s.connections]), [...services, otherSite].map((s) => [s.url, 0]));
  const events = jsonAttachments<{ blocked: { method: string; url: string }[]; opened: { url: string }[]; dropped: number }>(report, 'page-events.json');
  assert.equal(events.length, 2);
  for (const { tags, value: { blocked, opened, dropped } } of events) {
    const title = tags.join(' ');
    const seen = new Set(blocked.map((b) => `${b.method} ${b.url}`));
    const expected = [...targets.flatMap(blockedOf), `GET ${targets[0]}/popup`, ...(title.includes('on-site') ? [`GET ${services[0]!.url}/redirected`] : [])];
    assert.deepEqual(expected.filter((e) => !seen.has(e)), [], `${title}: not in page-events.json's blocked list`);
    assert.deepEqual(opened.map((o) => o.url), [`${targets[0]}/popup`], `${title}: the popup`);
    assert.equal(dropped, 0, `${title}: events past the kept ones`);
  }
});

test('the gate relays plain requests and tunnels to an allowed origin, refuses others, and cuts short what its origin cut short', async () => {
  const gate = await OriginGate.start();
  const refused: string[] = [];
  gate.onBlocked = ({ method, url }) => refused.push(`${method} ${url}`);
  const origin = createServer((req, res) => {
    if (req.url === '/cut') return void res.writeHead(200, { 'content-length': '100' }).write('partial', () => res.destroy());
    const body = `${req.method} ${req.url}`;
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
  const allowed = `127.0.0.1:${(origin.address() as AddressInfo).port}`;
  gate.allow([`http://${allowed}`]);
  const [proxyHost, proxyPort] = [new URL(gate.proxy().server).hostname, Number(new URL(gate.proxy().server).port)];
  /** What the gate answers to `head` sent on a fresh connection (a proxy request or a CONNECT), in full. */
  const exchange = (head: string, then = '') => new Promise<string>((done) => {
    let answer = '';
    const socket = connect(proxyPort, proxyHost, () => socket.write(head));
    socket.on('data', (d) => {
      answer += d;
      if (then && answer.includes('\r\n\r\n')) socket.end(then), (then = '');
    });
    socket.on('error', () => {});
    // A connection the gate leaves open is a failure to see, not a run that never ends.
    socket.setTimeout(5000, () => {
      answer += ' [left open]';
      socket.destroy();
    });
    socket.on('close', () => done(answer));
  });
  try {
    assert.match(await exchange(`GET http://${allowed}/page HTTP/1.1\r\nhost: ${allowed}\r\nconnection: close\r\n\r\n`), /^HTTP\/1\.1 200[^]*\r\n\r\nGET \/page$/);
    assert.match(await exchange(`CONNECT ${allowed} HTTP/1.1\r\nhost: ${allowed}\r\n\r\n`, `GET /tunnelled HTTP/1.1\r\nhost: ${allowed}\r\nconnection: close\r\n\r\n`), /^HTTP\/1\.1 200 Connection Established\r\n\r\nHTTP\/1\.1 200[^]*GET \/tunnelled$/);
    const cut = await exchange(`GET http://${allowed}/cut HTTP/1.1\r\nhost: ${allowed}\r\n\r\n`);
    assert.match(cut, /content-length: 100[^]*\r\n\r\npartial$/);
    assert.match(await exchange(`CONNECT 127.0.0.1:1 HTTP/1.1\r\nhost: 127.0.0.1:1\r\n\r\n`), /^HTTP\/1\.1 403/);
    assert.match(await exchange(`GET http://127.0.0.2:${allowed.split(':')[1]}/ HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`), /^HTTP\/1\.1 403/);
    assert.deepEqual(refused, ['CONNECT 127.0.0.1:1', `GET http://127.0.0.2:${allowed.split(':')[1]}/`]);
  } finally {
    await gate.close();
    origin.close();
  }
});

test("a replaced context's gate, retired: its tunnels cut, every request refused unreported, then closed with the context", { timeout: 10_000 }, async () => {
  const gate = await OriginGate.start();
  const refused: string[] = [];
  gate.onBlocked = ({ url }) => refused.push(url);
  const origin = createServer((req, res) => void res.writeHead(200).end('ok'));
  await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
  const allowed = `127.0.0.1:${(origin.address() as AddressInfo).port}`;
  gate.allow([`http://${allowed}`]);
  const proxy = new URL(gate.proxy().server);
  // A tunnel the dropped page opened before: established, then kept open.
  const tunnel = connect(Number(proxy.port), proxy.hostname);
  const tunnelClosed = new Promise<void>((done) => tunnel.on('close', () => done()));
  tunnel.on('error', () => {});
  await new Promise<void>((done) => {
    tunnel.write(`CONNECT ${allowed} HTTP/1.1\r\nhost: ${allowed}\r\n\r\n`);
    tunnel.once('data', () => done());
  });
  let closeContext = () => {};
  try {
    gate.retire(new Promise<void>((done) => (closeContext = done)));
    await tunnelClosed;
    assert.match(await answerOf(proxyRequest(gate.proxy().server, 'GET', `http://${allowed}/`)), /^403 /);
    assert.deepEqual(refused, []);
    closeContext();
    await assert.rejects(answerOf(proxyRequest(gate.proxy().server, 'GET', `http://${allowed}/`)), { code: 'ECONNREFUSED' });
  } finally {
    closeContext();
    origin.close();
  }
});

test('a request the origin drops on a kept-alive connection (its keep-alive timeout ran out as it arrived) is sent again on a fresh one, its body too', async () => {
  const gate = await OriginGate.start();
  // Answers the first request of each connection and keeps the connection; closes it, unanswered, at the next.
  let connections = 0;
  const origin = createTcpServer((socket) => {
    connections++;
    let answered = false;
    let received = '';
    socket.on('error', () => {});
    socket.on('data', (d) => {
      if (answered) return void socket.destroy();
      received += d;
      const [head = '', body = ''] = received.split('\r\n\r\n');
      if (!received.includes('\r\n\r\n') || body.length < Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0)) return;
      answered = true;
      const answer = `${head.split(' ').slice(0, 2).join(' ')} ${body}`;
      socket.write(`HTTP/1.1 200 OK\r\ncontent-length: ${answer.length}\r\nconnection: keep-alive\r\n\r\n${answer}`);
    });
  });
  await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
  const allowed = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  gate.allow([allowed]);
  const viaGate = (method: string, path: string, body?: string) => answerOf(proxyRequest(gate.proxy().server, method, allowed + path, body));
  try {
    assert.equal(await viaGate('GET', '/first'), '200 GET /first ');
    assert.equal(await viaGate('POST', '/second', 'x=1&y=2'), '200 POST /second x=1&y=2');
    assert.equal(await viaGate('GET', '/third'), '200 GET /third ');
    assert.equal(connections, 3);
  } finally {
    await gate.close();
    origin.close();
  }
});

test('a request the browser gave up while its origin had it on a kept-alive connection is not sent again', async () => {
  const gate = await OriginGate.start();
  const seen: string[] = [];
  // Answers /fast; holds /slow unanswered.
  const origin = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/fast') res.end('fast');
  });
  await new Promise<void>((done) => origin.listen(0, '127.0.0.1', done));
  const allowed = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  gate.allow([allowed]);
  try {
    assert.equal(await answerOf(proxyRequest(gate.proxy().server, 'GET', `${allowed}/fast`)), '200 fast');
    const slow = proxyRequest(gate.proxy().server, 'POST', `${allowed}/slow`, 'x=1').on('error', () => {});
    while (!seen.includes('/slow')) await new Promise((done) => setTimeout(done, 10));
    slow.destroy();
    await new Promise((done) => setTimeout(done, 300));
    assert.deepEqual(seen, ['/fast', '/slow']);
  } finally {
    await gate.close();
    origin.closeAllConnections();
    origin.close();
  }
});
