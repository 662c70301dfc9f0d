import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import '../src/benchmarks/index.ts';
import { importWorkArena } from '../src/benchmarks/workarena/import.ts';
import { L1_TASKS } from '../src/benchmarks/workarena/l1-tasks.ts';
import { l1Seeds, pickedEntry } from '../src/benchmarks/workarena/seeds.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { ROOT, tempDir } from './helpers.ts';

const CHECKOUT = join(ROOT, '..', 'shared', 'workarena');
const skip = existsSync(CHECKOUT) ? false : 'the WorkArena checkout (../shared/workarena) is not beside the project';

test("L1's 33 tasks carry WorkArena's ids, and its seeds are BrowserGym's workarena_l1 list (numpy's RandomState(42))", () => {
  assert.equal(L1_TASKS.length, 33);
  assert.equal(new Set(L1_TASKS.map((t) => t.id)).size, 33);
  assert.ok(L1_TASKS.some((t) => t.id === 'order-development-laptop-p-c'));
  const seeds = l1Seeds();
  // As numpy draws them (recomputed with numpy 2.4.6).
  assert.deepEqual(seeds.get('multi-chart-value-retrieval'), [102, 435, 860, 270, 106, 71, 700, 20, 614, 121]);
  assert.deepEqual(seeds.get('sort-asset-list'), [47, 502, 406, 573, 727, 804, 98, 683, 871, 725]);
  assert.deepEqual(seeds.get('order-loaner-laptop'), [143, 608, 200, 123, 186, 325, 463, 348, 770, 659]);
  assert.ok([...Array(200).keys()].every((seed) => pickedEntry(seed, 75) < 75));
});

test('the checkout imported: every L1 task whose configurations are there, every entry an instance, goals as WorkArena writes them, 0 validation errors', { skip }, () => {
  const out = tempDir();
  const { tasks } = importWorkArena(CHECKOUT, out);
  const failed = tasks.filter((t) => t.error);
  // This copy lacks ten configuration files (its README): their tasks say which.
  assert.deepEqual(failed.map((t) => t.id).sort(), L1_TASKS.filter((t) => t.family === 'list-filter' || (t.family === 'form' && t.id !== 'create-user')).map((t) => t.id).sort());
  assert.match(failed[0]!.error!, /its configuration file create_change_request_task\.json is not in /);
  const counts: Record<string, number> = {};
  let instances = 0;
  for (const dir of readdirSync(out).filter((d) => d !== 'tasks.yaml')) {
    const loaded = loadTaskFile(join(out, dir, 'task.yaml'));
    assert.deepEqual(loaded.errors, [], dir);
    const family = L1_TASKS.find((t) => t.id === dir)!.family;
    counts[family] = (counts[family] ?? 0) + loaded.task!.instances.length;
    instances += loaded.task!.instances.length;
    // Each task's ten seeds pick entries of it: those are tagged l1.
    assert.ok(loaded.task!.instances.filter((i) => i.tags?.includes('l1')).length <= 10);
  }
  assert.equal(instances, 4917);
  assert.deepEqual(counts, { dashboard: 892, form: 500, knowledge: 500, 'list-sort': 450, menu: 500, impersonation: 300, catalog: 1775 });
  const goal = (task: string, id: string) => loadTaskFile(join(out, task, 'task.yaml')).task!.instances.find((i) => i.id === id)!.episode!.goal;
  assert.deepEqual(goal('order-developer-laptop', '3'), { text: "Go to the hardware store and order 1 \"Developer Laptop (Mac)\" with configuration {'Additional software requirements': 'Trello, Salesforce, Microsoft Office 365, Google Workspace, HubSpot', 'Adobe Acrobat': True, 'Adobe Photoshop': False, 'Eclipse IDE': True}" });
  assert.deepEqual(goal('sort-asset-list', '0'), { text: 'Sort the "assets" list by the following fields:\n - Asset function (ascending)' });
  assert.match((goal('create-user', '0') as { text: string }).text, /^Create a new user with a value of ".*" for field "User ID", .*, and a value of ".*" for field ".*"\.$/);
});
