// WorkArena end to end without a ServiceNow instance: its L1 configurations imported from the
// checkout beside the project (../shared/workarena), then run on the ServiceNow stand-in
// (test/sites/servicenow/) with WorkArena's setup and clean-up around each instance.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import '../src/benchmarks/index.ts';
import { importWorkArena } from '../src/benchmarks/workarena/import.ts';
import { readResults } from '../src/runs/results-file.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { ROOT, runPlaywrightAsync, tempDir } from './helpers.ts';
import { SERVICENOW_ADMIN, ServiceNowSite } from './sites/servicenow/servicenow-site.ts';

const CHECKOUT = join(ROOT, '..', 'shared', 'workarena');
const skip = existsSync(CHECKOUT) ? false : 'the WorkArena checkout (../shared/workarena) is not beside the project';
/** The instances run here: a sort by one field and one by several. */
const CHOSEN = { 'sort-incident-list': ['0', '1'], 'sort-user-list': ['2'] };
const GREP = Object.entries(CHOSEN).map(([task, ids]) => `${task} (${ids.join('|')})( |$)`).join('|');

let site: ServiceNowSite;
let env: Record<string, string>;

before(async () => {
  if (skip) return;
  site = await ServiceNowSite.start();
  const out = tempDir();
  importWorkArena(CHECKOUT, out);
  // The stand-in's lists have the columns the chosen tasks sort by, labelled as their goals name them.
  for (const [id, instances] of Object.entries(CHOSEN)) {
    const task = loadTaskFile(join(out, id, 'task.yaml')).task!;
    for (const instance of task.instances.filter((i) => instances.includes(i.id))) {
      const { table, fields } = instance.eval![0]!.settings as { table: string; fields: string[] };
      const labels = [...instance.values.goal!.matchAll(/^ - (.*) \(/gm)].map((m) => m[1]!);
      site.tables.define(table, table, Object.fromEntries(fields.map((f, i) => [f, labels[i]!])));
    }
  }
  env = {
    BENCHWRIGHT_TASKS: join(out, 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off',
    BENCHWRIGHT_SERVICENOW_URL: site.url, BENCHWRIGHT_SERVICENOW_USER: SERVICENOW_ADMIN.name, BENCHWRIGHT_SERVICENOW_PASSWORD: SERVICENOW_ADMIN.password,
  };
});
after(() => site?.close());

const rows = (dir: string) => readResults(join(dir, 'benchwright-report', 'latest', 'results.json')).instances;
const scores = (dir: string) => Object.fromEntries(rows(dir).map((i) => [`${i.task} ${i.instance}`, i.score ?? i.error ?? i.outcome]));
const chosen = (score: number) => Object.fromEntries(Object.entries(CHOSEN).flatMap(([task, ids]) => ids.map((id) => [`${task} ${id}`, score])));
/** What WorkArena's setup makes: nothing of it may be left once an instance is over. */
const leftovers = () => ({
  users: site.tables.table('sys_user')!.records.map((u) => u.user_name),
  roles: site.tables.table('sys_user_has_role')!.records.length,
  preferences: site.tables.table('sys_user_preference')!.records.length,
});
const CLEAN = { users: ['admin', 'beth.anglin'], roles: 0, preferences: 0 };

test('sort tasks on the stand-in: the oracle 1.000 and do-nothing 0, each instance as a user of its own, signed in as WorkArena does and deleted after', { skip }, async () => {
  const oracle = await runPlaywrightAsync(['test', '--project=oracle', '--workers=2', '--grep', GREP], env);
  assert.equal(oracle.code, 0, oracle.output);
  assert.deepEqual(scores(oracle.dir), chosen(1));
  // One user per instance, created by setup (workarena.<tag>.<number>), each signed in once.
  assert.equal(site.logins.length, 3);
  assert.ok(site.logins.every((u) => /^workarena\.[0-9a-f]{8}\.\d{4}$/.test(u)), site.logins.join(' '));
  assert.equal(new Set(site.logins).size, 3);
  assert.deepEqual(leftovers(), CLEAN);

  const nothing = await runPlaywrightAsync(['test', '--project=do-nothing', '--workers=2', '--grep', GREP], env);
  assert.equal(nothing.code, 0, nothing.output);
  assert.deepEqual(scores(nothing.dir), chosen(0));
  assert.deepEqual(leftovers(), CLEAN);
});

test('a setup the instance refuses is an infrastructure failure of each instance, never scored as the agent\'s; nothing is left behind', { skip }, async () => {
  site.refuseUsers = true;
  try {
    const run = await runPlaywrightAsync(['test', '--project=oracle', '--workers=1', '--grep', 'sort-incident-list 0( |$)'], env);
    assert.notEqual(run.code, 0);
    const [row] = rows(run.dir);
    assert.equal(row!.outcome, 'errored');
    assert.equal(row!.score, null);
    assert.match(row!.infrastructure!, /^setting up the instance on site "servicenow" failed: POST \/api\/now\/table\/sys_user\?sysparm_input_display_value=true: HTTP 500 .*aborted by Business Rule/);
    assert.deepEqual(leftovers(), CLEAN);
  } finally {
    site.refuseUsers = false;
  }
});
