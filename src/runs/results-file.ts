import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { RESULTS_FORMAT, type BenchmarkResults, type EvaluationRow } from '../record/results.ts';

export const RESULTS = 'results.json';

/** Before evaluators: field records only (read as a run judged by `fields` alone). */
const FIELDS_ONLY_FORMAT = 'benchwright-results/1';

/**
 * results.json's text, in pieces: one row per line, so that a run of 26K instances stays
 * greppable and diffable, and written as it comes, never whole in memory (~100 MB at that size).
 */
function* resultsText(results: BenchmarkResults, derived: Record<string, unknown[]>): Generator<string> {
  function* rows(items: unknown[]): Generator<string> {
    if (!items.length) return yield '[]';
    yield '[\n';
    for (const [i, item] of items.entries()) yield `${i ? ',\n' : ''}${JSON.stringify(item)}`;
    yield '\n]';
  }
  yield `{"format": ${JSON.stringify(results.format)},\n"meta": ${JSON.stringify(results.meta, null, 2)},\n"instances": `;
  yield* rows(results.instances);
  yield ',\n"fields": ';
  yield* rows(results.fields);
  yield ',\n"evaluations": ';
  yield* rows(results.evaluations);
  yield ',\n"taskErrors": ';
  yield* rows(results.taskErrors);
  // Tables computed from the rows, kept beside them for readers of the file (read back, they are computed again).
  for (const [key, items] of Object.entries(derived)) {
    if (!items.length) continue;
    yield `,\n${JSON.stringify(key)}: `;
    yield* rows(items);
  }
  yield '\n}\n';
}

export const serializeResults = (results: BenchmarkResults, derived: Record<string, unknown[]> = {}): string => [...resultsText(results, derived)].join('');

/** results.json in `dir`, with the data benchmarks keep beside the rows (ReportSection.data), written a megabyte at a time. */
export function writeResults(dir: string, results: BenchmarkResults, derived: Record<string, unknown[]> = {}): void {
  mkdirSync(dir, { recursive: true });
  const fd = openSync(join(dir, RESULTS), 'w');
  try {
    let pending = '';
    for (const piece of resultsText(results, derived)) {
      pending += piece;
      if (pending.length < 2 ** 20) continue;
      writeAll(fd, pending);
      pending = '';
    }
    writeAll(fd, pending);
  } finally {
    closeSync(fd);
  }
}

/** One write may take part of the bytes (a disk nearly full): the rest, until a write throws. */
function writeAll(fd: number, text: string): void {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at);
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
