import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parseActions } from '../src/action-set/parse.ts';
import { ACTION_SIGNATURES } from '../src/action-set/signatures.ts';
import { readResults } from '../src/runs/results-file.ts';
import { readTrajectories } from '../src/runs/trajectories.ts';
import { SOLVERS } from './fixtures/miniwob/solver.ts';
import { runCli, runPlaywrightAsync, SHARED_MINIWOB, tempDir } from './helpers.ts';

// An agent written to BrowserGym's conventions (test/fixtures/browsergym/agent.ts) reads only
// BrowserGym's observation (the bid-marked tree, the pruned HTML) and answers only in
// BrowserGym's words (click('12'), fill('15', 'text')): it solves the bundled goal tasks and
// every MiniWoB++ task the scripted solver solves.

/** Every element an action names is a bid (BrowserGym's), never a Playwright ref or a selector. */
function namedByRefOrSelector(action: string): boolean {
  const parsed = parseActions(action).actions[0];
  if (!parsed) return true;
  const form = ACTION_SIGNATURES[parsed.name].find((params) => params.length >= parsed.args.length) ?? [];
  return form.some((param, i) => ['target', 'from', 'to'].includes(param.name) && typeof parsed.args[i] === 'string' && !/^\d+$/.test(parsed.args[i] as string));
}

async function runAgent(tasks: string, grep: string, instances?: number) {
  const run = await runPlaywrightAsync(['test', '-c', 'test/fixtures/browsergym/playwright.config.ts', '--workers=2', '--grep', grep], {
    BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_ALLURE: 'off', BENCHWRIGHT_SCREENSHOT: 'off', ...(instances && { BENCHWRIGHT_INSTANCES: String(instances) }),
  });
  const folder = join(run.dir, 'benchwright-report', 'latest');
  assert.ok(existsSync(join(folder, 'results.json')), run.output.slice(-3000));
  const results = readResults(join(folder, 'results.json'));
  const trajectories = readTrajectories(folder);
  const losses = results.instances.filter((i) => i.outcome !== 'scored' || i.score !== 1).map((i) => {
    const steps = trajectories.find((r) => r.task === i.task && r.instance === i.instance)?.trajectory?.steps;
    return `${i.task} ${i.instance}: ${i.outcome} score ${i.score}; ${steps?.map((s) => `${s.action}${s.error ? ` [${s.error}]` : ''}`).join('; ')}`;
  });
  const notBrowserGym = trajectories.flatMap((r) => (r.trajectory?.steps ?? []).filter((s) => !s.action || namedByRefOrSelector(s.action)).map((s) => `${r.task} ${r.instance}: ${s.action}`));
  return { run, results, losses, notBrowserGym };
}

test('the bundled goal tasks, solved by an agent reading and writing bids only', { timeout: 300_000 }, async () => {
  const { run, results, losses, notBrowserGym } = await runAgent('tasks.yaml', '@bookshop-');
  assert.deepEqual(losses, []);
  assert.deepEqual(notBrowserGym, []);
  assert.ok(results.instances.length >= 10, `${results.instances.length} instances`);
  assert.equal(run.code, 0, run.output.slice(-3000));
});

const skip = !existsSync(SHARED_MINIWOB) && 'no ../shared/miniwob';
const TASKS = Object.keys(SOLVERS).sort();

test(`the ${TASKS.length} MiniWoB++ tasks the scripted solver wins, won through BrowserGym's observation and actions`, { skip, timeout: 600_000 }, async () => {
  const out = join(tempDir('bgym-'), 'mw');
  const imported = runCli(['import', 'miniwob', SHARED_MINIWOB, '--out', out]);
  assert.equal(imported.code, 0, imported.stdout + imported.stderr);
  const { run, results, losses, notBrowserGym } = await runAgent(join(out, 'tasks.yaml'), `@(${TASKS.join('|')})( |$)`, 3);
  assert.deepEqual(losses, []);
  assert.deepEqual(notBrowserGym, []);
  assert.equal(results.instances.length, TASKS.length * 3);
  assert.equal(run.code, 0, run.output.slice(-3000));
});
