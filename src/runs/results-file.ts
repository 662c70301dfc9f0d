import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_FORMAT, type BenchmarkResults, type EvaluationRow } from '../record/results.ts';

export const RESULTS = 'results.json';

/** Before evaluators: field records only (read as a run judged by `fields` alone). */
const FIELDS_ONLY_FORMAT = 'benchwright-results/1';

/** One row per line: a run of 26K instances stays greppable and diffable. */
export function serializeResults(results: BenchmarkResults, derived: Record<string, unknown[]> = {}): string {
  const rows = (items: unknown[]) => (items.length ? `[\n${items.map((i) => JSON.stringify(i)).join(',\n')}\n]` : '[]');
  // Tables computed from the rows, kept beside them for readers of the file (read back, they are computed again).
  const more = Object.entries(derived).filter(([, items]) => items.length).map(([key, items]) => `,\n${JSON.stringify(key)}: ${rows(items)}`).join('');
  return `{"format": ${JSON.stringify(results.format)},
"meta": ${JSON.stringify(results.meta, null, 2)},
"instances": ${rows(results.instances)},
"fields": ${rows(results.fields)},
"evaluations": ${rows(results.evaluations)},
"taskErrors": ${rows(results.taskErrors)}${more}
}
`;
}

/** results.json in `dir`, with the data benchmarks keep beside the rows (ReportSection.data). */
export function writeResults(dir: string, results: BenchmarkResults, derived: Record<string, unknown[]> = {}): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, RESULTS), serializeResults(results, derived));
}

export function readResults(file: string): BenchmarkResults {
  let data: Partial<BenchmarkResults>;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as Partial<BenchmarkResults>;
  } catch (e) {
    throw new Error(`${file}: cannot read results: ${(e as Error).message}`);
  }
  if ((data?.format as string | undefined) === FIELDS_ONLY_FORMAT) data = { ...data, format: RESULTS_FORMAT, evaluations: fieldsEvaluations(data) };
  if (data?.format !== RESULTS_FORMAT) {
    throw new Error(`${file}: expected a benchwright results file ("format": "${RESULTS_FORMAT}"), found ${JSON.stringify(data?.format ?? null)}`);
  }
  for (const key of ['instances', 'fields', 'evaluations', 'taskErrors'] as const) {
    if (!Array.isArray(data[key])) throw new Error(`${file}: "${key}" must be a list`);
  }
  if (typeof data.meta !== 'object' || data.meta === null) throw new Error(`${file}: "meta" must be an object`);
  return data as BenchmarkResults;
}

/** A run of the first format was judged by its fields alone: its instance scores are the fields evaluator's. */
function fieldsEvaluations(data: Partial<BenchmarkResults>): EvaluationRow[] {
  if (!Array.isArray(data.instances)) return [];
  return data.instances.filter((i) => i.outcome === 'scored' || i.outcome === 'not scored')
    .map(({ project, task, instance, score, ceiling }) => ({ project, task, instance, evaluator: 'fields', score, ceiling }));
}
