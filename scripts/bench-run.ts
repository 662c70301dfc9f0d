// npm run bench (second part): the cost of running instances, side by side on real tasks:
// the floor (bare Playwright: page.goto + one evaluate reading every field; on 1 page, and on
// 2 at once as 2 workers would), the same floor as one Playwright Test test per instance
// (scripts/bare-test: what the test runner itself costs), do-nothing and oracle through the
// runner (npx playwright test), with 1 and 2 workers; do-nothing also without the final
// screenshot (BENCHWRIGHT_SCREENSHOT=off). Runs use the JSON reporter (for per-test durations)
// and the benchmark reporter.
// Usage: tsx scripts/bench-run.ts [tasks] [instances per task]; default 40 train tasks x 2.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { importTurkingBench } from '../src/benchmarks/turkingbench/import.ts';
import { goldFields } from '../src/evaluators/fields/score-fields.ts';
import { instanceCount, selectInstances } from '../src/runner/selection.ts';
import { TaskServer } from '../src/server/task-server.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { readFields } from '../src/values/read-fields.ts';
import config from '../playwright.config.ts';
import { bareTestRun, runner } from './playwright-run.ts';
import { median } from './stats.ts';

const SHARED = '../shared/turkingbench';
const [taskCount = 40, perTask = 2] = process.argv.slice(2).map(Number);


/** Bare Playwright, same browser switches, `pages` pages (one a worker would have) each navigated from instance to instance. */
async function floor(manifest: string, pages = 1): Promise<{ durations: number[]; wallMs: number }> {
  const selection = selectInstances(loadBenchmark(manifest));
  const server = await TaskServer.start();
  const browser = await chromium.launch(config.use?.launchOptions);
  const loads = selection.tasks.flatMap(({ task: summary, instances }) => {
    const task = loadTaskFile(summary.file).task!;
    server.add(task);
    return instances.map(({ id }) => ({ task, instance: task.instances.find((i) => i.id === id)! }));
  });
  const durations: number[] = [];
  const started = performance.now();
  await Promise.all(Array.from({ length: pages }, async (_, p) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    page.on('dialog', (d) => d.accept().catch(() => {}));
    for (const { task, instance } of loads.filter((_, i) => i % pages === p)) {
      const start = performance.now();
      await page.goto(server.urlOf(task, instance), { waitUntil: 'load' });
      await readFields(page, goldFields(task.fields, instance).map((f) => f.name));
      durations.push(performance.now() - start);
    }
  }));
  const wallMs = performance.now() - started;
  await browser.close();
  await server.close();
  return { durations, wallMs };
}

if (!existsSync(SHARED)) {
  console.log(`no ${SHARED}: nothing to measure`);
  process.exit(0);
}
const work = mkdtempSync(join(tmpdir(), 'benchwright-bench-run-'));
try {
  const imported = join(work, 'tb');
  importTurkingBench(SHARED, imported);
  const train = loadBenchmark(imported).tasks.filter((t) => t.split === 'train' && t.instances.length);
  const chosen = train.filter((_, i) => i % Math.max(1, Math.floor(train.length / taskCount)) === 0).slice(0, taskCount);
  const manifest = join(work, 'tasks.yaml');
  writeFileSync(manifest, `tasks:\n${chosen.map((t) => `  - ${JSON.stringify(t.file)}`).join('\n')}\ndefaults:\n  instances: ${perTask}\n  seed: 1\n`);
  const n = instanceCount(selectInstances(loadBenchmark(manifest)));
  console.log(`${chosen.length} train tasks, ${n} instances (${perTask} per task)`);
  const floorRun = await floor(manifest);
  const base = median(floorRun.durations);
  const row = (label: string, times: number[], wallMs?: number) => console.log(
    `${label.padEnd(28)} median ${median(times).toFixed(0).padStart(5)} ms/instance  x${(median(times) / base).toFixed(2).padStart(5)} floor` +
    (wallMs ? `   wall ${(wallMs / 1000).toFixed(1).padStart(6)} s  ${(times.length / (wallMs / 1000)).toFixed(2)} instances/s` : ''));
  row('floor (bare Playwright)', floorRun.durations, floorRun.wallMs);
  const twoPages = await floor(manifest, 2);
  row('floor, 2 pages at once', twoPages.durations, twoPages.wallMs);
  for (const workers of [1, 2]) {
    const { durations, wallMs } = bareTestRun(manifest, workers, work);
    row(`floor as tests, ${workers} worker${workers > 1 ? 's' : ''}`, durations, wallMs);
  }
  const runs = [['do-nothing', 1, 'on'], ['do-nothing', 1, 'off'], ['oracle', 1, 'on'], ['oracle', 2, 'on']] as const;
  for (const [project, workers, screenshot] of runs) {
    const { durations, wallMs } = runner(manifest, project, workers, work, screenshot);
    row(`${project}, ${workers} worker${workers > 1 ? 's' : ''}${screenshot === 'off' ? ', no screenshot' : ''}`, durations, wallMs);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
