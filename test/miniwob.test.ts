import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readResults } from '../src/runs/results-file.ts';
import { readTrajectories } from '../src/runs/trajectories.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { ROOT, runCli, runPlaywrightAsync, SHARED_MINIWOB, tempDir } from './helpers.ts';
// Registers the built-in benchmarks, as the config and the CLI do: MiniWoB's protocol, WebArena-Verified's evaluators.
import '../src/benchmarks/index.ts';

// MiniWoB++ (../shared/miniwob): the importer, BrowserGym's protocol written once, seeds, and
// a do-nothing baseline over every task. The scripted solvers are in miniwob-solvers.test.ts.

const skip = !existsSync(SHARED_MINIWOB) && 'no ../shared/miniwob';
const PAGES = existsSync(SHARED_MINIWOB) ? readdirSync(join(SHARED_MINIWOB, 'html', 'miniwob')).filter((f) => f.endsWith('.html')) : [];

/** The benchmark imported once, by the first test that needs it. */
let imported: string | undefined;
function miniwob(): string {
  if (imported) return imported;
  const out = join(tempDir('miniwob-'), 'mw');
  const run = runCli(['import', 'miniwob', SHARED_MINIWOB, '--out', out]);
  assert.equal(run.code, 0, run.stdout + run.stderr);
  return (imported = out);
}

/** A run of the imported tasks; its results and the goal of every episode. */
async function runMiniwob(args: string[], env: Record<string, string> = {}) {
  const run = await runPlaywrightAsync(['test', '--workers=2', ...args], { BENCHWRIGHT_TASKS: miniwob(), BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_SCREENSHOT: 'off', ...env });
  assert.equal(run.code, 0, run.output.slice(-3000));
  const folder = join(run.dir, 'benchwright-report', 'latest');
  const goals = new Map(readTrajectories(folder).map((r) => [`${r.project} ${r.task} ${r.instance}`, r.trajectory!.goal]));
  return { ...run, results: readResults(join(folder, 'results.json')), goals };
}

test('a seeded task end to end: each instance its own problem from its seed, the page evaluator\'s recorded values in results.json', { timeout: 120_000 }, async () => {
  const run = await runPlaywrightAsync(['test', '--project=do-nothing', '--grep', '@seeded( |$)'], { BENCHWRIGHT_TASKS: join(ROOT, 'test', 'fixtures', 'seeded', 'tasks.yaml'), BENCHWRIGHT_INSTANCES: '4', BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_SCREENSHOT: 'off' });
  assert.equal(run.code, 0, run.output.slice(-3000));
  const folder = join(run.dir, 'benchwright-report', 'latest');
  const { evaluations, instances } = readResults(join(folder, 'results.json'));
  assert.deepEqual(instances.map((i) => i.instance).sort(), ['1', '2', '3', '4']);
  const problems = evaluations.map((e) => e.recorded?.problem as string);
  assert.ok(problems.every((p) => /^Problem \d+$/.test(p)) && new Set(problems).size === 4, problems.join(', '));
  // The goal is read from the page once its setup ran with the instance's seed.
  assert.deepEqual(readTrajectories(folder).map((r) => r.trajectory!.goal).sort(), [...problems].sort());
});

test('import miniwob: one task per page, 0 errors, the protocol named (not copied), the pages served with core/ beside them', { skip }, () => {
  const out = miniwob();
  const benchmark = loadBenchmark(join(out, 'tasks.yaml'), { cache: false });
  assert.deepEqual(benchmark.errors, []);
  assert.equal(benchmark.tasks.length, PAGES.length);
  assert.equal(PAGES.length, 130);
  assert.deepEqual(benchmark.tasks.flatMap((t) => t.errors), []);
  assert.ok(benchmark.tasks.every((t) => t.goal && t.instances.length === 10 && t.seeds === 10));
  const file = readFileSync(join(out, 'tasks', 'click-button.yaml'), 'utf8');
  assert.match(file, /^protocol: miniwob$/m);
  assert.doesNotMatch(file, /seedrandom|WOB_/, 'the protocol is written once, in benchwright');
  assert.ok(existsSync(join(out, 'tasks', 'html', 'core', 'core.js')) && existsSync(join(out, 'tasks', 'html', 'flight')));
  // A fresh checkout keeps html/ under its Python package (miniwob/html): found there too.
  const checkout = tempDir('checkout-');
  mkdirSync(join(checkout, 'miniwob'));
  symlinkSync(join(SHARED_MINIWOB, 'html'), join(checkout, 'miniwob', 'html'));
  const again = runCli(['import', 'miniwob', checkout, '--out', join(tempDir(), 'mw')]);
  assert.equal(again.code, 0, again.stdout + again.stderr);
  assert.match(again.stdout, /^total: 130 tasks \(130 converted, 0 with errors\)/m);
  const validate = runCli(['validate', out]);
  assert.equal(validate.code, 0, validate.stdout + validate.stderr);
});

test('do-nothing over every task, 1 seed: every instance scored 0 with a goal, none errored', { skip, timeout: 600_000 }, async () => {
  const { results, goals } = await runMiniwob(['--project=do-nothing'], { BENCHWRIGHT_INSTANCES: '1' });
  assert.equal(results.instances.length, 130);
  const errored = results.instances.filter((i) => i.outcome !== 'scored');
  assert.deepEqual(errored.map((i) => `${i.task}: ${i.error}`), []);
  const empty = [...goals].filter(([, goal]) => !goal.trim()).map(([key]) => key);
  assert.deepEqual(empty, []);
  const page = results.evaluations.filter((e) => e.evaluator === 'page');
  assert.equal(page.length, 130);
  assert.ok(page.every((e) => typeof e.recorded?.reward === 'number' && 'reason' in e.recorded), 'the raw reward and its reason are kept');
  assert.deepEqual(results.instances.filter((i) => i.score !== 0).map((i) => `${i.task}: ${i.score}`), []);
});

test('a seed gives the same problem: two runs, and the goals this machine saw when the test was written', { skip, timeout: 300_000 }, async () => {
  const grep = ['--project=do-nothing', '--grep', '@(click-button|enter-text|choose-list)( |$)'];
  const first = await runMiniwob(grep, { BENCHWRIGHT_INSTANCES: '3' });
  const second = await runMiniwob(grep, { BENCHWRIGHT_INSTANCES: '3' });
  assert.equal(first.goals.size, 9);
  assert.deepEqual([...second.goals].sort(), [...first.goals].sort());
  // Math.seedrandom is JavaScript of its own, and each seed a hash of the run's seed, task and
  // instance: any machine gives these.
  assert.equal(first.goals.get('do-nothing click-button 1'), 'Click on the "No" button.');
  assert.equal(first.goals.get('do-nothing click-button 2'), 'Click on the "ok" button.');
  assert.equal(first.goals.get('do-nothing enter-text 1'), 'Enter "Dannie" into the text field and press Submit.');
  // Another run seed, other problems.
  const other = await runMiniwob(grep, { BENCHWRIGHT_INSTANCES: '3', BENCHWRIGHT_SEED: '2' });
  assert.notDeepEqual([...other.goals.values()].sort(), [...first.goals.values()].sort());
});
