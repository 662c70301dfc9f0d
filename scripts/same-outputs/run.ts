// One job of a snapshot: runs a checkout's CLI and Playwright as a user does, each run in a
// temporary folder of its own, and keeps their outputs, normalised, in the job's snapshot folder.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { collect, type Mask, normalize, write } from './collect.ts';

export interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A child process, stdout and stderr kept; never blocks this process (it may be serving a stand-in site). */
export function run(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<Result> {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** The caller's environment without anything that would choose what a run does (the jobs say it all). */
export function cleanEnv(work: string): NodeJS.ProcessEnv {
  const chooses = /^(BENCHWRIGHT_(?!CHROMIUM$)|OPENAI_|PLAYWRIGHT_|PW_|REDDIT|SHOPPING|GITLAB|MAP|WIKIPEDIA|HOMEPAGE|ASSISTANTBENCH_|CI$)/;
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !chooses.test(k)));
  // Caches of this snapshot alone: a loader cache or a judge's reply made by the other checkout is not used.
  return { ...env, FORCE_COLOR: '0', BENCHWRIGHT_CACHE_DIR: join(work, 'cache'), BENCHWRIGHT_LLM_CACHE: join(work, 'llm-replies'), BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_ALLURE_RESULTS: join(work, 'allure-results') };
}

/** The formats `benchwright export --help` offers: `--format chat|webarena|...`. */
export function exportFormats(checkout: string, env: NodeJS.ProcessEnv): string[] {
  const help = spawnSync(process.execPath, [join(checkout, 'bin', 'benchwright.js'), 'export', '--help'], { cwd: checkout, env, encoding: 'utf8' });
  const formats = /--format (\S+)/.exec(help.stdout)?.[1]?.split('|');
  if (!formats) throw new Error(`benchwright export --help names no --format:\n${help.stdout}${help.stderr}`);
  return formats;
}

export class JobRun {
  readonly masks: Mask[] = [];
  /** Runs whose outputs are collected at the end (their folders under work/). */
  private readonly runs = new Set<string>();
  readonly warnings: string[] = [];

  constructor(
    readonly checkout: string,
    /** This job's temporary folder. */
    readonly work: string,
    /** This job's snapshot folder. */
    readonly out: string,
    readonly env: NodeJS.ProcessEnv,
    readonly formats: string[],
    masks: Mask[],
  ) {
    this.masks.push(...masks);
  }

  /** A literal (a stand-in site's URL) written as a placeholder. */
  mask(literal: string, placeholder: string): void {
    this.masks.push([literal, placeholder]);
  }

  /** Writes a text into the job's snapshot, normalised. */
  keep(file: string, text: string): void {
    write(join(this.out, file), normalize(text, this.masks));
  }

  /** `benchwright <args>`, its exit code and output kept as <folder>/cli/<label>.txt. */
  async cli(folder: string, label: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Result> {
    const r = await run(process.execPath, [join(this.checkout, 'bin', 'benchwright.js'), ...args], this.checkout, { ...this.env, ...env });
    this.keep(join(folder, 'cli', `${label}.txt`), `$ benchwright ${args.join(' ')}\nexit code: ${r.code}\n--- stdout\n${r.stdout}--- stderr\n${r.stderr}`);
    return r;
  }

  /** `benchwright import <source> <input>`: the tasks it wrote, kept under import/ (task files in full, the rest by hash). */
  async import(source: string, input: string): Promise<string> {
    const dir = join(this.work, 'import');
    const r = await this.cli('import', source, ['import', source, input, '--out', dir]);
    if (r.code !== 0) throw new Error(`benchwright import ${source} exited ${r.code}: ${r.stderr || r.stdout}`);
    collect(dir, join(this.out, 'import', 'files'), this.masks, (rel) => !/\.ya?ml$/.test(rel));
    return dir;
  }

  /** `npx playwright test <args>` in the checkout; the run's folder (benchwright-report/latest). */
  async playwright(name: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
    const dir = join(this.work, name);
    const r = await run('npx', ['playwright', 'test', ...args, `--output=${join(dir, 'test-results')}`], this.checkout, {
      ...this.env,
      BENCHWRIGHT_REPORT_DIR: join(dir, 'benchwright-report'),
      PLAYWRIGHT_HTML_OUTPUT_DIR: join(dir, 'playwright-report'),
      BENCHWRIGHT_AUTH_DIR: join(dir, 'auth'),
      ...env,
    });
    if (r.code !== 0) this.warnings.push(`${name}: npx playwright test exited ${r.code}:\n${(r.stdout + r.stderr).slice(-2000)}`);
    this.keep(join(name, 'terminal.txt'), terminal(r));
    this.runs.add(name);
    const latest = join(dir, 'benchwright-report', 'latest');
    if (!existsSync(latest)) throw new Error(`${name}: the run left no benchwright-report/latest:\n${(r.stdout + r.stderr).slice(-3000)}`);
    return realpathSync(latest);
  }

  /** What a user does with a finished run: list it, render its tables again (re-scored too), export it in every format. */
  async afterRun(name: string, folder: string, kinds: { forms?: boolean; goals?: boolean }, env: NodeJS.ProcessEnv = {}): Promise<void> {
    const dir = join(this.work, name);
    await this.cli(name, 'runs', ['runs', join(dir, 'benchwright-report')], env);
    await this.cli(name, 'report', ['report', folder, '--out', join(dir, 'rerender')], env);
    if (kinds.forms) await this.cli(name, 'report-iou-nearest', ['report', folder, '--checkbox', 'iou', '--range', 'nearest', '--out', join(dir, 'rescored-metrics')], env);
    if (kinds.goals) await this.cli(name, 'report-rescore', ['report', folder, '--rescore', '--out', join(dir, 'rescored-evaluators')], env);
    mkdirSync(join(dir, 'export'), { recursive: true });
    // chat writes one file (docs/agents.md: chat.jsonl); the others a folder.
    for (const format of this.formats) await this.cli(name, `export-${format}`, ['export', folder, '--format', format, '--out', join(dir, 'export', format === 'chat' ? 'chat.jsonl' : format)], env);
  }

  /** Every run's folder, re-renders and exports into the snapshot (Playwright's own report and test-results left out). */
  finish(): void {
    for (const name of this.runs) {
      const dir = join(this.work, name);
      collect(join(dir, 'benchwright-report', 'latest'), join(this.out, name, 'report'), this.masks);
      for (const sub of readdirSync(dir).filter((d) => d === 'rerender' || d.startsWith('rescored-') || d === 'export')) collect(join(dir, sub), join(this.out, name, sub), this.masks);
    }
  }
}

/** What the terminal shows of a run, but for the per-test lines (their order and times are the machine's): counts, then the benchmark tables. */
function terminal(r: Result): string {
  const lines = (r.stdout + r.stderr).split('\n');
  const counts = lines.filter((l) => /^\s+\d+ (passed|failed|flaky|skipped|did not run|interrupted)\b/.test(l)).map((l) => l.trim().replace(/ \([\d.]+(ms|s|m|h)\)$/, ''));
  const start = lines.findIndex((l) => /^project\s/.test(l));
  return [`exit code: ${r.code}`, ...counts, '', ...(start >= 0 ? lines.slice(start) : ['(no benchmark table)'])].join('\n');
}
