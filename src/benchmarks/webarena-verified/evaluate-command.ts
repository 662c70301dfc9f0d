import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readVerifiedTasks } from './import.ts';
import { evaluateOutputs, type VerifiedDefinition } from './evaluate.ts';
import { loadBenchmark } from '../../task/benchmark.ts';
import { loadTaskFile } from '../../task/load-task.ts';
import type { CommandHelp } from '../types.ts';
import { parseCommandLine, UsageError } from '../../usage-error.ts';

export const EVALUATE_HELP: CommandHelp = {
  summary: "score runs laid out as WebArena-Verified's eval-tasks reads them",
  description: `Scores runs made by any harness, laid out as WebArena-Verified's eval-tasks reads them: a folder per task under --out, named by its task_id, holding agent_response.json (the agent's final answer, as text) and network.har (the traffic the browser recorded). Each task folder gets the eval_result.json the reference writes (status, score, each evaluator's verdict), and the verdicts are printed. Without a browser: the scorers are benchwright's ports of AgentResponseEvaluator and NetworkEventEvaluator.`,
  arguments: [['<dataset>', "WebArena-Verified's webarena-verified.json, a checkout of its repository, or a folder it was imported into with benchwright import webarena-verified"]],
  options: [
    ['--out <dir>', "the folder of task folders; required (--output-dir, the reference's name, is taken too)"],
    ['--config <file>', 'the reference\'s config: {"environments": {"__GITLAB__": {"urls": [...]}}}, the sites\' base URLs in the run; else each folder\'s run_config.json, else the origin of the recorded requests (as the reference falls back)'],
    ['--task-ids <ids>', 'only these tasks, separated by commas (1,2)'],
    ['--json', "print an array, one object per folder: task_id, status, score, and each evaluator's name, score and reason"],
  ],
};

/** `benchwright evaluate webarena-verified ...`: `args` after the benchmark's name. */
export async function evaluateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseCommandLine(args, {
    out: { type: 'string' },
    'output-dir': { type: 'string' },
    config: { type: 'string' },
    'task-ids': { type: 'string' },
    json: { type: 'boolean', default: false },
  }, 1);
  const [dataset] = positionals;
  if (dataset === undefined) throw new UsageError('missing dataset (webarena-verified.json, a checkout, or an imported folder)');
  const outputDir = values.out ?? values['output-dir'];
  if (outputDir === undefined) throw new UsageError('missing --out <dir>');
  const taskIds = values['task-ids']?.split(',').map((id) => {
    if (!/^\s*\d+\s*$/.test(id)) throw new UsageError(`--task-ids expects task ids separated by commas, not "${id}"`);
    return Number(id);
  });
  if (!existsSync(outputDir) || !statSync(outputDir).isDirectory()) throw new Error(`${outputDir}: no such folder`);
  if (!existsSync(dataset)) throw new Error(`${dataset}: no such file or folder`);
  const results = await evaluateOutputs(resolve(outputDir), readDefinitions(resolve(dataset)), { ...(values.config && { config: resolve(values.config) }), ...(taskIds && { taskIds }) });
  if (values.json) {
    console.log(JSON.stringify(results.map((r) => ({
      task_id: r.task_id, status: r.status, score: r.score,
      evaluators: r.evaluators.map((e) => ({ name: e.name, score: e.score, ...(e.reason && { reason: e.reason }) })),
      ...(r.error && { error: r.error }),
    })), null, 2));
    return 0;
  }
  if (!results.length) {
    console.log(`${outputDir}: no task folder (<task_id>/ with agent_response.json and network.har)`);
    return 0;
  }
  for (const r of results) console.log(`${r.task_id}: ${r.status} ${r.score}${r.error ? ` (${r.error})` : r.status !== 'success' ? ` (${r.evaluators.filter((e) => e.score !== 1).map((e) => `${e.name}: ${e.reason ?? e.status}`).join('; ')})` : ''}`);
  const success = results.filter((r) => r.status === 'success').length;
  console.log(`\n${results.length} tasks: ${success} success, ${results.filter((r) => r.status === 'failure').length} failure, ${results.filter((r) => r.status === 'error').length} error; success rate ${(success / results.length).toFixed(3)}`);
  return 0;
}

/** The tasks' definitions: from WebArena-Verified's dataset (a file or a checkout), or from a folder it was imported into. */
function readDefinitions(source: string): Map<number, VerifiedDefinition> {
  const definitions = new Map<number, VerifiedDefinition>();
  const manifest = statSync(source).isDirectory() ? ['tasks.yaml', 'benchmark.yaml'].map((f) => join(source, f)).find(existsSync) : /\.ya?ml$/.test(source) ? source : undefined;
  if (!manifest) {
    for (const d of readVerifiedTasks(source)) definitions.set(d.task_id, d);
    return definitions;
  }
  for (const summary of loadBenchmark(manifest).tasks) {
    const { task, errors } = loadTaskFile(summary.file);
    if (!task) throw new Error(`${summary.file}: ${errors[0]?.message ?? 'does not load'}`);
    for (const instance of task.instances) {
      if (!/^\d+$/.test(instance.id) || !instance.eval) continue;
      definitions.set(Number(instance.id), { task_id: Number(instance.id), sites: instance.episode?.sites ?? [], ...(instance.revision !== undefined && { revision: instance.revision }), evaluators: instance.eval });
    }
  }
  return definitions;
}
