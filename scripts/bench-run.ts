// npm run bench (second part): the cost of running instances, side by side on real tasks:
// the floor (bare Playwright: page.goto + one evaluate reading every field), do-nothing and
// oracle through the runner (npx playwright test), with 1 and 2 workers; do-nothing also
// without the final screenshot (BENCHWRIGHT_SCREENSHOT=off). Runs use the JSON reporter (for
// per-test durations) and the benchmark reporter.
// Usage: tsx scripts/bench-run.ts [tasks] [instances per task]; default 40 train tasks x 2.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { importTurkingBench } from '../src/importers/turkingbench.ts';
import { goldFields } from '../src/metrics/score-fields.ts';
import { selectInstances } from '../src/runner/selection.ts';
import { TaskServer } from '../src/server/task-server.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { readFields } from '../src/values/read-fields.ts';
import config from '../playwright.config.ts';
import { runner } from './playwright-run.ts';
import { median } from './stats.ts';

const SHARED = '../shared/turkingbench';
const [taskCount = 40, perTask = 2] = process.argv.slice(2).map(Number);


/** Bare Playwright, same browser switches, one page navigated from instance to instance. */
async function floor(manifest: string): Promise<number[]> {
  const selection = selectInstances(loadBenchmark(manifest));
  const server = await TaskServer.start();
  const browser = await chromium.launch(config.use?.launchOptions);
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('dialog', (d) => d.accept().catch(() => {}));
  const times: number[] = [];
  for (const { task: summary, instances } of selection.tasks) {
    const task = loadTaskFile(summary.file).task!;
    server.add(task);
    for (const { id } of instances) {
      const instance = task.instances.find((i) => i.id === id)!;
      const start = performance.now();
      await page.goto(server.urlOf(task, instance), { waitUntil: 'load' });
      await readFields(page, goldFields(task.fields, instance).map((f) => f.name));
      times.push(performance.now() - start);
    }
  }
  await browser.close();
  await server.close();
  return times;
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
  const n = selectInstances(loadBenchmark(manifest)).tasks.reduce((sum, t) => sum + t.instances.length, 0);
  console.log(`${chosen.length} train tasks, ${n} instances (${perTask} per task)`);
  const floorTimes = await floor(manifest);
  const base = median(floorTimes);
  const row = (label: string, times: number[], wallMs?: number) => console.log(
    `${label.padEnd(28)} median ${median(times).toFixed(0).padStart(5)} ms/instance  x${(median(times) / base).toFixed(2).padStart(5)} floor` +
    (wallMs ? `   wall ${(wallMs / 1000).toFixed(1).padStart(6)} s  ${(times.length / (wallMs / 1000)).toFixed(2)} instances/s` : ''));
  row('floor (bare Playwright)', floorTimes);
  const runs = [['do-nothing', 1, 'on'], ['do-nothing', 1, 'off'], ['oracle', 1, 'on'], ['oracle', 2, 'on']] as const;
  for (const [project, workers, screenshot] of runs) {
    const { durations, wallMs } = runner(manifest, project, workers, work, screenshot);
    row(`${project}, ${workers} worker${workers > 1 ? 's' : ''}${screenshot === 'off' ? ', no screenshot' : ''}`, durations, wallMs);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
