import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { JOURNAL, readJournal } from '../src/runs/journal.ts';
import { readResults } from '../src/runs/results-file.ts';
import { listRuns } from '../src/runs/run-folders.ts';

export const ROOT = new URL('..', import.meta.url).pathname;
export const SHARED_TURKINGBENCH = join(ROOT, '..', 'shared', 'turkingbench');
export const SHARED_CONFORMANCE = join(ROOT, '..', 'shared', 'conformance');
export const SHARED_MINIWOB = join(ROOT, '..', 'shared', 'miniwob');
/** The bundled form tasks alone (tests that count their instances and fields). */
export const FORM_TASKS = join(ROOT, 'test', 'fixtures', 'form-tasks', 'tasks.yaml');

export function tempDir(prefix = 'benchwright-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A child process's environment: a loader cache of its own, then the caller's variables. */
const childEnv = (env: Record<string, string>) => ({ ...process.env, BENCHWRIGHT_CACHE_DIR: join(tempDir(), 'cache'), ...env });

/** Runs a Node script of the project in a child process, with a loader cache of its own. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  const r = spawnSync(process.execPath, [script, ...args], {
    cwd,
    encoding: 'utf8',
    env: childEnv(env),
    maxBuffer: 64 * 2 ** 20,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * `npx playwright <command> ...` as a user runs it, with every output (test results, HTML
 * report, benchmark report, Allure results) in a temporary folder of its own.
 */
export function runPlaywright(args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  const { dir, script, argv, outputs } = playwrightRun(args);
  const r = runScript(script, argv, { ...outputs, ...env }, cwd);
  return { ...r, output: r.stdout + r.stderr, dir };
}

/** runPlaywright without blocking: for tests that serve something (a fake API) in this process. */
export async function runPlaywrightAsync(args: string[], env: Record<string, string> = {}) {
  return startPlaywright(args, env).finished;
}

/** `npx playwright ...` started in the background: its process, and its outcome once it exits. */
export function startPlaywright(args: string[], env: Record<string, string> = {}) {
  const { dir, script, argv, outputs } = playwrightRun(args);
  const child = spawn(process.execPath, [script, ...argv], { cwd: ROOT, env: childEnv({ ...outputs, ...env }) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const finished = new Promise<number | null>((resolve) => child.on('close', resolve)).then((code) => ({ code, stdout, stderr, output: stdout + stderr, dir }));
  return { child, dir, finished, output: () => stdout + stderr };
}

function playwrightRun(args: string[]) {
  const dir = tempDir('benchwright-run-');
  const outputs = {
    // The runs of the tests count the bundled form tasks; a test that wants others says so.
    BENCHWRIGHT_TASKS: FORM_TASKS,
    PLAYWRIGHT_HTML_OUTPUT_DIR: join(dir, 'html'),
    BENCHWRIGHT_REPORT_DIR: join(dir, 'benchwright-report'),
    BENCHWRIGHT_ALLURE_RESULTS: join(dir, 'allure-results'),
    // The sites setup project's logins (storage states) of this run alone.
    BENCHWRIGHT_AUTH_DIR: join(dir, 'auth'),
  };
  const output = args[0] === 'test' ? [`--output=${join(dir, 'test-results')}`] : [];
  return { dir, outputs, script: join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'), argv: [...args, ...output] };
}

/** A run's summary.md without its run line (its date and folder): two runs of the same instances compare equal. */
export const withoutRunLine = (markdown: string) => markdown.replace(/^Run: .*$/m, '');

/** The results.json of the latest run of a runPlaywright folder. */
export const latestResults = (dir: string) => readResults(join(dir, 'benchwright-report', 'latest', 'results.json'));

/** Runs the real CLI (bin/benchwright.js). */
export function runCli(args: string[], env: Record<string, string> = {}) {
  return runScript(join(ROOT, 'bin', 'benchwright.js'), args, env);
}

/** The `# expect: <error line>` comments at the top of a fixture. */
export function expectedErrors(file: string): string[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('# expect: '))
    .map((l) => l.slice('# expect: '.length));
}

/** A JavaScript stack frame, as an uncaught exception prints it. */
export const STACK_FRAME = /^\s+at .+[:(]\d+:\d+\)?$/m;

/** Each result's attachment `name` in a JSON report (PLAYWRIGHT_JSON_OUTPUT_FILE), parsed, with its spec's title, tags and project: the files it names must still be there. */
export function jsonAttachments<T>(report: string, name: string): { title: string; tags: string[]; project: string; value: T }[] {
  const found: { title: string; tags: string[]; project: string; value: T }[] = [];
  const walk = (suite: any): void => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests) {
        for (const result of t.results) {
          const attachment = result.attachments.find((a: any) => a.name === name);
          // A body, or a file (the records are attached as files: attachments.ts).
          const text = attachment?.body ? Buffer.from(attachment.body, 'base64').toString('utf8') : attachment?.path && readFileSync(attachment.path, 'utf8');
          if (text) found.push({ title: spec.title, tags: spec.tags, project: t.projectName, value: JSON.parse(text) });
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of JSON.parse(readFileSync(report, 'utf8')).suites) walk(suite);
  return found;
}

/** The browsers a run started: its descendants that are a Chromium's main process (not a wrapper script, not a child process of Chromium's). */
export function browsersOf(runner: number): number[] {
  const parentOf = new Map<number, number>();
  const browsers: number[] = [];
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p)).map(Number)) {
    try {
      parentOf.set(pid, Number(/^\d+ \(.*\) \S+ (\d+)/s.exec(readFileSync(`/proc/${pid}/stat`, 'utf8'))![1]));
      const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (/(^|\/)(chromium|chrome)(-headless-shell)?$|(^|\/)headless_shell$/.test(argv[0]!) && !argv.some((a) => a.startsWith('--type='))) browsers.push(pid);
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number): boolean => pid === runner || (pid > 1 && parentOf.has(pid) && descends(parentOf.get(pid)!));
  return browsers.filter(descends);
}

/** The instances a run's journal holds, as `project task instance`. */
export const journalled = (folder: string) => readJournal(folder).records.flatMap((r) => ('instance' in r ? [`${r.instance.project} ${r.instance.task} ${r.instance.instance}`] : []));
/** While a run goes: its journal is created a moment before its first line is whole, and then holds no record yet. */
export const journalledSoFar = (folder: string) => (readFileSync(join(folder, JOURNAL), 'utf8').includes('\n') ? journalled(folder) : []);

/** A run started and killed (or stopped) once its journal holds `after` instances. */
export async function killedRun(args: string[], env: Record<string, string>, after: number, signal: NodeJS.Signals = 'SIGKILL'): Promise<{ output: string; folder: string }> {
  const run = startPlaywright(args, env);
  const reports = env.BENCHWRIGHT_REPORT_DIR!;
  for (;;) {
    const [folder] = listRuns(reports);
    if (folder && journalledSoFar(folder).length >= after) {
      run.child.kill(signal);
      await run.finished;
      return { output: run.output(), folder };
    }
    assert.equal(run.child.exitCode, null, `the run ended before it could be killed:\n${run.output()}`);
    await sleep(50);
  }
}
