// npm run bench, MiniWoB++ part: what an episode of MiniWoB++'s 130 pages costs through benchwright,
// side by side with bare Playwright on the same pages and seeds.
// 1. Bare Playwright, the browser launched as the runner launches it (config.use.launchOptions),
//    one page per worker navigated from episode to episode over TaskServer (as bench-run.ts
//    serves its floor): goto, the task's protocol setup (the miniwob protocol: style sheet,
//    Math.seedrandom(seed), core.EPISODE_MAX_TIME, core.startEpisodeReal()) with the seed the
//    runner gives the instance, wait for WOB_TASK_READY, the goal (core.getUtterance()), one
//    page.ariaSnapshot({ mode: 'ai' }), WOB_RAW_REWARD_GLOBAL. 2 workers: two browsers, each
//    taking every other episode, in parallel.
// 2. The runner (npx playwright test, playwright-run.ts: JSON and benchmark reporters):
//    do-nothing and random over every task, 1 and 2 workers, BENCHWRIGHT_SCREENSHOT=off and
//    BENCHWRIGHT_ALLURE=off; also do-nothing with 2 workers and both at their defaults
//    (screenshot on; the Allure reporter itself is not in `--reporter`).
// Per run: wall time of the whole command (npx and start-up included), episodes per second by
// that wall time and by the JSON report's per-test durations (episodes x workers / their sum),
// the median per episode, the ratios to bare Playwright with as many workers, and the errored
// instances of the run's results.json.
// Usage: tsx scripts/bench-miniwob.ts [seeds per task, default 1]; needs ../shared/miniwob.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { importMiniwob } from '../src/benchmarks/miniwob/import.ts';
import { markdownTable } from '../src/render/markdown.ts';
import { readResults } from '../src/runs/results-file.ts';
import { resolveRun } from '../src/runs/run-folders.ts';
import { RESULTS } from '../src/runs/results-file.ts';
import { prepareEpisode } from '../src/runner/modes/goal.ts';
import { selectInstances } from '../src/runner/selection.ts';
import { hashSeed } from '../src/hash-seed.ts';
import { TaskServer } from '../src/server/task-server.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { instanceById } from '../src/task/seeds.ts';
import type { Instance, Task } from '../src/task/types.ts';
import config from '../playwright.config.ts';
import { runner } from './playwright-run.ts';
import { median } from './stats.ts';
// Registers the built-in benchmarks, as the config and the CLI do: MiniWoB's protocol, WebArena-Verified's evaluators.
import '../src/benchmarks/index.ts';

const SHARED = '../shared/miniwob';
const seedsPerTask = Number(process.argv[2] ?? 1);

interface Episode {
  task: Task;
  instance: Instance;
  seed: number;
}

/** A run's row: per-episode times (ms), the wall time of the whole run, and its failures. */
interface Run {
  label: string;
  workers: number;
  times: number[];
  wallMs: number;
  /** The run's own clock (Playwright's stats.duration); undefined for bare Playwright. */
  innerMs?: number;
  errored: number;
  succeeded: number;
  /** Episodes that did not end evaluated (errored, not run, or missing from results.json). */
  unfinished: number;
}

/** One episode as the miniwob protocol starts it, with no agent: the reward left untouched. */
async function bareEpisode(page: Page, url: string, { task, instance, seed }: Episode): Promise<number> {
  await page.goto(url, { waitUntil: 'load' });
  // The runner's own setup, ready wait and goal reading, on a bare page.
  await prepareEpisode(page, task.protocol!, instance, seed);
  await page.ariaSnapshot({ mode: 'ai' });
  return Number(await page.evaluate('WOB_RAW_REWARD_GLOBAL'));
}

/** Bare Playwright with `workers` browsers at once, each one page taking every workers-th episode. */
async function bare(server: TaskServer, episodes: Episode[], workers: number, viewport: { width: number; height: number }): Promise<Run> {
  const times: number[] = [];
  let errored = 0;
  let succeeded = 0;
  const start = performance.now();
  await Promise.all(Array.from({ length: workers }, async (_, w) => {
    const browser = await chromium.launch({ ...config.use?.launchOptions, headless: config.use?.headless ?? true });
    const page = await browser.newPage({ viewport });
    page.on('dialog', (d) => d.accept().catch(() => {}));
    for (const episode of episodes.filter((_, i) => i % workers === w)) {
      const began = performance.now();
      try {
        if ((await bareEpisode(page, server.urlOf(episode.task, episode.instance), episode)) > 0) succeeded++;
        times.push(performance.now() - began);
      } catch (e) {
        errored++;
        console.error(`bare: ${episode.task.id} #${episode.instance.id}: ${(e as Error).message.split('\n')[0]}`);
      }
    }
    await browser.close();
  }));
  return { label: 'bare Playwright', workers, times, wallMs: performance.now() - start, errored, succeeded, unfinished: errored };
}

/** A runner run; errored and succeeded instances from the results.json its benchmark reporter wrote. */
async function viaRunner(manifest: string, expected: number, project: string, workers: number, work: string, defaults = false): Promise<Run> {
  if (defaults) delete process.env.BENCHWRIGHT_ALLURE;
  else process.env.BENCHWRIGHT_ALLURE = 'off';
  const start = performance.now();
  const { durations, wallMs } = await runner(manifest, project, workers, work, defaults ? 'on' : 'off');
  const spawnMs = performance.now() - start;
  const { instances } = readResults(join(resolveRun(undefined, join(work, 'runs')), RESULTS));
  const mine = instances.filter((i) => i.project === project);
  return {
    label: `${project}${defaults ? ' (screenshot)' : ''}`, workers, times: durations, wallMs: spawnMs, innerMs: wallMs,
    errored: mine.filter((i) => i.outcome === 'errored').length,
    succeeded: mine.filter((i) => (i.score ?? 0) > 0).length,
    unfinished: expected - mine.filter((i) => i.outcome === 'scored' || i.outcome === 'not scored').length,
  };
}

const perSecond = (n: number, ms: number) => (n / (ms / 1000)).toFixed(2);

function table(runs: Run[], episodes: number): string {
  const bareOf = (workers: number) => runs.find((r) => r.label === 'bare Playwright' && r.workers === workers)!;
  return markdownTable([
    ['run', 'workers', 'episodes', 'errored', 'wall s', 'episodes/s (wall)', 'episodes/s (tests)', 'median ms/episode', 'median vs bare', 'episodes/s (wall) bare/run'],
    ...runs.map((r) => {
      const base = bareOf(r.workers);
      return [
        r.label, String(r.workers), String(r.times.length), String(r.errored), (r.wallMs / 1000).toFixed(1),
        perSecond(episodes, r.wallMs), perSecond(r.times.length * r.workers, r.times.reduce((a, b) => a + b, 0)),
        median(r.times).toFixed(0), `x${(median(r.times) / median(base.times)).toFixed(2)}`,
        `x${((episodes / base.wallMs) / (episodes / r.wallMs)).toFixed(2)}`,
      ];
    }),
  ]);
}

if (!existsSync(SHARED)) {
  console.log(`no ${SHARED}: nothing to measure`);
  process.exit(0);
}
if (!Number.isInteger(seedsPerTask) || seedsPerTask < 1) throw new Error(`seeds per task must be a positive whole number, not "${process.argv[2]}"`);
// The runner's children inherit these; selectInstances below reads the same.
process.env.BENCHWRIGHT_INSTANCES = String(seedsPerTask);
const work = mkdtempSync(join(tmpdir(), 'benchwright-bench-miniwob-'));
const server = await TaskServer.start();
try {
  importMiniwob(SHARED, work);
  const manifest = join(work, 'tasks.yaml');
  const benchmark = loadBenchmark(manifest);
  const selection = selectInstances(benchmark);
  // The seed the fixture gives each instance (fixtures/benchwright.ts): both sides build the same problems.
  const episodes = selection.tasks.flatMap(({ task: summary, instances }) => {
    const task = loadTaskFile(summary.file).task!;
    server.add(task);
    return instances.map(({ id }) => ({ task, instance: instanceById(task, id)!, seed: hashSeed(selection.seed, task.id, id) }));
  });
  console.log(`MiniWoB++: ${selection.tasks.length} tasks, ${episodes.length} episodes (${seedsPerTask} seed${seedsPerTask > 1 ? 's' : ''} per task)`);

  const runs: Run[] = [];
  for (const workers of [1, 2]) runs.push(await bare(server, episodes, workers, benchmark.manifest.defaults.viewport));
  for (const project of ['do-nothing', 'random']) for (const workers of [1, 2]) runs.push(await viaRunner(manifest, episodes.length, project, workers, work));
  runs.push(await viaRunner(manifest, episodes.length, 'do-nothing', 2, work, true));

  console.log(`\n${table(runs, episodes.length)}\n`);
  for (const r of runs) {
    const outside = r.innerMs === undefined ? '' : `; ${((r.wallMs - r.innerMs) / 1000).toFixed(1)} s of the wall time outside Playwright's own clock (npx, config)`;
    console.log(`${r.label}, ${r.workers} worker${r.workers > 1 ? 's' : ''}: ${r.succeeded}/${episodes.length} episodes with a reward above 0, ${r.errored} errored, ${r.unfinished} not evaluated${outside}`);
  }
} finally {
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
