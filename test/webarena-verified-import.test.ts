// WebArena-Verified's 394 tasks here, imported: every instance as the dataset says it (its goal,
// revision, subsets, evaluators with their values typed); and runs laid out as the reference's
// eval-tasks reads them, scored by `benchwright evaluate webarena-verified` from the dataset
// and from the imported folder alike.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { ROOT, runCli, SHARED_CONFORMANCE, tempDir } from './helpers.ts';
// Registers the built-in benchmarks, as the config and the CLI do: their evaluators, protocols and page helpers.
import '../src/benchmarks/index.ts';

const SHARED = join(ROOT, '..', 'shared', 'webarena-verified');
const DATASET = join(SHARED, 'webarena-verified.json');
const skip = { skip: !existsSync(DATASET) && 'no ../shared/webarena-verified' };

interface Task {
  task_id: number;
  intent: string;
  revision: number;
  eval: ({ evaluator: string } & Record<string, unknown>)[];
}

test('the 394 tasks: 0 errors, each instance\'s goal, revision, tags and evaluators as the dataset has them, values typed', skip, () => {
  const out = tempDir();
  const cli = runCli(['import', 'webarena-verified', DATASET, '--out', out]);
  assert.equal(cli.code, 0, cli.stdout + cli.stderr);
  assert.match(cli.stdout, /total: 96 tasks \(96 converted, 0 with errors\), 394 instances/);
  assert.match(cli.stdout, /subset hard: 258 task ids, 122 of them imported \(tag @hard\)/);
  const tasks = new Map((JSON.parse(readFileSync(DATASET, 'utf8')) as Task[]).map((t) => [String(t.task_id), t]));
  const hard = new Set((JSON.parse(readFileSync(join(SHARED, 'hard-subset.json'), 'utf8')) as { task_ids: number[] }).task_ids.map(String));
  const benchmark = loadBenchmark(join(out, 'tasks.yaml'));
  assert.deepEqual([benchmark.errors, benchmark.tasks.flatMap((t) => t.errors)], [[], []]);
  let instances = 0;
  for (const summary of benchmark.tasks) {
    for (const instance of loadTaskFile(summary.file).task!.instances) {
      const task = tasks.get(instance.id)!;
      instances++;
      assert.equal((instance.episode!.goal as { text: string }).text, task.intent, instance.id);
      assert.equal(instance.revision, task.revision);
      const type = String((task.eval[0]!.expected as { task_type: string }).task_type).toLowerCase();
      assert.deepEqual(instance.tags, [...(hard.has(instance.id) ? ['hard'] : []), type]);
      // The settings as the dataset writes them: numbers, booleans and nulls typed, keys kept.
      assert.deepEqual(instance.eval, task.eval.map(({ evaluator, ...settings }) => ({ evaluator: evaluator === 'AgentResponseEvaluator' ? 'agent-response' : 'network', settings })), instance.id);
    }
  }
  assert.equal(instances, 394);
});

test('runs of another harness, laid out as eval-tasks reads them: scored from the dataset or the imported folder, each folder given its eval_result.json', skip, () => {
  const runs = tempDir();
  const responses = JSON.parse(readFileSync(join(SHARED_CONFORMANCE, 'webarena_verified_responses.json'), 'utf8')) as Record<string, { exact_match: unknown; invalid?: Record<string, unknown> }>;
  const har = readFileSync(join(SHARED_CONFORMANCE, 'webarena-verified-runs', '107', 'network.har'));
  // Five retrieve tasks: the expected data answered (1), and an invalid variation of the file (0).
  const ids = Object.keys(responses).filter((id) => !['89', '90', '91', '92', '93'].includes(id)).slice(0, 5);
  for (const [i, id] of ids.entries()) {
    mkdirSync(join(runs, id));
    const wrong = Object.values(responses[id]!.invalid ?? {})[0];
    const data = i % 2 === 0 ? responses[id]!.exact_match : wrong;
    writeFileSync(join(runs, id, 'agent_response.json'), JSON.stringify({ task_type: 'RETRIEVE', status: 'SUCCESS', retrieved_data: data, error_details: null }));
    writeFileSync(join(runs, id, 'network.har'), har);
  }
  mkdirSync(join(runs, 'notes'));
  const evaluated = runCli(['evaluate', 'webarena-verified', DATASET, '--out', runs, '--json']);
  assert.equal(evaluated.code, 0, evaluated.stderr);
  const verdicts = JSON.parse(evaluated.stdout) as { task_id: number; status: string; score: number; evaluators: { name: string; score: number; reason?: string }[] }[];
  assert.deepEqual(verdicts.map((v) => [String(v.task_id), v.score]), ids.map((id, i) => [id, i % 2 === 0 ? 1 : 0]));
  assert.ok(verdicts.every((v) => v.evaluators[0]!.name === 'AgentResponseEvaluator' && (v.score === 1 || v.evaluators[0]!.reason)));
  const written = JSON.parse(readFileSync(join(runs, ids[1]!, 'eval_result.json'), 'utf8')) as { status: string; evaluators_results: { evaluator_name: string; status: string; assertions: { assertion_name: string }[] }[] };
  assert.equal(written.status, 'failure');
  assert.equal(written.evaluators_results[0]!.evaluator_name, 'AgentResponseEvaluator');
  // The imported folder judges alike.
  const out = tempDir();
  runCli(['import', 'webarena-verified', DATASET, '--out', out]);
  // --output-dir, the reference tool's name for --out, is taken too.
  const again = runCli(['evaluate', 'webarena-verified', out, '--output-dir', runs, '--json']);
  assert.deepEqual((JSON.parse(again.stdout) as { score: number }[]).map((v) => v.score), verdicts.map((v) => v.score));
  // A folder of a task the dataset does not hold is an error of that folder only.
  mkdirSync(join(runs, '99999'));
  writeFileSync(join(runs, '99999', 'agent_response.json'), '{}');
  writeFileSync(join(runs, '99999', 'network.har'), har);
  const unknown = runCli(['evaluate', 'webarena-verified', DATASET, '--out', runs]);
  assert.equal(unknown.code, 0, unknown.stderr);
  assert.match(unknown.stdout, /99999: error 0 \(Failed to evaluate task 99999: task 99999 is not in the dataset given\)/);
  assert.match(unknown.stdout, /6 tasks: 3 success, 2 failure, 1 error; success rate 0\.500/);
});

test('settings read as JSON values also through YAML aliases: numbers and nulls typed, quoted text kept', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'task.yaml'), `id: typed
title: Typed settings
split: test
goal: Count the comments
page: page.html
instances:
  - id: "1"
    eval: &checks
      - agent-response:
          results_schema: { type: array, items: { type: number } }
          expected: { task_type: retrieve, status: SUCCESS, retrieved_data: [3, 4.0, "5", null, true] }
  - id: "2"
    eval: *checks
`);
  writeFileSync(join(dir, 'page.html'), '<p>3 comments</p>');
  const loaded = loadTaskFile(join(dir, 'task.yaml'));
  assert.deepEqual(loaded.errors, []);
  const data = loaded.task!.instances.map((i) => (i.eval![0]!.settings as { expected: { retrieved_data: unknown } }).expected.retrieved_data);
  assert.deepEqual(data, [[3, 4, '5', null, true], [3, 4, '5', null, true]]);
});
