// npm run bench's floor inside Playwright Test: one test per instance doing only what the bare
// floor does (page.goto, one evaluate reading every field) on a page kept per worker, with no
// fixture, attachment or reporter of benchwright's: what Playwright Test itself costs a test.
import { test as base, type Page } from '@playwright/test';
import { goldFields } from '../../src/evaluators/fields/score-fields.ts';
import { selectInstances } from '../../src/runner/selection.ts';
import { instanceById } from '../../src/task/seeds.ts';
import { TaskServer } from '../../src/server/task-server.ts';
import { loadBenchmark } from '../../src/task/benchmark.ts';
import { loadTaskFile } from '../../src/task/load-task.ts';
import type { Task } from '../../src/task/types.ts';
import { readFields } from '../../src/values/read-fields.ts';

const test = base.extend<{}, { server: TaskServer; floorPage: Page; task: (file: string) => Task }>({
  server: [async ({}, use) => {
    const server = await TaskServer.start();
    await use(server);
    await server.close();
  }, { scope: 'worker' }],
  floorPage: [async ({ browser }, use) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('dialog', (d) => d.accept().catch(() => {}));
    await use(page);
  }, { scope: 'worker' }],
  task: [async ({ server }, use) => {
    const loaded = new Map<string, Task>();
    await use((file) => {
      if (!loaded.has(file)) {
        const task = loadTaskFile(file).task!;
        server.add(task);
        loaded.set(file, task);
      }
      return loaded.get(file)!;
    });
  }, { scope: 'worker' }],
});

for (const { task: summary, instances } of selectInstances(loadBenchmark(process.env.BENCHWRIGHT_TASKS!)).tasks) {
  for (const { id } of instances) {
    test(`${summary.id} ${id}`, async ({ floorPage, server, task }) => {
      const loaded = task(summary.file);
      const instance = instanceById(loaded, id)!;
      await floorPage.goto(server.urlOf(loaded, instance), { waitUntil: 'load' });
      await readFields(floorPage, goldFields(loaded.fields, instance).map((f) => f.name));
    });
  }
}
