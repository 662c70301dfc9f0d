// npm run bench, full-size part: the runner's memory and the reports at the size of TurkingBench's
// train split (117 tasks x 227 = 26,559 tests, 2 workers), without a browser: each test runs an
// oracle instance's steps and leaves its records (scripts/full-size/). Beside it, the floor: the
// same tests and steps in bare Playwright with its list and HTML reporters. Measured: the
// runner's peak RSS (the kernel's VmHWM), the HTML report's size and how long one test's page
// takes to show, the size of Allure's results and of the run folder.
// Usage: tsx scripts/bench-full-size.ts [tasks] [instances per task]
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { recordFigure } from './bench-figures.ts';
import { folderSize } from './folder-size.ts';
import { profile } from './process-cpu.ts';
import { reportOpenTimes } from './report-open-time.ts';

const tasks = Number(process.argv[2] ?? 117);
const perTask = Number(process.argv[3] ?? 227);
const CLI = join('node_modules', '@playwright', 'test', 'cli.js');

interface Run { wall: number; runnerMB: number; cpu: number; html: number; testPage: number; allure?: { bytes: number; files: number }; runFolder?: number }

async function run(bare: boolean): Promise<Run> {
  const dir = mkdtempSync(join(process.cwd(), '.bench-full-size-'));
  try {
    const env = {
      ...process.env, FULL_SIZE_TASKS: String(tasks), FULL_SIZE_PER_TASK: String(perTask), FULL_SIZE_BARE: bare ? '1' : '0',
      BENCHWRIGHT_REPORT_DIR: join(dir, 'runs'), BENCHWRIGHT_ALLURE_RESULTS: join(dir, 'allure-results'), PLAYWRIGHT_HTML_OUTPUT_DIR: join(dir, 'html'),
    };
    const { cpu, peakMB, wallMs, status } = await profile(process.execPath, [CLI, 'test', '-c', 'scripts/full-size/playwright.config.ts', `--output=${join(dir, 'test-results')}`], env, 'ignore');
    if (status !== 0) throw new Error(`the full-size run${bare ? ' (bare)' : ''} exited ${status}`);
    const open = await reportOpenTimes(join(dir, 'html', 'index.html'), `@task-${Math.floor(tasks / 2)} instance-${Math.floor(perTask / 2)}`);
    const runs = join(dir, 'runs');
    return {
      wall: wallMs / 1000, runnerMB: peakMB.runner, cpu: Object.values(cpu).reduce((a, b) => a + b, 0),
      html: folderSize(join(dir, 'html')).bytes, testPage: open.direct,
      ...(!bare && { allure: folderSize(join(dir, 'allure-results')), runFolder: folderSize(join(runs, readdirSync(runs).find((f) => f !== 'latest')!)).bytes }),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const MB = 2 ** 20;
console.log(`${tasks * perTask} tests (${tasks} tasks x ${perTask}), 2 workers, no browser`);
const floor = await run(true);
const ours = await run(false);
for (const [name, r] of [['bare Playwright (list, HTML)', floor], ['benchwright (its reporters)', ours]] as const) {
  console.log(`${name.padEnd(30)} wall ${r.wall.toFixed(0)} s, CPU ${r.cpu.toFixed(0)} s, runner peak ${r.runnerMB.toFixed(0)} MiB, HTML report ${(r.html / MB).toFixed(0)} MB, a test's page opened at its address in ${r.testPage.toFixed(1)} s`);
}
console.log(`Allure results: ${(ours.allure!.bytes / MB).toFixed(0)} MB in ${ours.allure!.files} files; the run folder: ${(ours.runFolder! / MB).toFixed(0)} MB`);
const floorName = 'bare Playwright, the same tests';
recordFigure({ figure: `full-size run (${tasks * perTask} tests): runner peak (MiB)`, value: ours.runnerMB, floor: { value: floor.runnerMB, name: floorName }, target: { max: 1024 } });
recordFigure({ figure: "full-size run: the HTML report opened at a test's page (s)", value: ours.testPage, floor: { value: floor.testPage, name: floorName }, target: { max: 2 } });
recordFigure({ figure: 'full-size run: the HTML report (MB)', value: ours.html / MB, floor: { value: floor.html / MB, name: floorName } });
recordFigure({ figure: "full-size run: Allure's results (MB)", value: ours.allure!.bytes / MB });
