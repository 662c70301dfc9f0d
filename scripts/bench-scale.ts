// npm run bench, scale part: what a run costs around its instances as the benchmark grows.
// 1. `npx playwright test --list` of every instance of the imported TurkingBench, and of its
//    train split: the runner's wall time, and again with nothing printed (--reporter=null),
//    which is what a worker pays to declare the same suite before its first test.
// 2. A worker's peak RSS (the kernel's VmHWM, read from /proc while it runs) with the whole train
//    split declared: the oracle on one task's 167 instances picked by --grep, 1 worker; beside
//    it, the runner's peak RSS.
// 3. The same with a generated task whose instances CSV is 50 MB (60,000 rows): do-nothing on
//    50 of them.
// Usage: tsx scripts/bench-scale.ts; needs ../shared/turkingbench (skipped without it).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importTurkingBench } from '../src/benchmarks/turkingbench/import.ts';

const SHARED = '../shared/turkingbench';
const CLI = join('node_modules', '@playwright', 'test', 'cli.js');

/** A `playwright test` run: its wall time, and the peak RSS of its runner and of its biggest worker (MB). */
async function run(args: string[], env: Record<string, string>): Promise<{ seconds: number; output: string; runnerMB: number; workerMB: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [CLI, 'test', ...args], { env: { ...process.env, BENCHWRIGHT_ALLURE: 'off', ...env } });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const peaks = new Map<number, { worker: boolean; kb: number }>();
  const poll = setInterval(() => {
    for (const pid of [child.pid!, ...readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(Number)]) {
      try {
        const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        const worker = cmdline.includes('workerProcessEntry');
        if (pid !== child.pid && !worker) continue;
        const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
        peaks.set(pid, { worker, kb: Math.max(kb, peaks.get(pid)?.kb ?? 0) });
      } catch {
        // Gone meanwhile.
      }
    }
  }, 100);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearInterval(poll);
  if (code !== 0) throw new Error(`playwright test ${args.join(' ')} exited ${code}:\n${output.slice(-2000)}`);
  const mb = (worker: boolean) => Math.max(0, ...[...peaks.values()].filter((p) => p.worker === worker).map((p) => p.kb)) / 1024;
  return { seconds: (performance.now() - started) / 1000, output, runnerMB: mb(false), workerMB: mb(true) };
}

/** A task of `rows` instances, each a sentence of ~800 characters and one annotator's answer: its CSV ~50 MB at 60,000 rows. */
function largeCsvTask(folder: string, rows: number): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'template.html'), '<p>${sentence}</p>\n<input type="text" name="subject">\n');
  writeFileSync(join(folder, 'task.yaml'), 'id: large-csv\ntitle: Name the subject\ndescription: Type the subject of the sentence.\nsplit: train\ntemplate: template.html\ninstances:\n  csv: instances.csv\n');
  const filler = 'the quick brown fox jumps over the lazy dog '.repeat(18);
  const lines = ['sentence,Answer.subject'];
  for (let i = 0; i < rows; i++) lines.push(`"Sentence ${i}: ${filler}",subject ${i}`);
  writeFileSync(join(folder, 'instances.csv'), lines.join('\n') + '\n');
}

/** The run's passed tests, less the manifest's own. */
const passed = (output: string) => Number(/(\d+) passed/.exec(output)?.[1] ?? 1) - 1;

const row = (label: string, figure: string) => console.log(`${label.padEnd(58)} ${figure}`);

if (!existsSync(SHARED)) {
  console.log(`bench-scale: ${SHARED} not found, skipped`);
} else {
  const work = mkdtempSync(join(tmpdir(), 'benchwright-bench-scale-'));
  try {
    const imported = join(work, 'tb');
    importTurkingBench(SHARED, imported);
    const outputs = { PLAYWRIGHT_HTML_OUTPUT_DIR: join(work, 'html'), BENCHWRIGHT_REPORT_DIR: join(work, 'runs') };
    // The first listing fills the index cache, as the first run of a benchmark does.
    await run(['--project=oracle', '--list'], { ...outputs, BENCHWRIGHT_TASKS: imported, BENCHWRIGHT_INSTANCES: 'all' });
    for (const split of [undefined, 'train']) {
      const env: Record<string, string> = { ...outputs, BENCHWRIGHT_TASKS: imported, BENCHWRIGHT_INSTANCES: 'all', ...(split && { BENCHWRIGHT_SPLIT: split }) };
      const listed = await run(['--project=oracle', '--list'], env);
      const total = /Total: (\d+) tests/.exec(listed.output)?.[1];
      row(`--list, ${split ?? 'all splits'}: ${total} tests`, `${listed.seconds.toFixed(1)} s, runner peak RSS ${listed.runnerMB.toFixed(0)} MB`);
      // What a worker pays before its first test: the same loading and declaring, nothing printed.
      const quiet = await run(['--project=oracle', '--list', '--reporter=null'], env);
      row(`  the same, nothing printed (a worker's share)`, `${quiet.seconds.toFixed(1)} s`);
    }
    const oracle = await run(['--project=oracle', '--workers=1', '--grep', '@abductive-reasoning( |$)', '--reporter=dot'], {
      ...outputs, BENCHWRIGHT_TASKS: imported, BENCHWRIGHT_INSTANCES: 'all', BENCHWRIGHT_SPLIT: 'train', BENCHWRIGHT_SCREENSHOT: 'off',
    });
    row(`oracle, ${passed(oracle.output)} instances, the train split declared: peak RSS`, `worker ${oracle.workerMB.toFixed(0)} MB, runner ${oracle.runnerMB.toFixed(0)} MB (${oracle.seconds.toFixed(0)} s)`);
    const large = join(work, 'large-csv');
    largeCsvTask(large, 60_000);
    const csvMB = statSync(join(large, 'instances.csv')).size / 2 ** 20;
    const nothing = await run(['--project=do-nothing', '--workers=1', '--reporter=dot'], { ...outputs, BENCHWRIGHT_TASKS: large, BENCHWRIGHT_INSTANCES: '50', BENCHWRIGHT_SCREENSHOT: 'off' });
    row(`do-nothing, ${passed(nothing.output)} instances of a ${csvMB.toFixed(0)} MB CSV: peak RSS`, `worker ${nothing.workerMB.toFixed(0)} MB, runner ${nothing.runnerMB.toFixed(0)} MB (${nothing.seconds.toFixed(0)} s)`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
