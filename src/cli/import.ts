import { benchmarks } from '../benchmarks/index.ts';
import type { Importer } from '../benchmarks/types.ts';
import { summarizeImport, type TaskImportSummary } from '../task/import-summary.ts';
import { displayPath } from '../task/errors.ts';
import { formatCounts, formatTable } from '../render/table.ts';
import { oneOf, parseCommandLine, UsageError } from '../usage-error.ts';
import type { Command } from './help.ts';

/** The sources: every registered benchmark with an importer. */
const importers = (): Record<string, Importer> => Object.fromEntries(benchmarks().flatMap((b) => (b.importer ? [[b.name, b.importer] as const] : [])));

export const importTasks: Command = {
  help: () => ({
    command: 'import',
    summary: "convert another benchmark's tasks into task files",
    description: `Converts the tasks of another benchmark into benchwright task files: for each task a folder <dir>/<id>/ with task.yaml, its template and its instances, plus <dir>/tasks.yaml; then prints a summary of each task. Exit code 1 when a task could not be converted.`,
    arguments: [
      ['<source>', 'the benchmark the tasks come from: one of the sources below'],
      ['<path>', 'its files, as the source reads them (below)'],
    ],
    lists: { Sources: Object.entries(importers()).map(([name, importer]) => [name, importer.describe]) },
    options: [
      ['--out <dir>', 'where to write (created if needed); required'],
      ['--json', 'print the summary as JSON: an array with one object per task'],
    ],
  }),
  run: (args) => {
    const { values, positionals } = parseCommandLine(args, { out: { type: 'string' }, json: { type: 'boolean', default: false } }, 2);
    const [sourceName, input] = positionals;
    const importer = importers()[oneOf('source', sourceName, Object.keys(importers()))]!;
    if (input === undefined) throw new UsageError(`missing path (of ${sourceName}'s files)`);
    if (values.out === undefined) throw new UsageError('missing --out <dir>');

    const result = importer.run(input, values.out);
    const rows = summarizeImport(result.tasks);
    if (values.json) console.log(JSON.stringify(rows, null, 2));
    else {
      console.log(formatSummary(rows));
      for (const note of result.notes) console.log(`note: ${note}`);
      console.log(`wrote ${displayPath(values.out)}/tasks.yaml; check it with: benchwright validate ${displayPath(values.out)}`);
    }
    return rows.some((r) => r.errors.length) ? 1 : 0;
  },
};

function formatSummary(rows: TaskImportSummary[]): string {
  const table = formatTable([
    ['task', 'split', 'instances', 'annotators', 'fields', 'by type', 'dynamic'],
    ...rows.map((r) => [
      r.id,
      r.split,
      String(r.instances),
      r.annotators.min === r.annotators.max ? String(r.annotators.min) : `${r.annotators.mean} (${r.annotators.min}-${r.annotators.max})`,
      String(r.fields.total),
      formatCounts(r.fields.byType),
      String(r.dynamic.length),
    ]),
  ]);
  const sum = (f: (r: TaskImportSummary) => number) => rows.reduce((a, r) => a + f(r), 0);
  const types: Record<string, number> = {};
  for (const r of rows) for (const [t, n] of Object.entries(r.fields.byType)) types[t] = (types[t] ?? 0) + n;
  const failed = rows.filter((r) => r.errors.length);
  const total =
    `total: ${rows.length} tasks (${rows.length - failed.length} converted, ${failed.length} with errors), ` +
    `${sum((r) => r.instances)} instances, ${sum((r) => r.annotations)} annotations, ` +
    `${sum((r) => r.fields.total)} fields (${formatCounts(types)}), ${sum((r) => r.dynamic.length)} dynamic`;
  const errors = failed.flatMap((r) => r.errors.map((e) => `error: ${r.title}: ${e}`));
  return [table, '', total, ...errors].join('\n');
}
