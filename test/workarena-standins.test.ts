// WorkArena end to end without a ServiceNow instance: its L1 configurations imported from the
// checkout beside the project (../shared/workarena, with test/fixtures/workarena for the list
// filters it lacks), then run on the ServiceNow stand-in (test/sites/servicenow/) with
// WorkArena's setup and clean-up around each instance: every family, oracle and do-nothing.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import '../src/benchmarks/index.ts';
import { importWorkArena } from '../src/benchmarks/workarena/import.ts';
import { L1_TASKS } from '../src/benchmarks/workarena/l1-tasks.ts';
import { readResults } from '../src/runs/results-file.ts';
import { ROOT, runPlaywrightAsync, tempDir } from './helpers.ts';
import { SERVICENOW_ADMIN, ServiceNowSite } from './sites/servicenow/servicenow-site.ts';
import { configFolder, furnish, type Chosen } from './workarena-stand-in-data.ts';

const DATA = join(ROOT, '..', 'shared', 'workarena', 'src', 'browsergym', 'workarena', 'data_files');
const skip = existsSync(DATA) ? false : 'the WorkArena checkout (../shared/workarena) is not beside the project';
/** A few instances of each family: sorts by one field and by several, filters AND and OR over a choice, a reference, text and a boolean, ... */
const CHOSEN: Chosen = {
  'sort-incident-list': ['0', '1'], 'sort-user-list': ['2'],
  'filter-incident-list': ['0', '1', '2'],
  'create-user': ['0', '3'],
  'knowledge-base-search': ['0', '7'],
  'order-developer-laptop': ['0'], 'order-ipad-mini': ['0'], 'order-apple-watch': ['1'],
  // A module two sections deep whose URL has a fragment, one with an encoded query, one outside the classic shell, one at the top.
  'all-menu': ['0', '3', '9', '10'],
  impersonation: ['0', '1'],
  // A chart found by its title among others, one series named among two, reports' first charts.
  'multi-chart-value-retrieval': ['0', '2'], 'multi-chart-min-max-retrieval': ['0'], 'single-chart-value-retrieval': ['0'], 'single-chart-min-max-retrieval': ['0', '1'],
};
const GREP = Object.entries(CHOSEN).map(([task, ids]) => `${task} (${ids.join('|')})( |$)`).join('|');

let site: ServiceNowSite;
let env: Record<string, string>;

before(async () => {
  if (skip) return;
  site = await ServiceNowSite.start();
  const configs = configFolder(join(DATA, 'task_configs'), join(ROOT, 'test', 'fixtures', 'workarena'));
  const out = tempDir();
  importWorkArena(configs, out);
  furnish(site, configs, CHOSEN, join(DATA, 'setup_files', 'knowledge', 'knowledge_base.json'));
  env = {
    BENCHWRIGHT_TASKS: join(out, 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off',
    BENCHWRIGHT_SERVICENOW_URL: site.url, BENCHWRIGHT_SERVICENOW_USER: SERVICENOW_ADMIN.name, BENCHWRIGHT_SERVICENOW_PASSWORD: SERVICENOW_ADMIN.password,
  };
});
after(() => site?.close());

const rows = (dir: string) => readResults(join(dir, 'benchwright-report', 'latest', 'results.json')).instances;
const scores = (dir: string) => Object.fromEntries(rows(dir).map((i) => [`${i.task} ${i.instance}`, i.score ?? i.error ?? i.outcome]));
const chosen = (score: number) => Object.fromEntries(Object.entries(CHOSEN).flatMap(([task, ids]) => ids.map((id) => [`${task} ${id}`, score])));
/** What WorkArena's setup makes and an episode creates (a user, its roles and theme, a form's record, an order): nothing may be left once an instance is over. */
const leftovers = () => {
  const count = (table: string) => site.tables.table(table)!.records.length;
  return {
    workarenaUsers: site.tables.query('sys_user', 'user_nameSTARTSWITHworkarena.').length,
    createdUsers: site.tables.query('sys_user', 'sys_created_byISNOTEMPTY^sys_created_by!=admin').length,
    roles: count('sys_user_has_role'), preferences: count('sys_user_preference'),
    requests: count('sc_request'), items: count('sc_req_item'), options: count('sc_item_option'), links: count('sc_item_option_mtom'),
  };
};
const CLEAN = { workarenaUsers: 0, createdUsers: 0, roles: 0, preferences: 0, requests: 0, items: 0, options: 0, links: 0 };

test('every WorkArena family on the stand-in: the oracle 1.000 and do-nothing 0, each instance as a user of its own, signed in as WorkArena does, and nothing left after it', { skip }, async () => {
  assert.deepEqual(new Set(Object.keys(CHOSEN).map((id) => L1_TASKS.find((t) => t.id === id)!.family)).size, 8, 'every family is run');
  const oracle = await runPlaywrightAsync(['test', '--project=oracle', '--workers=2', '--grep', GREP], env);
  assert.equal(oracle.code, 0, oracle.output);
  assert.deepEqual(scores(oracle.dir), chosen(1));
  // One user per instance, created by setup (workarena.<tag>.<number>), each signed in once.
  const instances = Object.values(CHOSEN).flat().length;
  assert.equal(site.logins.length, instances);
  assert.ok(site.logins.every((u) => /^workarena\.[0-9a-f]{8}\.\d{4}$/.test(u)), site.logins.join(' '));
  assert.equal(new Set(site.logins).size, instances);
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
