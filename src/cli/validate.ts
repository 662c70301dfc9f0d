import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { registerEvaluatorsFrom } from '../evaluators/registry.ts';
import { loadBenchmark } from '../task/benchmark.ts';
import { displayPath, formatError } from '../task/errors.ts';
import { MANIFEST_NAME } from '../task/manifest.ts';
import { carriesNoAnswer, type TaskSummary } from '../task/types.ts';
import { formatTable } from '../render/table.ts';

export const VALIDATE_USAGE = `benchwright validate [paths...] [--quiet] [--no-cache] [--evaluators <module>]

Checks task files and prints every problem, one per line: file:line:column: where: what.
A path is a manifest (tasks.yaml), a folder (its tasks.yaml, or every task file under it),
or a task file. Default: ./${MANIFEST_NAME}. Exit code 1 when there is any error.

  --quiet      print only the errors and the total
  --no-cache   re-read every file instead of the index cached by content hash
  --evaluators <module>
               a module of yours whose exported evaluators task files may name (what
               benchmarkConfig's evaluators registers for a run); repeatable`;

export async function validateCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { quiet: { type: 'boolean', default: false }, 'no-cache': { type: 'boolean', default: false }, evaluators: { type: 'string', multiple: true, default: [] } },
  });
  for (const module of values.evaluators) await registerEvaluatorsFrom(module);
  const paths = positionals.length ? positionals : [existsSync(MANIFEST_NAME) ? MANIFEST_NAME : '.'];
  let tasks = 0;
  let instances = 0;
  let errors = 0;
  for (const path of paths) {
    const benchmark = loadBenchmark(path, { cache: !values['no-cache'] });
    if (!values.quiet && benchmark.tasks.length) {
      console.log(`${displayPath(benchmark.manifest.file)}:`);
      console.log(
        formatTable([
          ['task', 'split', 'instances', 'scored fields', 'status'],
          ...benchmark.tasks.map((t) => [
            t.id ?? displayPath(t.file),
            t.split ?? '?',
            String(t.instances.length),
            String(scoredFields(t)),
            t.errors.length ? `${t.errors.length} error${t.errors.length === 1 ? '' : 's'}` : 'ok',
          ]),
        ]),
      );
    }
    for (const e of [...benchmark.errors, ...benchmark.tasks.flatMap((t) => t.errors)]) {
      console.log(formatError(e));
      errors++;
    }
    tasks += benchmark.tasks.length;
    instances += benchmark.tasks.reduce((n, t) => n + t.instances.length, 0);
  }
  console.log(`${tasks} task file${tasks === 1 ? '' : 's'}, ${instances} instances, ${errors} error${errors === 1 ? '' : 's'}`);
  return errors ? 1 : 0;
}

/** Fields with gold labels, less the buttons and file inputs of the template (a dynamic field's kind shows only at run time). */
function scoredFields(task: TaskSummary): number {
  const typeOf = new Map(task.fields.map((f) => [f.name, f.type]));
  return task.goldFields.filter((name) => !carriesNoAnswer(typeOf.get(name))).length;
}
