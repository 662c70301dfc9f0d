import { existsSync } from 'node:fs';
import { registerEvaluatorsFrom } from '../evaluators/registry.ts';
import { loadBenchmark } from '../task/benchmark.ts';
import { displayPath, formatError } from '../task/errors.ts';
import { MANIFEST_NAME } from '../task/manifest.ts';
import { carriesNoAnswer, type TaskError, type TaskSummary } from '../task/types.ts';
import { formatTable } from '../render/table.ts';
import { parseCommandLine } from '../usage-error.ts';
import type { Command } from './help.ts';

export const validate: Command = {
  help: () => ({
    command: 'validate',
    summary: 'check task files and print every problem, one per line',
    description: `Checks task files: a table of them (task, split, instances, scored fields, status), then every problem, one per line (file:line:column: where: what), then the total. Exit code 1 when there is any error.`,
    arguments: [['[paths...]', `a manifest (${MANIFEST_NAME}), a folder (its ${MANIFEST_NAME}, or every task file under it), or a task file (default: ./${MANIFEST_NAME}, else the current folder)`]],
    options: [
      ['--quiet', 'print only the errors and the total'],
      ['--no-cache', 're-read every file instead of the index cached by content hash'],
      ['--evaluators <module>', "a module of yours whose exported evaluators task files may name (what benchmarkConfig's evaluators registers for a run); repeatable"],
      ['--json', 'print the task files, their problems and the totals as JSON'],
    ],
  }),
  run: async (args) => {
    const { values, positionals } = parseCommandLine(args, {
      quiet: { type: 'boolean', default: false },
      'no-cache': { type: 'boolean', default: false },
      evaluators: { type: 'string', multiple: true, default: [] },
      json: { type: 'boolean', default: false },
    });
    const missing = positionals.find((path) => !existsSync(path));
    if (missing !== undefined) throw new Error(`${missing}: no such file or folder`);
    for (const module of values.evaluators) await registerEvaluatorsFrom(module);
    const paths = positionals.length ? positionals : [existsSync(MANIFEST_NAME) ? MANIFEST_NAME : '.'];
    const tasks: TaskSummary[] = [];
    const errors: TaskError[] = [];
    for (const path of paths) {
      const benchmark = loadBenchmark(path, { cache: !values['no-cache'] });
      if (!values.quiet && !values.json && benchmark.tasks.length) {
        console.log(`${displayPath(benchmark.manifest.file)}:`);
        console.log(formatTable([['task', 'split', 'instances', 'scored fields', 'status'], ...benchmark.tasks.map(taskRow)]));
      }
      const found = [...benchmark.errors, ...benchmark.tasks.flatMap((t) => t.errors)];
      if (!values.json) for (const e of found) console.log(formatError(e));
      tasks.push(...benchmark.tasks);
      errors.push(...found);
    }
    const instances = tasks.reduce((n, t) => n + t.instances.length, 0);
    if (values.json) console.log(JSON.stringify(asJson(tasks, errors, instances), null, 2));
    else console.log(`${tasks.length} task file${tasks.length === 1 ? '' : 's'}, ${instances} instances, ${errors.length} error${errors.length === 1 ? '' : 's'}`);
    return errors.length ? 1 : 0;
  },
};

function taskRow(task: TaskSummary): string[] {
  const status = task.errors.length ? `${task.errors.length} error${task.errors.length === 1 ? '' : 's'}` : 'ok';
  return [task.id ?? displayPath(task.file), task.split ?? '?', String(task.instances.length), String(scoredFields(task)), status];
}

/** What the text says, for programs: paths as they are (absolute). */
function asJson(tasks: TaskSummary[], errors: TaskError[], instances: number) {
  return {
    taskFiles: tasks.length,
    instances,
    tasks: tasks.map((t) => ({ file: t.file, id: t.id ?? null, split: t.split ?? null, instances: t.instances.length, scoredFields: scoredFields(t), errors: t.errors.length })),
    errors: errors.map((e) => ({ file: e.file, line: e.line, column: e.col, path: e.path, message: e.message })),
  };
}

/** Fields with gold labels, less the buttons and file inputs of the template (a dynamic field's kind shows only at run time). */
function scoredFields(task: TaskSummary): number {
  const typeOf = new Map(task.fields.map((f) => [f.name, f.type]));
  return task.goldFields.filter((name) => !carriesNoAnswer(typeOf.get(name))).length;
}
