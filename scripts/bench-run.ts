// npm run bench (second part): the cost of running instances, side by side on real tasks:
// the floor (bare Playwright: page.goto + one evaluate reading every field; on 1 page, and on
// 2 at once as 2 workers would), the same floor as one Playwright Test test per instance
// (scripts/bare-test: what the test runner itself costs), do-nothing and oracle through the
// runner (npx playwright test), with 1 and 2 workers; do-nothing also without the final
// screenshot (BENCHWRIGHT_SCREENSHOT=off). Runs use the JSON reporter (for per-test durations)
// and the benchmark reporter; each run's CPU is split by kind of process (process-cpu.ts).
// do-nothing and its floor as tests run in turns, ROUNDS of each, their durations pooled: the
// same run's median moves by 10-20% from one minute to the next on this 2-core machine.
// The floor is also run with each instance in a new page and in a new context: what keeping one
// page saves (benchwright clears what an instance left as the next loads; do-nothing counts that).
// Usage: tsx scripts/bench-run.ts [tasks] [instances per task]; default 20 train tasks x 4: a
// task's first instance costs more (its task file read, its screenshot kept), a few in the whole
// split (117 of 26,532) but half of the instances at 2 a task, where the median fell on either
// side from one run to the next.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { importTurkingBench } from '../src/benchmarks/turkingbench/import.ts';
import { goldFields } from '../src/evaluators/fields/score-fields.ts';
import { instanceCount, selectInstances } from '../src/runner/selection.ts';
import { TaskServer } from '../src/server/task-server.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { readFields } from '../src/values/read-fields.ts';
import config from '../playwright.config.ts';
import { bareTestRun, runner, type PlaywrightRun } from './playwright-run.ts';
import { recordFigure } from './bench-figures.ts';
import { median } from './stats.ts';

const SHARED = '../shared/turkingbench';
const [taskCount = 20, perTask = 4] = process.argv.slice(2).map(Number);
const ROUNDS = 3;

/** Runs of one command as one: every test's duration, the walls and the CPU added up. */
function pooled(runs: PlaywrightRun[]): PlaywrightRun {
  const cpu = { ...runs[0]!.cpu };
  for (const run of runs.slice(1)) for (const kind of Object.keys(cpu) as (keyof typeof cpu)[]) cpu[kind] += run.cpu[kind];
  return { durations: runs.flatMap((r) => r.durations), wallMs: runs.reduce((sum, r) => sum + r.wallMs, 0), cpu };
}


/**
 * What holds each instance: one page kept from instance to instance (benchwright's, whose
 * clearing between instances is left out here: it is part of what do-nothing adds), a new page
 * in the same context, or a new context.
 */
type Isolation = 'kept page' | 'new page' | 'new context';

/**
 * Bare Playwright, same browser switches, `pages` pages (one a worker would have) each navigated
 * from instance to instance, or each instance in a page or context of its own, closed after its
 * time is taken (a runner need not wait for the close; the wall time counts it).
 */
async function floor(manifest: string, pages = 1, isolation: Isolation = 'kept page'): Promise<{ durations: number[]; wallMs: number }> {
  const selection = selectInstances(loadBenchmark(manifest));
  const server = await TaskServer.start();
  const browser = await chromium.launch(config.use?.launchOptions);
  const loads = selection.tasks.flatMap(({ task: summary, instances }) => {
    const task = loadTaskFile(summary.file).task!;
    server.add(task);
    return instances.map(({ id }) => ({ task, instance: task.instances.find((i) => i.id === id)! }));
  });
  const durations: number[] = [];
  const options = { viewport: { width: 1280, height: 800 } };
  const open = async (context: BrowserContext) => (await context.newPage()).on('dialog', (d) => d.accept().catch(() => {}));
  const started = performance.now();
  await Promise.all(Array.from({ length: pages }, async (_, p) => {
    const shared = isolation === 'new context' ? undefined : await browser.newContext(options);
    const kept = isolation === 'kept page' ? await open(shared!) : undefined;
    for (const { task, instance } of loads.filter((_, i) => i % pages === p)) {
      const start = performance.now();
      const context = shared ?? await browser.newContext(options);
      const page = kept ?? await open(context);
      await page.goto(server.urlOf(task, instance), { waitUntil: 'load' });
      await readFields(page, goldFields(task.fields, instance).map((f) => f.name));
      durations.push(performance.now() - start);
      if (isolation === 'new context') await context.close();
      else if (isolation === 'new page') await page.close();
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
    `${label.padEnd(36)} median ${median(times).toFixed(0).padStart(5)} ms/instance  x${(median(times) / base).toFixed(2).padStart(5)} floor` +
    (wallMs ? `   wall ${(wallMs / 1000).toFixed(1).padStart(6)} s  ${(times.length / (wallMs / 1000)).toFixed(2)} instances/s` : ''));
  row('floor (bare Playwright)', floorRun.durations, floorRun.wallMs);
  const twoPages = await floor(manifest, 2);
  row('floor, 2 pages at once', twoPages.durations, twoPages.wallMs);
  // What isolating each instance would cost if the page were not kept: a new renderer each.
  for (const isolation of ['new page', 'new context'] as const) {
    const run = await floor(manifest, 1, isolation);
    row(`floor, a ${isolation} an instance`, run.durations, run.wallMs);
  }
  const floorRounds: PlaywrightRun[] = [];
  const nothingRounds: PlaywrightRun[] = [];
  // In turns, the first of each pair alternating: a machine that drifts one way favours neither.
  for (let round = 0; round < ROUNDS; round++) {
    const floorRun = () => bareTestRun(manifest, 1, work).then((run) => floorRounds.push(run));
    const nothingRun = () => runner(manifest, 'do-nothing', 1, work, 'auto').then((run) => nothingRounds.push(run));
    for (const run of round % 2 ? [nothingRun, floorRun] : [floorRun, nothingRun]) await run();
  }
  const [tests1, doNothing] = [pooled(floorRounds), pooled(nothingRounds)];
  row(`floor as tests, 1 worker, ${ROUNDS} runs`, tests1.durations, tests1.wallMs);
  const tests2 = await bareTestRun(manifest, 2, work);
  row(`floor as tests, 2 workers`, tests2.durations, tests2.wallMs);
  row(`do-nothing, 1 worker, ${ROUNDS} runs`, doNothing.durations, doNothing.wallMs);
  const medians = (runs: PlaywrightRun[]) => runs.map((r) => median(r.durations).toFixed(0)).join(', ');
  console.log(`  ${ROUNDS} rounds in turns, each run's median (ms): floor as tests ${medians(floorRounds)}; do-nothing ${medians(nothingRounds)}`);
  // One run each: figures beside the floor without a target, or settings beside do-nothing.
  const runs = [['do-nothing', 1, 'off'], ['oracle', 1, 'auto'], ['oracle', 2, 'auto']] as const;
  const ran = [];
  for (const [project, workers, screenshot] of runs) {
    const run = await runner(manifest, project, workers, work, screenshot);
    row(`${project}, ${workers} worker${workers > 1 ? 's' : ''}${screenshot === 'off' ? ', no screenshot' : ''}`, run.durations, run.wallMs);
    ran.push(run);
  }
  const [, oracle1, oracle2] = ran;
  // Where the CPU goes, an instance's share of each kind of process (process-cpu.ts).
  console.log('\nCPU ms an instance, by process       runner  workers  browser  renderer    gpu  utility   total');
  const cpuRow = (label: string, run: PlaywrightRun) => {
    const { runner: r, workers: w, browser, renderer, gpu, utility, zygote, other } = run.cpu;
    const each = (s: number) => ((1000 * s) / run.durations.length).toFixed(0).padStart(7);
    console.log(`${label.padEnd(36)}${each(r)}${each(w)}${each(browser + other)}${each(renderer)}${each(gpu)}${each(utility + zygote)}${each(r + w + browser + other + renderer + gpu + utility + zygote)}`);
  };
  cpuRow('floor as tests, 2 workers', tests2);
  cpuRow('oracle, 2 workers', oracle2!);
  const perSecond = (run: PlaywrightRun) => run.durations.length / (run.wallMs / 1000);
  recordFigure({ figure: 'do-nothing, default settings, 1 worker (median ms an instance)', value: median(doNothing.durations), floor: { value: median(tests1.durations), name: 'floor as tests, 1 worker' }, target: { ratio: 1.3 } });
  recordFigure({ figure: 'oracle, 1 worker (median ms an instance)', value: median(oracle1!.durations), floor: { value: median(tests1.durations), name: 'floor as tests, 1 worker' } });
  // Throughput: the floor's rate over the oracle's, so that more than 1 is slower.
  recordFigure({ figure: `oracle, 2 workers (s per 1,000 instances)`, value: 1000 / perSecond(oracle2!), floor: { value: 1000 / perSecond(tests2), name: 'floor as tests, 2 workers' } });
} finally {
  rmSync(work, { recursive: true, force: true });
}
