import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { test } from 'node:test';
import { JOURNAL } from '../src/runs/journal.ts';
import { readResults } from '../src/runs/results-file.ts';
import { listRuns, readRun } from '../src/runs/run-folders.ts';
import { readTrajectories } from '../src/runs/trajectories.ts';
import { browsersOf, journalled, journalledSoFar, killedRun, ROOT, runCli, runPlaywright, runScript, SHARED_TURKINGBENCH, startPlaywright, tempDir, withoutRunLine } from './helpers.ts';

// A run killed hard keeps every instance it finished, and a resumed run completes it: its
// tables equal a clean run's. Runs live side by side; nothing that runs no instance writes.

const finishedInOutput = (output: string) => [...output.matchAll(/^\s+✓\s+\d+ \[(\S+)\] › \S+\.spec\.js:\d+:\d+ › (\S+) › (\S+) @/gm)].map((m) => m.slice(1).join(' '));
/** Every file under a folder (links as links) with a hash of its content. */
function snapshot(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry);
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) files[entry] = `-> ${readlinkSync(path)}`;
    else if (stat.isFile()) files[entry] = `${createHash('sha256').update(readFileSync(path)).digest('hex')} ${stat.mtimeMs}`;
  }
  return files;
}

/** Starts a run, kills the runner (SIGKILL; SIGINT is Ctrl-C) once its journal holds `after` instances; returns what the terminal showed. */
async function killThenResume(args: string[], env: Record<string, string>, clean: string, after: number, signal: NodeJS.Signals = 'SIGKILL') {
  const reports = join(tempDir(), 'reports');
  const killed = await killedRun(args, { ...env, BENCHWRIGHT_REPORT_DIR: reports }, after, signal);
  const shown = finishedInOutput(killed.output);
  const kept = journalled(killed.folder);
  // The terminal's lines are read: a change of their form must not leave the checks below with nothing.
  assert.ok(shown.length > 0, killed.output);
  // The terminal may lag the journal by the instance the kill cut short of its line.
  assert.ok(kept.length >= after, killed.output);
  for (const instance of shown) assert.ok(kept.includes(instance), `${instance} was shown finished but is not in the journal`);
  // A run stopped with Ctrl-C ends, interrupted; one killed has no end.
  assert.equal(readRun(killed.folder).end?.status, signal === 'SIGINT' ? 'interrupted' : undefined);
  const killedFiles = snapshot(killed.folder);

  const resumed = runPlaywright(args, { ...env, BENCHWRIGHT_REPORT_DIR: reports, BENCHWRIGHT_RESUME: 'latest' });
  assert.equal(resumed.code, 0, resumed.output);
  const rerun = finishedInOutput(resumed.output);
  assert.ok(rerun.length > 0, resumed.output);
  assert.deepEqual(rerun.filter((i) => kept.includes(i)), [], 'a finished instance ran again');
  const [, folder] = listRuns(reports);
  assert.equal(readRun(folder!).results.meta.resumedFrom, killed.folder.split('/').at(-1));
  assert.equal(withoutRunLine(readFileSync(join(folder!, 'summary.md'), 'utf8')), withoutRunLine(clean));
  assert.deepEqual(snapshot(killed.folder), killedFiles, 'the killed run is left as it was');
  return { reports, killed, resumed };
}

const BUNDLED = ['test', '--project=oracle', '--project=do-nothing'];
const OFF = { BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_SCREENSHOT: 'off' };
/** A clean run of the bundled tasks, made once, by the first test that needs it. */
let cleanRun: ReturnType<typeof runPlaywright> | undefined;
/** What the clean run's processes noted as each instance's journal line was written (fixtures/journal-probe). */
const probeLog = join(tempDir(), 'journal-probe.jsonl');
function clean() {
  const probe = `--import=${pathToFileURL(join(ROOT, 'test', 'fixtures', 'journal-probe', 'probe.mjs')).href}`;
  cleanRun ??= runPlaywright(BUNDLED, { ...OFF, BENCHWRIGHT_JOURNAL_PROBE: probeLog, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${probe}` });
  assert.equal(cleanRun.code, 0, cleanRun.output);
  return { ...cleanRun, reports: join(cleanRun.dir, 'benchwright-report'), latest: join(cleanRun.dir, 'benchwright-report', 'latest') };
}

test('the bundled tasks, killed with SIGKILL after 5 instances, then resumed: only the rest runs; the tables equal a clean run', async () => {
  const { reports, killed } = await killThenResume(BUNDLED, OFF, readFileSync(join(clean().latest, 'summary.md'), 'utf8'), 5);
  // The killed run's trajectories are carried over: export sees every instance, as after a clean run.
  const trajectories = (folder: string) => readTrajectories(folder).map((r) => `${r.project} ${r.task} ${r.instance}`).sort();
  assert.deepEqual(trajectories(join(reports, 'latest')), trajectories(clean().latest));

  // benchwright runs: both runs, the killed one interrupted, the resumed one complete and latest.
  const runs = runCli(['runs'], { BENCHWRIGHT_REPORT_DIR: reports });
  assert.equal(runs.code, 0, runs.stderr);
  const name = killed.folder.split('/').at(-1)!.replace(/[+.]/g, '\\$&');
  assert.match(runs.stdout, new RegExp(`^  ${name} .* interrupted \\(killed\\)$`, 'm'));
  assert.match(runs.stdout, new RegExp(`^\\* \\S+_oracle\\+do-nothing .* 20 +oracle 1\\.000, do-nothing 0\\.\\d{3} +complete \\(passed\\), resumes ${name}$`, 'm'));

  // benchwright report: latest by default, re-rendered in place to the same files; a killed run from its journal.
  const latest = join(reports, 'latest');
  const before = snapshot(latest);
  const again = runCli(['report'], { BENCHWRIGHT_REPORT_DIR: reports });
  assert.equal(again.code, 0, again.stderr);
  assert.match(again.stdout, /^oracle\s+oracle\s+1\.000 ± 0\.000/m);
  for (const [file, hash] of Object.entries(snapshot(latest))) assert.equal(hash.split(' ')[0], before[file]!.split(' ')[0], file);
  const partial = runCli(['report', killed.folder], { BENCHWRIGHT_REPORT_DIR: reports });
  assert.equal(partial.code, 0, partial.stderr);
  assert.ok(existsSync(join(killed.folder, 'summary.md')));
});

test('stopped with Ctrl-C (SIGINT) after 5 instances, then resumed: what it was running is not taken for finished, and the tables equal a clean run', async () => {
  const { killed } = await killThenResume(BUNDLED, OFF, readFileSync(join(clean().latest, 'summary.md'), 'utf8'), 5, 'SIGINT');
  const stopped = readRun(killed.folder).results.instances;
  assert.deepEqual(stopped.filter((i) => i.status === 'interrupted' && i.outcome !== 'not run'), [], 'an instance the stop cut short is not run, not scored');
});

test('--list, and a --grep that matches no instance, leave every run folder byte for byte as it was, and write no Allure results', () => {
  const { reports } = clean();
  const before = snapshot(reports);
  for (const args of [['test', '--list'], ['test', '--project=oracle', '--grep', 'matches-no-instance']]) {
    const r = runPlaywright(args, { ...OFF, BENCHWRIGHT_REPORT_DIR: reports });
    assert.doesNotMatch(r.output, /run folder|Tables:/, args.join(' '));
    assert.deepEqual(snapshot(reports), before, args.join(' '));
  }
  // Nor Allure results: allure-playwright would record every listed test as skipped.
  const allure = join(tempDir(), 'allure-results');
  const listed = runPlaywright(['test', '--list'], { BENCHWRIGHT_REPORT_DIR: reports, BENCHWRIGHT_ALLURE_RESULTS: allure });
  assert.equal(listed.code, 0, listed.output);
  assert.deepEqual(existsSync(allure) ? readdirSync(allure) : [], []);
});

test('a resume that chooses other instances or other project options is refused, naming what differs', () => {
  const { reports } = clean();
  const r = runPlaywright(BUNDLED, { ...OFF, BENCHWRIGHT_REPORT_DIR: reports, BENCHWRIGHT_RESUME: 'latest', BENCHWRIGHT_SEED: '7', BENCHWRIGHT_SPLIT: 'train' });
  assert.notEqual(r.code, 0);
  assert.match(r.output, /BENCHWRIGHT_RESUME: .* cannot be resumed by this run: it chose splits all \(not set\), this run \["train"\]; it chose seed 1, this run 7/);
  assert.equal(listRuns(reports).length, 1, 'nothing written');

  // The same choice over a run that finished everything: nothing left to run, nothing written.
  const none = runPlaywright(BUNDLED, { ...OFF, BENCHWRIGHT_REPORT_DIR: reports, BENCHWRIGHT_RESUME: 'latest' });
  assert.equal(none.code, 0, none.output);
  assert.match(none.output, /benchwright: \S+ has no instance left to run; no run folder written\./);
  assert.equal(listRuns(reports).length, 1);
});

test('real TurkingBench tasks (2 instances each), killed halfway, then resumed: the tables equal a clean run', { skip: !existsSync(SHARED_TURKINGBENCH) && 'no ../shared/turkingbench' }, async () => {
  const tasks = tempDir();
  const imported = runScript(join(ROOT, 'bin', 'benchwright.js'), ['import', 'turkingbench', SHARED_TURKINGBENCH, '--out', tasks]);
  assert.equal(imported.code, 0, imported.stderr);
  // Ten train tasks: enough to kill a run of two workers halfway.
  const chosen = readdirSync(tasks).filter((d) => existsSync(join(tasks, d, 'task.yaml')) && /^split: train$/m.test(readFileSync(join(tasks, d, 'task.yaml'), 'utf8'))).slice(0, 10);
  writeFileSync(join(tasks, 'tasks.yaml'), `name: resume check\ntasks: [${chosen.join(', ')}]\n`);
  const env = { ...OFF, BENCHWRIGHT_TASKS: join(tasks, 'tasks.yaml'), BENCHWRIGHT_INSTANCES: '2' };
  const args = ['test', '--project=oracle', '--workers=2'];
  const full = runPlaywright(args, env);
  assert.equal(full.code, 0, full.output);
  await killThenResume(args, env, readFileSync(join(full.dir, 'benchwright-report', 'latest', 'summary.md'), 'utf8'), 10);
});

test('a finished run\'s journal: its metadata, one line per finished instance, its end', () => {
  const lines = readFileSync(join(clean().latest, JOURNAL), 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  assert.equal(lines.length, 1 + 20 + 1);
  assert.ok('meta' in lines[0]! && 'end' in lines.at(-1)!);
});

test('an instance\'s trajectory is on disk before its journal line: a kill between the two leaves it unfinished, to run again', () => {
  const withTrajectory = new Set(readTrajectories(clean().latest).map((r) => `${r.project} ${r.task} ${r.instance}`));
  const noted = readFileSync(probeLog, 'utf8').trimEnd().split('\n').map((l) => JSON.parse(l) as { project: string; task: string; instance: string; trajectoryBefore: boolean });
  assert.deepEqual(noted.map((n) => `${n.project} ${n.task} ${n.instance}`).sort(), journalled(clean().latest).sort(), 'the probe saw every journal line');
  const checked = noted.filter((n) => withTrajectory.has(`${n.project} ${n.task} ${n.instance}`));
  assert.ok(checked.length > 0, 'no instance with a trajectory');
  for (const n of checked) assert.ok(n.trajectoryBefore, `${n.project} ${n.task} ${n.instance}: journalled before its trajectory was written`);
});

test('a Chromium killed in the middle of an instance: that instance runs again in a browser launched anew and scores, the run goes on', async () => {
  const tasks = tempDir();
  const reports = join(tempDir(), 'reports');
  // The victim's page holds its load for seconds (on the real clock: a pinned one would hold it for ever); the browser is killed once the journal has the instance before it.
  writeFileSync(join(tasks, 'crash.yaml'), `id: crash
title: A page whose browser dies
split: train
clock: real
html: |
  \${trap}
  <label><input type="radio" name="q" value="yes"> yes</label>
instances:
  - { id: before, values: { trap: '' }, gold: { q: [yes] } }
  - { id: victim, values: { trap: '<script>for (var t = Date.now(); Date.now() - t < 8000;);</script>' }, gold: { q: [yes] } }
  - { id: after, values: { trap: '' }, gold: { q: [yes] } }
`);
  const run = startPlaywright(['test', '--project=oracle', '--workers=1'], { ...OFF, BENCHWRIGHT_TASKS: join(tasks, 'crash.yaml'), BENCHWRIGHT_REPORT_DIR: reports });
  for (;;) {
    const [folder] = listRuns(reports);
    if (folder && journalledSoFar(folder).length >= 1) break;
    assert.equal(run.child.exitCode, null, `the run ended before its browser could be killed:\n${run.output()}`);
    await sleep(50);
  }
  const killed = browsersOf(run.child.pid!);
  for (const pid of killed) process.kill(pid, 'SIGKILL');
  const { code, output } = await run.finished;
  assert.equal(code, 0, output);
  assert.ok(killed.length, `the browser was found:\n${output}`);
  const { instances } = readRun(join(reports, 'latest')).results;
  assert.deepEqual(instances.map((i) => [i.instance, i.outcome, i.score]), [['after', 'scored', 1], ['before', 'scored', 1], ['victim', 'scored', 1]]);
  assert.deepEqual(instances[2]!.infrastructureRetries, ['attempt 1: the browser closed (a crash)']);
});

test('a report folder that cannot be written does not stop the run: every instance runs, the reason is printed once, the results go to a temporary folder', () => {
  const notAFolder = join(tempDir(), 'file');
  writeFileSync(notAFolder, '');
  const r = runPlaywright(['test', '--project=oracle'], { ...OFF, BENCHWRIGHT_REPORT_DIR: notAFolder });
  assert.equal(r.code, 0, r.output);
  assert.match(r.output, /11 passed/);
  assert.equal(r.output.match(/benchwright: cannot write the run's journal/g)?.length, 1, r.output);
  const [, fallback] = /benchwright: no run folder could be written in .*file \(EEXIST[^)]*\); this run's results are in (\S+)/.exec(r.output) ?? [];
  assert.ok(fallback, r.output);
  assert.equal(readResults(join(fallback, 'results.json')).instances.length, 10);
  assert.match(r.output, /^oracle\s+oracle\s+1\.000 ± 0\.000/m);
});
