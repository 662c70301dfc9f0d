// The order tests are handed out in (src/runner/schedule.ts): tasks on pages as listed, then
// instances on sites spread so that each group (same sites, same ones held alone) runs across
// the whole run, not one site after another.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { schedule } from '../src/runner/schedule.ts';
import type { SelectedTask } from '../src/runner/selection.ts';
import type { TaskSummary } from '../src/task/types.ts';

const task = (id: string, count: number, sites: Partial<TaskSummary> = {}): SelectedTask => ({
  task: { file: `${id}.yaml`, id, instances: [], fields: [], goldFields: [], errors: [], ...sites },
  instances: Array.from({ length: count }, (_, i) => ({ id: `${id}${i}`, annotators: 0 })),
});

test('instances on sites are spread by how they use their sites; tasks on pages come first, in their order', () => {
  const order = schedule([
    task('shopA', 3, { site: 'shop', holdsAlone: ['shop'] }),
    task('shopB', 3, { site: 'shop', holdsAlone: ['shop'] }),
    task('forum', 3, { site: 'forum', holdsAlone: ['forum'] }),
    task('form', 2),
    task('read', 2, { site: 'shop' }),
  ]);
  assert.deepEqual(order.map((e) => `${e.instances.map((i) => i.id).join('+')}@${e.first}`), [
    'form0+form1@0',
    'shopA0@0', 'forum0@0', 'shopA1@1', 'read0@0', 'shopA2@2', 'forum1@1', 'shopB0+shopB1@0', 'read1@1', 'forum2@2', 'shopB2@2',
  ]);
  // One site used one way: the task's order, its instances together.
  assert.deepEqual(schedule([task('a', 2, { site: 'shop' }), task('b', 1, { site: 'shop' })]).map((e) => e.instances.length), [2, 1]);
});
