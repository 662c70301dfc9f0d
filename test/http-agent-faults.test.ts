import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from '@playwright/test';
import config from '../playwright.config.ts';
import { http } from '../agents/http/agent.ts';
import { PROTOCOL_VERSION } from '../agents/http/protocol.ts';
import { missingServer, settingsProblem } from '../agents/http/settings.ts';
import { httpProject } from '../config/projects.ts';
import { ActionLibrary } from '../src/actions/library.ts';
import type { AgentReport, EpisodeInput } from '../src/agent/types.ts';
import { GOAL_ACTIONS } from '../src/runner/episode.ts';
import { readFields } from '../src/values/read-fields.ts';
import { requestProblems, ScriptedAgentServer, type Scripted } from './agent-server.ts';
import { ROOT } from './helpers.ts';

// The HTTP agent against a stand-in server in this process: what it retries, what it records
// of a server that answers garbage, and that what it sends is the schema's. The agent's
// functions are driven directly; the end-to-end runs are in http-agent.test.ts.

const TASK = { id: 'shop', title: 'Shop', description: 'Buy something.', split: 'test' };
const emptyReport = (): AgentReport => ({ usage: {}, log: [] });

/** A step's input as the episode gives it, against `url`; short timeouts keep the retries quick. */
function stepInput(url: string, timeoutMs = 2000): EpisodeInput {
  return {
    task: TASK, instanceId: 'one', seed: 7, goal: 'Press Go.',
    observation: { step: 0, url: 'http://127.0.0.1:1/shop', title: 'Shop', tabs: [{ index: 0, url: 'http://127.0.0.1:1/shop', title: 'Shop', focused: true }], snapshot: '- button "Go" [ref=e1]' },
    history: [], actionSet: GOAL_ACTIONS, options: { url, timeoutMs, retries: 2, model: 'small' }, report: emptyReport(),
  };
}

/** One step against a server answering from `script`: what the agent returned, and what it sent and recorded. */
async function stepAgainst(script: (previous: number) => Scripted, timeoutMs?: number) {
  const server = await ScriptedAgentServer.start((_, previous) => script(previous));
  try {
    const input = stepInput(server.url, timeoutMs);
    const result = await http.step!(input);
    return { result, requests: server.requests, report: input.report, url: server.url };
  } finally {
    await server.close();
  }
}

const REPLY = { action: 'click("e1")', reasoning: 'the only button', usage: { promptTokens: 120, completionTokens: 8, cost: 0.0004 } };

test('a 5xx, then a reply: retried and used; the request is the schema\'s, with agentOptions but url, timeoutMs and retries', async () => {
  const { result, requests, report } = await stepAgainst((n) => (n === 0 ? { status: 503, text: 'overloaded' } : { json: REPLY }));
  assert.deepEqual(result, { action: 'click("e1")', reasoning: 'the only button' });
  assert.equal(requests.length, 2);
  assert.deepEqual(requestProblems('stepRequest', requests[0]), []);
  // The check sees what the schema does not describe.
  assert.deepEqual(requestProblems('stepRequest', { ...requests[0], tabs: [] }), ['/ must NOT have additional properties: tabs']);
  assert.deepEqual(requests[0]!.options, { model: 'small' });
  assert.deepEqual((requests[0]!.actionSet as { name: string; forms: string[] }[]).find((a) => a.name === 'click'), { name: 'click', forms: ['click(target, button?)', 'click(x, y)'] });
  assert.deepEqual(report.usage, { 'step 1': { calls: 2, promptTokens: 120, completionTokens: 8, cost: 0.0004, cached: 0 } });
  assert.deepEqual(report.log.map((l) => ({ ...(l as object), ms: 0 })), [{ kind: 'step', step: 1, status: 200, attempts: 2, ms: 0, action: 'click("e1")', reasoning: 'the only button' }]);
});

test('a request that hangs times out and is retried', async () => {
  const { result, requests, report } = await stepAgainst((n) => (n === 0 ? { hang: true } : { json: { action: 'noop()' } }), 300);
  assert.deepEqual(result, { action: 'noop()' });
  assert.equal(requests.length, 2);
  const [log] = report.log as { attempts: number; ms: number }[];
  assert.ok(log!.attempts === 2 && log!.ms >= 300, JSON.stringify(log));
  // No cost stated: unknown, not free.
  assert.equal(report.usage['step 1']!.cost, null);
});

test('a 4xx is not retried; a 5xx every time gives up after the retries: the agent fails, naming the server', async () => {
  const refused = await stepAgainst(() => ({ status: 400, text: '{"error": "bad request"}' }));
  assert.equal(refused.requests.length, 1);
  assert.deepEqual(refused.result, { failed: `agent server ${refused.url} answered 400: {"error": "bad request"} (after 1 attempt)` });
  const broken = await stepAgainst(() => ({ status: 500, text: '' }));
  assert.equal(broken.requests.length, 3);
  assert.deepEqual(broken.result, { failed: `agent server ${broken.url} answered 500 (after 3 attempts)` });
  assert.equal(broken.report.usage['step 1']!.error, (broken.result as { failed: string }).failed);
});

test('garbage is a reply with no usable action, saying what was wrong; null stops', async () => {
  const garbage: [Scripted, RegExp][] = [
    [{ text: '<html>Internal error</html>' }, /^the reply is not JSON: Unexpected token '<'/],
    [{ json: { reasoning: 'thinking' } }, /^the reply is not the protocol's \(schemas\/agent-protocol\.schema\.json\): must have required property 'action'$/],
    [{ json: { action: 42 } }, /: action must be string,null$/],
    [{ json: { action: 'click("e1")', version: 2 } }, /^the reply is for protocol version 2; this harness speaks version 1$/],
  ];
  for (const [answer, expected] of garbage) {
    const { result, report } = await stepAgainst(() => answer);
    assert.equal((result as { action: string }).action, '');
    assert.match((result as { error: string }).error, expected);
    assert.match(report.usage['step 1']!.error!, expected);
    assert.match((report.log[0] as { error: string }).error, expected);
  }
  assert.equal((await stepAgainst(() => ({ json: { action: null, reasoning: 'done' } }))).result, null);
});

test('a server that is gone: the agent fails after 3 attempts with the connection\'s error', async () => {
  const server = await ScriptedAgentServer.start(() => ({ json: REPLY }));
  await server.close();
  const port = new URL(server.url).port;
  assert.deepEqual(await http.step!(stepInput(server.url)), { failed: `agent server ${server.url} unreachable after 3 attempts: connect ECONNREFUSED 127.0.0.1:${port}` });
});

test('agentOptions: url is required and must be http(s); timeoutMs, retries and observe are checked', () => {
  assert.match(missingServer({})!, /needs its server's address in agentOptions\.url \(the http project reads BENCHWRIGHT_AGENT_URL/);
  assert.equal(missingServer({ url: 'localhost:8765' }), undefined);
  assert.match(settingsProblem({ url: 'ftp://host/' })!, /^agentOptions\.url must be an http\(s\) URL, not "ftp:\/\/host\/"$/);
  assert.match(settingsProblem({ url: 'localhost:8765' })!, /must be an http\(s\) URL/);
  assert.match(settingsProblem({ url: 'http://h/', timeoutMs: '5s' })!, /timeoutMs must be a positive number/);
  assert.match(settingsProblem({ url: 'http://h/', retries: -1 })!, /retries must be a whole number/);
  // A project that names a server with wrong settings stops the run as the config loads, never skipped.
  assert.throws(() => httpProject('mine', { url: 'http://h/', retries: -1 }), /^Error: project mine: agentOptions\.retries must be a whole number/);
  assert.match(settingsProblem({ url: 'http://h/', observe: { dom: true } })!, /^agentOptions\.observe must be an object of screenshot: true or false, html: true or false, boxes: true or false, browsergym: \{ \.\.\. \}, not \{"dom":true\}$/);
  assert.match(settingsProblem({ url: 'http://h/', observe: { browsergym: { axtree: 'yes' } } })!, /^agentOptions\.observe\.browsergym must be an object of axtree: true or false, .*coords: "center" or "box", not \{"axtree":"yes"\}$/);
  assert.equal(settingsProblem({ url: 'http://h/', observe: { boxes: true, browsergym: { axtree: true, coords: 'box' } } }), undefined);
  assert.match(settingsProblem({ url: 'http://h/', observe: ['html'] })!, /^agentOptions\.observe must be an object/);
  assert.equal(settingsProblem({ url: 'https://agents.example/v1/act', timeoutMs: 1000, retries: 0, observe: { html: true } }), undefined);
  assert.deepEqual(http.observes!({ url: 'http://h/', observe: { html: true } }), { screenshot: false, html: true, boxes: false });
  assert.deepEqual(http.observes!({ url: 'http://h/', observe: { browsergym: { axtree: true } } }), { screenshot: false, html: false, boxes: false, browsergym: { axtree: true } });
  // The harness asks the agent with the project's agentOptions.
  assert.match(http.unavailable!({})!, /needs its server's address/);
  assert.equal(http.unavailable!({ url: 'http://127.0.0.1:8765/' }), undefined);
});

test('the schema describes every property of every message, and its $id carries the version', () => {
  const schema = JSON.parse(readFileSync(join(ROOT, 'schemas', 'agent-protocol.schema.json'), 'utf8')) as { $id: string };
  assert.equal(schema.$id, `urn:benchwright:agent-protocol:${PROTOCOL_VERSION}`);
  const undescribed: string[] = [];
  let seen = 0;
  const walk = (node: unknown, path: string): void => {
    if (!node || typeof node !== 'object') return;
    const { properties } = node as { properties?: Record<string, { description?: string; $ref?: string }> };
    for (const [name, property] of Object.entries(properties ?? {})) {
      seen++;
      // A $ref's target carries the description (draft-07 ignores a $ref's siblings).
      if (!property.description && !property.$ref) undescribed.push(`${path}.${name}`);
    }
    for (const [key, child] of Object.entries(node)) walk(child, `${path}.${key}`);
  };
  walk(schema, '');
  assert.ok(seen > 50, `${seen} properties`);
  assert.deepEqual(undescribed, []);
});

// Form tasks, on a real page.
let browser: Browser;
before(async () => (browser = await chromium.launch(config.use?.launchOptions)));
after(() => browser.close());

const FORM = `<form>
  <label><input type="radio" name="colour" value="red"> Red</label><label><input type="radio" name="colour" value="blue"> Blue</label>
  <select name="size"><option>S</option><option>M</option></select>
  <input name="note">
  <label><input type="checkbox" name="extras" value="wrap"> Gift wrap</label>
</form>`;

/** The agent's run of FORM against `url`: the page after it, and what it recorded. */
async function formAgainst(url: string) {
  const page = await browser.newPage();
  try {
    await page.setContent(FORM);
    const fields = await readFields(page, ['colour', 'size', 'note', 'extras']);
    const report = emptyReport();
    await http.run!({ page, actions: new ActionLibrary(page, { timeout: 1000 }), task: TASK, instanceId: 'one', fields, seed: 7, options: { url, timeoutMs: 2000 }, report, demonstrations: () => [] });
    const values = await readFields(page, ['colour', 'size', 'note', 'extras']);
    return { values: Object.fromEntries(values.map((f) => [f.name, f.value])), report };
  } finally {
    await page.close();
  }
}

test('a form: each field\'s reply, retried or garbage or about another field, ends as that field\'s value or its error', async () => {
  const asked: Record<string, number> = {};
  const server = await ScriptedAgentServer.start((request): Scripted => {
    const field = (request.field as { name: string }).name;
    asked[field] = (asked[field] ?? 0) + 1;
    if (field === 'colour') return asked[field] === 1 ? { status: 502, text: '' } : { json: { action: 'modify_radio("colour", "blue")' } };
    if (field === 'size') return { json: { action: 'modify_select("size", "XL")' } };
    if (field === 'note') return { text: 'modify_text("note", "hi")' };
    return { json: { action: 'modify_radio("colour", "red")' } };
  });
  try {
    const { values, report } = await formAgainst(server.url);
    assert.deepEqual(values, { colour: 'blue', size: 'S', note: '', extras: [] });
    assert.deepEqual(asked, { colour: 2, size: 1, note: 1, extras: 1 });
    const errors = Object.fromEntries(Object.entries(report.usage).map(([field, u]) => [field, u.error]));
    assert.deepEqual(errors, {
      colour: undefined,
      size: 'modify_select("size", "XL"): select "size" has no option "XL" (options: S, M)',
      note: 'the reply is not JSON: Unexpected token \'m\', "modify_tex"... is not valid JSON',
      extras: 'no action for the field "extras" (got modify_radio("colour", "red"))',
    });
    for (const request of server.requests) assert.deepEqual(requestProblems('fieldRequest', request), []);
    assert.ok(server.requests.every((r) => (r.html as string).includes('name="colour"')));
    assert.deepEqual((server.requests[0]!.actionSet as { name: string }[]).map((a) => a.name), ['modify_text', 'modify_checkbox', 'modify_radio', 'modify_select', 'modify_range']);
  } finally {
    await server.close();
  }
});

test('a form whose server is gone: the first field records why, the others are not asked and say so', async () => {
  const server = await ScriptedAgentServer.start(() => ({ json: { action: null } }));
  await server.close();
  const { values, report } = await formAgainst(server.url);
  assert.deepEqual(values, { colour: '', size: 'S', note: '', extras: [] });
  assert.equal(report.log.length, 1, 'one field asked');
  const errors = Object.values(report.usage).map((u) => u.error);
  assert.match(errors[0]!, /^agent server http:\/\/127\.0\.0\.1:\d+\/ unreachable after 3 attempts: connect ECONNREFUSED/);
  assert.deepEqual(errors.slice(1), ['size', 'note', 'extras'].map(() => `not asked: the agent server was unreachable for the field "colour" (${errors[0]})`));
});
