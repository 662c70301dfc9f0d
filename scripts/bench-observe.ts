// npm run bench, observation part: what the observation costs and what it covers.
// 1. Per page, side by side: Playwright's snapshot for AI alone, benchwright's observe() (with
//    the extras), observe() with BrowserGym's marked tree and pruned HTML, and, given
//    --base=<checkout> (e.g. a worktree of the commit before refs for everything), that
//    checkout's observe(): chars and ms (median, p90), on the bookshop's pages, MiniWoB++'s
//    130 tasks (seed 1 each) and TurkingBench pages (the first N tasks). Each page is observed
//    twice in each way, alternating; the second round is counted.
// 2. MiniWoB++ coverage: per task, its targets by two definitions that are not ours, BrowserGym's
//    set-of-marks elements and the elements Chromium counts clickable (a listener, a control),
//    each visible with a box of 20 px² or more; a target is covered when an element shown with a
//    ref is it or inside it (or around it with the same box). Tasks whose targets all are covered,
//    by Playwright's refs alone and with the extras, and what is still uncovered.
// Usage: tsx scripts/bench-observe.ts [TurkingBench tasks, default 40] [--base=<checkout>]; needs ../shared.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { ActionLibrary } from '../src/actions/library.ts';
import { importMiniwob } from '../src/benchmarks/miniwob/import.ts';
import { importTurkingBench } from '../src/benchmarks/turkingbench/import.ts';
import { hashSeed } from '../src/hash-seed.ts';
import { markForBrowserGym } from '../src/observe/browsergym/views.ts';
import { domNodes } from '../src/observe/dom-snapshot.ts';
import { parseTree } from '../src/observe/extra-refs.ts';
import { observe } from '../src/observe/observe.ts';
import { prepareEpisode } from '../src/runner/modes/goal.ts';
import { selectInstances } from '../src/runner/selection.ts';
import { TaskServer } from '../src/server/task-server.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { instanceById } from '../src/task/seeds.ts';
import { callIsolated } from '../src/values/page-session.ts';
import config from '../playwright.config.ts';
import { quantile } from './stats.ts';
import { coverageInPage } from './bench-observe/coverage-in-page.ts';
import '../src/benchmarks/index.ts';

const tbCount = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 40);
const base = process.argv.slice(2).find((a) => a.startsWith('--base='))?.slice('--base='.length);
type Way = 'playwright' | 'base' | 'observe' | 'browsergym';
const WAYS: Way[] = ['playwright', ...(base ? ['base' as const] : []), 'observe', 'browsergym'];
// The other checkout's own observation, on the same page objects (its modules resolve the same Playwright).
const before = base && {
  observe: (await import(resolve(base, 'src/observe/observe.ts'))).observe as typeof observe,
  ActionLibrary: (await import(resolve(base, 'src/actions/library.ts'))).ActionLibrary as typeof ActionLibrary,
};
type Measure = Record<Way, { chars: number; ms: number; text?: string }>;

async function measure(page: Page): Promise<Measure> {
  const once = async (way: Way) => {
    const started = performance.now();
    if (way === 'playwright') return { chars: (await page.ariaSnapshot({ mode: 'ai' })).length, ms: performance.now() - started };
    if (way === 'base' && before) {
      const { snapshot } = await before.observe(new before.ActionLibrary(page), 0, undefined);
      return { chars: snapshot.length, ms: performance.now() - started, text: snapshot };
    }
    const o = await observe(new ActionLibrary(page), 0, undefined, way === 'browsergym' ? { browsergym: { axtree: true, prunedHtml: true } } : {});
    const chars = way === 'browsergym' ? (o.browsergym?.axtree?.length ?? 0) + (o.browsergym?.prunedHtml?.length ?? 0) : o.snapshot.length;
    return { chars, ms: performance.now() - started, ...(way === 'observe' && { text: o.snapshot }) };
  };
  const result = {} as Measure;
  for (const round of [0, 1]) for (const way of round ? [...WAYS].reverse() : WAYS) result[way] = await once(way);
  return result;
}

/** Targets by BrowserGym's and Chromium's definitions, covered by Playwright's refs alone and with the extras. */
async function coverage(page: Page) {
  const marks = await markForBrowserGym(page);
  const { snapshot } = await observe(new ActionLibrary(page), 0, undefined);
  const extraBids = [...snapshot.matchAll(/\[ref=x(\d+)\]/g)].map((m) => m[1]!);
  const { refBoxes } = parseTree(await page.ariaSnapshot({ mode: 'ai', boxes: true }));
  const dom = await domNodes(page, { withBids: true });
  const clickable = [...dom.bids].filter(([node]) => dom.clickable.has(node)).map(([, bid]) => bid);
  const targets = [...new Set([...Object.keys(marks).filter((bid) => marks[bid]!.setOfMarks), ...clickable])];
  return callIsolated(page, 'measuring coverage', coverageInPage, { targets, refBoxes, extraBids });
}

const line = (label: string, values: number[]) => `${label.padEnd(34)}${quantile(values, 0.5).toFixed(1).padStart(9)}${quantile(values, 0.9).toFixed(1).padStart(9)}`;

function report(label: string, measures: Measure[]): void {
  console.log(`\n${label}: ${measures.length} pages (median, p90)`);
  for (const way of WAYS) {
    console.log(line(`${way} chars`, measures.map((m) => m[way].chars)));
    console.log(line(`${way} ms`, measures.map((m) => m[way].ms)));
  }
  const against: Way = base ? 'base' : 'playwright';
  if (base) console.log(`the same tree as ${base}'s on ${measures.filter((m) => m.base.text === m.observe.text).length} of ${measures.length} pages`);
  console.log(line(`observe / ${against}, ms`, measures.map((m) => m.observe.ms / m[against].ms)));
  console.log(line(`observe / ${against}, chars`, measures.map((m) => m.observe.chars / m[against].chars)));
}

const work = mkdtempSync(join(tmpdir(), 'benchwright-bench-observe-'));
const server = await TaskServer.start();
const browser = await chromium.launch({ ...config.use?.launchOptions, headless: config.use?.headless ?? true });
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.on('dialog', (d) => d.accept().catch(() => {}));
  const bookshop = readdirSync('tasks/goals/bookshop').filter((f) => f.endsWith('.yaml')).map((f) => loadTaskFile(join('tasks/goals/bookshop', f)).task!);
  bookshop.forEach((task) => server.add(task));
  const folder = new URL('.', server.urlOf(bookshop[0]!, bookshop[0]!.instances[0]!));
  const shop: Measure[] = [];
  for (const file of readdirSync('tasks/goals/bookshop').filter((f) => f.endsWith('.html'))) {
    await page.goto(new URL(file, folder).href);
    shop.push(await measure(page));
  }
  report('bookshop pages', shop);

  if (existsSync('../shared/miniwob')) {
    importMiniwob('../shared/miniwob', join(work, 'mw'));
    process.env.BENCHWRIGHT_INSTANCES = '1';
    const selection = selectInstances(loadBenchmark(join(work, 'mw', 'tasks.yaml')));
    const small = await browser.newPage({ viewport: { width: 332, height: 214 } });
    const measures: Measure[] = [];
    const rows: { task: string; targets: number; before: string[]; after: string[] }[] = [];
    for (const { task: summary, instances } of selection.tasks) {
      const task = loadTaskFile(summary.file).task!;
      server.add(task);
      const instance = instanceById(task, instances[0]!.id)!;
      const open = async () => {
        await small.goto(server.urlOf(task, instance), { waitUntil: 'load' });
        await prepareEpisode(small, task.protocol!, instance, hashSeed(selection.seed, task.id, instance.id));
      };
      await open();
      measures.push(await measure(small));
      await open();
      rows.push({ task: task.id, ...(await coverage(small)) });
    }
    report(`MiniWoB++ (${rows.length} tasks, seed 1)`, measures);
    const all = (which: 'before' | 'after') => rows.filter((r) => !r[which].length).length;
    console.log(`\nMiniWoB++ tasks whose targets (BrowserGym's set-of-marks and Chromium's clickable elements) all have refs:`);
    console.log(`  Playwright's refs alone: ${all('before')}/${rows.length} (${((100 * all('before')) / rows.length).toFixed(0)}%)`);
    console.log(`  with the extras:         ${all('after')}/${rows.length} (${((100 * all('after')) / rows.length).toFixed(0)}%)`);
    console.log(`  targets: ${rows.reduce((n, r) => n + r.targets, 0)}, uncovered before ${rows.reduce((n, r) => n + r.before.length, 0)}, after ${rows.reduce((n, r) => n + r.after.length, 0)}`);
    for (const r of rows.filter((r) => r.after.length)) console.log(`  still uncovered, ${r.task}: ${r.after.slice(0, 6).join(' | ')}${r.after.length > 6 ? ` (+${r.after.length - 6})` : ''}`);
  }

  if (existsSync('../shared/turkingbench')) {
    importTurkingBench('../shared/turkingbench', join(work, 'tb'));
    const tasks = loadBenchmark(join(work, 'tb')).tasks.filter((t) => !t.errors.length && t.instances.length).slice(0, tbCount).map((s) => loadTaskFile(s.file).task!);
    const measures: Measure[] = [];
    for (const task of tasks) {
      server.add(task);
      await page.goto(server.urlOf(task, task.instances[0]!), { waitUntil: 'load' });
      measures.push(await measure(page));
    }
    report(`TurkingBench pages (first ${tasks.length} tasks)`, measures);
  }
} finally {
  await browser.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
