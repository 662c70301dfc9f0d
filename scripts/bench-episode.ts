// npm run bench, fifth part: what a goal-task episode step costs, side by side with bare
// Playwright on the same pages, in one run.
// 1. Every bookshop instance's solution replayed step by step, as the harness runs it: observe
//    (observe.ts) then ActionLibrary.run on the action by ref an agent would reply (click("e12")),
//    against bare Playwright: page.ariaSnapshot({ mode: 'ai' }) then the same Locator call on
//    `aria-ref=e12`. Each episode starts afresh (InstancePage, as a run restores its page); the
//    two sides alternate, episode by episode, after a warm-up round. The agent's part (finding
//    the ref of the solution's selector) is not timed.
// 2. Snapshot size and time of the harness's observe on the bookshop pages those episodes saw
//    and on real TurkingBench pages (the first instance of the first N tasks): the first
//    observation after the page loads, and a second one.
// Usage: tsx scripts/bench-episode.ts [imported TurkingBench folder] [N, default 40]; the folder
// also from BENCHWRIGHT_TB_TASKS, else ../shared/turkingbench imported into a temporary folder.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from '@playwright/test';
import { ActionLibrary } from '../src/actions/library.ts';
import { parseActions } from '../src/action-set/parse.ts';
import { ACTION_SIGNATURES, formatAction, type Action, type ActionName } from '../src/action-set/signatures.ts';
import { importTurkingBench } from '../src/benchmarks/turkingbench/import.ts';
import { observe, REF_MARK, selectorArgs, withRefs } from '../src/observe/observe.ts';
import { watchLoads } from '../src/observe/page-loads.ts';
import { InstancePage } from '../src/runner/instance-page.ts';
import { START_PARAM } from '../src/server/render-instance.ts';
import { TaskServer } from '../src/server/task-server.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import type { Instance, Task } from '../src/task/types.ts';
import config from '../playwright.config.ts';
import { quantile } from './stats.ts';
import { recordFigure } from './bench-figures.ts';

const SHARED = '../shared/turkingbench';
const BOOKSHOP = 'tasks/goals/bookshop';
const REPS = 5;
const VIEWPORT = { width: 1280, height: 800 };
const TARGET_RATIO = 1.2;
const args = process.argv.slice(2);
const sampleSize = Number(args.find((a) => /^\d+$/.test(a)) ?? 40);
const tbArgument = args.find((a) => !/^\d+$/.test(a)) ?? process.env.BENCHWRIGHT_TB_TASKS;

const ms = (x: number) => x.toFixed(1).padStart(7);

/** One side of the comparison: what it observes, and how it acts on an action by ref. */
interface Side {
  observe(step: number): Promise<{ snapshot: string; url: string }>;
  /** A solution step (selectors) as an agent replies it to this side's snapshot (refs): untimed, the agent's part. */
  byRef(action: Action): Promise<Action>;
  act(action: Action): Promise<void>;
}

interface StepTime {
  observe: number;
  act: number;
  chars: number;
  url: string;
}

/** The harness, as runEpisode steps: observe (the page's loads followed, as runEpisode does), parse the agent's reply, ActionLibrary.run. */
function harness(page: Page): Side {
  const actions = new ActionLibrary(page);
  return {
    observe: async (step) => {
      await watchLoads(page);
      return observe(actions, step, undefined);
    },
    // The refs the harness showed (renumbered: observe.ts), as the episode loop translates the oracle's steps.
    async byRef(action) {
      if (!selectorArgs(action).length) return action;
      const translated = await withRefs(page, action, actions.refs!);
      if (!translated) throw new Error(`harness: no ref for ${formatAction(action)}`);
      return translated;
    },
    async act(action) {
      const outcome = await actions.run(parseActions(formatAction(action)).actions[0]!);
      if (!outcome.ok) throw new Error(`harness: ${formatAction(action)} failed: ${outcome.error}`);
    },
  };
}

/** The Locator call each page action makes (page-actions.ts), written directly. */
const LOCATOR_CALLS: Partial<Record<ActionName, (target: Locator, ...rest: any[]) => Promise<unknown>>> = {
  click: (l) => l.click(), dblclick: (l) => l.dblclick(), hover: (l) => l.hover(), fill: (l, value) => l.fill(value),
  press: (l, key) => l.press(key), check: (l) => l.check(), uncheck: (l) => l.uncheck(), select_option: (l, options) => l.selectOption(options),
};
/** Actions that leave the page alone (the episode loop reads them). */
const NO_PAGE_WORK = new Set<ActionName>(['send_msg_to_user', 'report_infeasible']);

/** Bare Playwright: the snapshot alone, and the locator action on `aria-ref=`. */
function bare(page: Page): Side {
  return {
    observe: async () => ({ snapshot: await page.ariaSnapshot({ mode: 'ai' }), url: page.url() }),
    byRef: (action) => playwrightRefs(page, action),
    async act({ name, args }) {
      if (NO_PAGE_WORK.has(name)) return;
      const call = LOCATOR_CALLS[name];
      if (!call) throw new Error(`bare: no locator call for ${name}`);
      await call(page.locator(`aria-ref=${args[0]}`), ...args.slice(1));
    },
  };
}

/** The parameters that name an element: an agent names it by the ref its snapshot showed. */
const ELEMENT_PARAMS = new Set(['target', 'from', 'to']);

/**
 * A solution step (selectors) with Playwright's own refs. Refs stick to their element while its
 * role and name hold, so the element's own snapshot tells the ref the page's had. The locator
 * waits for the element: a click that navigated may still be loading the next page.
 */
async function playwrightRefs(page: Page, action: Action): Promise<Action> {
  const form = ACTION_SIGNATURES[action.name][0] as readonly { name: string }[];
  const args = await Promise.all(action.args.map(async (arg, i) => {
    if (!ELEMENT_PARAMS.has(form[i]?.name ?? '') || typeof arg !== 'string') return arg;
    const ref = new RegExp(REF_MARK.source).exec(await page.locator(arg).ariaSnapshot({ mode: 'ai' }))?.[1];
    if (!ref) throw new Error(`no ref for ${arg}`);
    return ref;
  }));
  return { name: action.name, args };
}

/** One episode, timed step by step: observe, the agent's reply (untimed), act. */
async function episode(side: Side, solution: Action[]): Promise<StepTime[]> {
  const times: StepTime[] = [];
  for (const [step, written] of solution.entries()) {
    const started = performance.now();
    const { snapshot, url } = await side.observe(step);
    const observed = performance.now();
    const action = await side.byRef(written);
    // Identical work on both sides: the element acted on is one the observation showed.
    for (const ref of action.args.filter((a, i) => a !== written.args[i])) {
      if (!snapshot.includes(`[ref=${ref}]`)) throw new Error(`step ${step}: the observation does not show ${ref} (${formatAction(written)})`);
    }
    const acting = performance.now();
    await side.act(action);
    times.push({ observe: observed - started, act: performance.now() - acting, chars: snapshot.length, url });
  }
  return times;
}

/** A goal instance from its start, as a run restores the page (storage cleared, other tabs closed). */
async function fromStart(instancePage: InstancePage, server: TaskServer, task: Task, instance: Instance, sideOf: (page: Page) => Side): Promise<StepTime[]> {
  await instancePage.begin();
  const { page } = instancePage;
  await page.goto(instancePage.startUrl(server, task, instance), { waitUntil: 'load' });
  const solution = instance.episode!.solution!.map((text) => parseActions(text).actions[0]!);
  const times = await episode(sideOf(page), solution);
  await instancePage.end();
  return times;
}

/** The harness's observe on a freshly loaded page: size, first and second observation's time. */
async function observePage(page: Page, url: string) {
  await page.goto(url, { waitUntil: 'load' });
  const actions = new ActionLibrary(page);
  let started = performance.now();
  const { snapshot } = await observe(actions, 0, undefined);
  const first = performance.now() - started;
  started = performance.now();
  await observe(actions, 0, undefined);
  return { chars: snapshot.length, first, again: performance.now() - started };
}

/** The imported TurkingBench tasks folder, if any (temporary folders are removed at the end). */
function turkingBenchFolder(work: string): string | undefined {
  if (tbArgument) return existsSync(tbArgument) ? tbArgument : undefined;
  if (!existsSync(SHARED)) return undefined;
  importTurkingBench(SHARED, join(work, 'tb'));
  return join(work, 'tb');
}

const work = mkdtempSync(join(tmpdir(), 'benchwright-bench-episode-'));
const server = await TaskServer.start();
const browser = await chromium.launch({ ...config.use?.launchOptions, headless: config.use?.headless ?? true });
const instancePage = await InstancePage.open(browser, VIEWPORT, { server: server.origin });
try {
  const goalTasks = readdirSync(BOOKSHOP).filter((f) => f.endsWith('.yaml')).sort().map((f) => loadTaskFile(join(BOOKSHOP, f)).task!);
  goalTasks.forEach((task) => server.add(task));
  const instances = goalTasks.flatMap((task) => task.instances.filter((i) => i.episode?.solution).map((instance) => ({ task, instance })));

  // 1. Step by step, alternating which side goes first; round 0 warms up both (not counted).
  const steps = { harness: [] as StepTime[], bare: [] as StepTime[] };
  for (let round = 0; round <= REPS; round++) {
    for (const [n, { task, instance }] of instances.entries()) {
      const order = (round + n) % 2 ? (['bare', 'harness'] as const) : (['harness', 'bare'] as const);
      for (const name of order) {
        const times = await fromStart(instancePage, server, task, instance, name === 'harness' ? harness : bare);
        if (round > 0) steps[name].push(...times);
      }
    }
  }
  const column = (name: 'harness' | 'bare', part: (t: StepTime) => number) => steps[name].map(part);
  console.log(`goal-task steps: ${instances.length} bookshop solutions x ${REPS} rounds, ${steps.harness.length} steps a side (ms; ratio harness/bare)`);
  console.log(`${''.padEnd(16)}${'harness median'.padStart(15)}${'p90'.padStart(8)}${'bare median'.padStart(13)}${'p90'.padStart(8)}${'ratio median'.padStart(14)}${'p90'.padStart(7)}`);
  const parts: [string, (t: StepTime) => number][] = [['observe', (t) => t.observe], ['act', (t) => t.act], ['observe + act', (t) => t.observe + t.act]];
  for (const [label, part] of parts) {
    const [h, b] = [column('harness', part), column('bare', part)];
    const ratio = (q: number) => (quantile(h, q) / quantile(b, q)).toFixed(2);
    console.log(`${label.padEnd(16)}${ms(quantile(h, 0.5)).padStart(15)}${ms(quantile(h, 0.9)).padStart(8)}${ms(quantile(b, 0.5)).padStart(13)}${ms(quantile(b, 0.9)).padStart(8)}${ratio(0.5).padStart(13)}x${ratio(0.9).padStart(6)}x`);
  }
  const stepRatio = quantile(column('harness', (t) => t.observe + t.act), 0.5) / quantile(column('bare', (t) => t.observe + t.act), 0.5);
  console.log(`step ratio ${stepRatio.toFixed(2)}x: ${stepRatio <= TARGET_RATIO ? 'within' : 'OVER'} the ${TARGET_RATIO}x target`);
  recordFigure({ figure: 'goal-task step, observe + act (median ms)', value: quantile(column('harness', (t) => t.observe + t.act), 0.5), floor: { value: quantile(column('bare', (t) => t.observe + t.act), 0.5), name: 'bare Playwright' }, target: { ratio: TARGET_RATIO } });

  // 2. The bookshop's pages: those the episodes observed (by page and query, whatever the task
  // and instance; no one-time start token), and the folder's other pages (where episodes end).
  const pageSets: [string, string[]][] = [];
  const seenPages = new Set(steps.harness.map(({ url }) => {
    const u = new URL(url);
    u.searchParams.delete(START_PARAM);
    return u.href.slice(new URL('.', u).href.length);
  }));
  for (const file of readdirSync(BOOKSHOP)) if (file.endsWith('.html') && ![...seenPages].some((p) => p.startsWith(file))) seenPages.add(file);
  const folder = new URL('.', server.urlOf(instances[0]!.task, instances[0]!.instance));
  pageSets.push(['bookshop pages', [...seenPages].map((p) => new URL(p, folder).href)]);
  const tbFolder = turkingBenchFolder(work);
  if (tbFolder) {
    const sample = loadBenchmark(tbFolder).tasks.filter((t) => !t.errors.length && t.instances.length).slice(0, sampleSize);
    const tbTasks = sample.map((summary) => loadTaskFile(summary.file).task!);
    tbTasks.forEach((task) => server.add(task));
    pageSets.push([`turkingbench (first ${tbTasks.length})`, tbTasks.map((task) => server.urlOf(task, task.instances[0]!))]);
  } else {
    console.log(`no TurkingBench tasks (${tbArgument ?? `BENCHWRIGHT_TB_TASKS, or ${SHARED}`} absent): bookshop pages only`);
  }
  console.log(`\nsnapshot of the harness's observe: first after load, and again (chars; ms)`);
  console.log(`${''.padEnd(26)}${'pages'.padStart(6)}${'chars median'.padStart(14)}${'p90'.padStart(8)}${'first median'.padStart(14)}${'p90'.padStart(8)}${'again median'.padStart(14)}${'p90'.padStart(8)}`);
  for (const [label, urls] of pageSets) {
    const seen: { chars: number; first: number; again: number }[] = [];
    let failed = 0;
    for (const url of urls) {
      await instancePage.begin();
      // A page that does not load or answer is counted, not measured.
      await observePage(instancePage.page, url).then((s) => seen.push(s), () => failed++);
      await instancePage.end();
    }
    const chars = seen.map((s) => s.chars);
    const [first, again] = [seen.map((s) => s.first), seen.map((s) => s.again)];
    console.log(`${label.padEnd(26)}${String(seen.length).padStart(6)}${String(quantile(chars, 0.5)).padStart(14)}${String(quantile(chars, 0.9)).padStart(8)}` +
      `${ms(quantile(first, 0.5)).padStart(14)}${ms(quantile(first, 0.9)).padStart(8)}${ms(quantile(again, 0.5)).padStart(14)}${ms(quantile(again, 0.9)).padStart(8)}${failed ? `  (${failed} failed)` : ''}`);
  }
} finally {
  await instancePage.close();
  await browser.close();
  await server.close();
  rmSync(work, { recursive: true, force: true });
}
