import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseActions } from '../src/action-set/parse.ts';
import { selectorArgs } from '../src/observe/observe.ts';
import { readResults } from '../src/runs/results-file.ts';
import { readTrajectories } from '../src/runs/trajectories.ts';
import { SOLVERS } from './fixtures/miniwob/solver.ts';
import { runCli, runPlaywrightAsync, SHARED_MINIWOB, tempDir } from './helpers.ts';

// MiniWoB++ (../shared/miniwob) solved: a scripted agent of a user's own
// (test/fixtures/miniwob/solver.ts, run by its own Playwright config) reads each goal and aria
// snapshot and acts through the harness's actions alone. Every seed of every task it knows
// must reach reward 1: the protocol, the observations and the actions (refs, drag, wheel,
// keys, selects) are enough to win these pages.

const skip = !existsSync(SHARED_MINIWOB) && 'no ../shared/miniwob';
const TASKS = Object.keys(SOLVERS).sort();
const SEEDS = 10;

test(`the scripted solver wins every seed of ${TASKS.length} MiniWoB++ tasks, reward 1, none errored`, { skip, timeout: 600_000 }, async (t) => {
  const out = join(tempDir('miniwob-'), 'mw');
  const imported = runCli(['import', 'miniwob', SHARED_MINIWOB, '--out', out]);
  assert.equal(imported.code, 0, imported.stdout + imported.stderr);

  const started = performance.now();
  const run = await runPlaywrightAsync(
    ['test', '-c', 'test/fixtures/miniwob/playwright.config.ts', '--project=solver', '--workers=2', '--grep', `@(${TASKS.join('|')})( |$)`],
    { BENCHWRIGHT_TASKS: join(out, 'tasks.yaml'), BENCHWRIGHT_INSTANCES: String(SEEDS), BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_SCREENSHOT: 'off' },
  );
  t.diagnostic(`${TASKS.length} tasks x ${SEEDS} seeds in ${((performance.now() - started) / 1000).toFixed(1)} s on 2 workers`);

  const folder = join(run.dir, 'benchwright-report', 'latest');
  assert.ok(existsSync(join(folder, 'results.json')), run.output.slice(-3000));
  const results = readResults(join(folder, 'results.json'));
  const rewards = new Map(results.evaluations.filter((e) => e.evaluator === 'page').map((e) => [`${e.task} ${e.instance}`, e.recorded?.reward]));
  // Each loss with its goal and the agent's actions: enough to see which step went wrong.
  const trajectories = new Map(readTrajectories(folder).map((r) => [`${r.task} ${r.instance}`, r.trajectory]));
  const losses = results.instances
    .filter((i) => i.outcome !== 'scored' || i.score !== 1 || rewards.get(`${i.task} ${i.instance}`) !== 1)
    .map((i) => {
      const trajectory = trajectories.get(`${i.task} ${i.instance}`);
      const steps = trajectory?.steps.map((s) => `${s.action}${s.error ? ` [${s.error}]` : ''}`).join('; ');
      return `${i.task} ${i.instance}: ${i.outcome} ${i.error ?? ''} score ${i.score}, reward ${rewards.get(`${i.task} ${i.instance}`)}, ended ${i.episode?.end}; goal "${trajectory?.goal}"; ${steps}`;
    });
  assert.deepEqual(losses, []);
  // Every element the solver named, it named as a model can: by a ref or bid it was shown, never by selector.
  const bySelector = [...trajectories].flatMap(([instance, trajectory]) => (trajectory?.steps ?? [])
    .filter((s) => s.action && selectorArgs(parseActions(s.action).actions[0]!).length)
    .map((s) => `${instance} step ${s.step}: ${s.action}`));
  assert.deepEqual(bySelector, []);
  assert.deepEqual([...new Set(results.instances.map((i) => i.task))].sort(), TASKS);
  assert.equal(results.instances.length, TASKS.length * SEEDS);
  assert.equal(run.code, 0, run.output.slice(-3000));
});
