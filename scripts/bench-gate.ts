// npm run bench, last part: what the origin gate (src/server/origin-gate.ts) costs an instance,
// side by side in one browser: the same pages loaded in a context that goes straight to the
// server, in one whose requests all pass the gate, and in one that reaches the task server
// around the gate as a served instance's does (InstancePage), alternating instance by
// instance after a warm-up round.
// 1. TurkingBench instances (the first of each of N train tasks, ../shared/turkingbench imported,
//    else the bundled form tasks): page.goto + one read of every field, as the floor of bench-run.
// 2. A site's pages (the shop stand-in of the tests): its home, a product, the customer login,
//    each passed on by the gate to the site's own server.
// Usage: tsx scripts/bench-gate.ts [N, default 40]
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { importTurkingBench } from '../src/benchmarks/turkingbench/import.ts';
import { goldFields } from '../src/evaluators/fields/score-fields.ts';
import { OriginGate } from '../src/server/origin-gate.ts';
import { TaskServer } from '../src/server/task-server.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { readFields } from '../src/values/read-fields.ts';
import { ShopSite } from '../test/sites/shop-site.ts';
import config from '../playwright.config.ts';
import { median, quantile } from './stats.ts';

const SHARED = '../shared/turkingbench';
const ROUNDS = 5;
const sampleSize = Number(process.argv[2] ?? 40);

/** One load, timed: `visit` on a page of its side. */
type Load = (page: Page) => Promise<void>;

type Times = { direct: number[]; gated: number[]; around?: number[] };

/** Requests the gate refused while the side through it loaded (the side around it sends the gate the same ones). */
let refused = 0;
let counting = false;

/** Each load on every side, alternating, ROUNDS times after one untimed round: per side, every time. `around`: an origin reached around the gate. */
async function sideBySide(browser: Browser, gate: OriginGate, loads: Load[], around?: string): Promise<Times> {
  const viewport = { width: 1280, height: 800 };
  const pages = {
    direct: await (await browser.newContext({ viewport })).newPage(),
    gated: await (await browser.newContext({ viewport, proxy: gate.proxy() })).newPage(),
    ...(around && { around: await (await browser.newContext({ viewport, proxy: gate.proxy(around) })).newPage() }),
  };
  const times: Times = { direct: [], gated: [], ...(around && { around: [] }) };
  for (let round = 0; round <= ROUNDS; round++) {
    for (const load of loads) {
      for (const [side, page] of Object.entries(pages) as [keyof Times, Page][]) {
        const started = performance.now();
        counting = side === 'gated';
        await load(page);
        if (round > 0) times[side]!.push(performance.now() - started);
      }
    }
  }
  await Promise.all(Object.values(pages).map((page) => page.context().close()));
  return times;
}

function report(label: string, { direct, gated, around }: Times): void {
  const row = (side: string, xs: number[]) => console.log(`  ${side.padEnd(36)} median ${median(xs).toFixed(1).padStart(6)} ms   p90 ${quantile(xs, 0.9).toFixed(1).padStart(6)} ms`);
  console.log(`${label} (${direct.length / ROUNDS} pages x ${ROUNDS} rounds)`);
  row('straight to the server', direct);
  row('through the gate', gated);
  if (around) row('task server around the gate (a run)', around);
  console.log(`  the gate's cost: ${(median(gated) - median(direct)).toFixed(1)} ms a load (x${(median(gated) / median(direct)).toFixed(3)})`);
}

/** The first instance of each of `count` train tasks (or of the bundled tasks), served as a run serves it. */
async function formLoads(server: TaskServer, work: string): Promise<Load[]> {
  let manifest = 'tasks.yaml';
  if (existsSync(SHARED)) {
    manifest = join(work, 'tb');
    importTurkingBench(SHARED, manifest);
  }
  const tasks = loadBenchmark(manifest).tasks.filter((t) => t.instances.length && !t.errors.length && (manifest === 'tasks.yaml' || t.split === 'train')).slice(0, sampleSize);
  return tasks.flatMap((summary) => {
    const task = loadTaskFile(summary.file).task!;
    if (task.protocol) return [];
    server.add(task);
    const instance = task.instances[0]!;
    const names = goldFields(task.fields, instance).map((f) => f.name);
    return [async (page: Page) => {
      await page.goto(server.urlOf(task, instance), { waitUntil: 'load' });
      await readFields(page, names);
    }];
  });
}

const work = mkdtempSync(join(tmpdir(), 'benchwright-bench-gate-'));
const [server, shop, gate] = await Promise.all([TaskServer.start(), ShopSite.start(), OriginGate.start()]);
const browser = await chromium.launch(config.use?.launchOptions);
try {
  gate.allow([server.origin, shop.url]);
  gate.onBlocked = () => void (counting && refused++);
  report('Form instances', await sideBySide(browser, gate, await formLoads(server, work), server.origin));
  console.log(`  requests the gate refused (CDN files with no local copy, fonts, images on other hosts): ${refused / (ROUNDS + 1)} a round`);
  const sitePages = ['/', '/catalog/product/view/id/1/', '/customer/account/login/'].map((path): Load => async (page) => {
    await page.goto(`${shop.url}${path}`, { waitUntil: 'load' });
  });
  report('Site pages (shop stand-in)', await sideBySide(browser, gate, sitePages));
} finally {
  await browser.close();
  await Promise.all([server.close(), shop.close(), gate.close()]);
  rmSync(work, { recursive: true, force: true });
}
