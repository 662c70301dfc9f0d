import type { ProjectSummary } from '../analysis/aggregate.ts';
import type { BenchmarkResults } from '../record/results.ts';
import { episodeTable, fieldTypeTable, projectTable, tableNotes, tagTable, taskTable } from './tables.ts';

/** One titled table of a report, as every renderer shows it (rows: the header first). */
export interface Section {
  title: string;
  rows: string[][];
  /** Sentences under the table. */
  notes?: string[];
  /** No row besides the header: renderers leave it out. */
  empty?: true;
  /** The run's headline (By agent): what the terminal prints at the end of a run. */
  headline?: true;
}

/** What a report's tables are computed from. */
export interface ReportInput {
  results: BenchmarkResults;
  summaries: ProjectSummary[];
  settings: { resamples: number; seed: number };
}

/**
 * A table a benchmark adds to a run's report (Benchmark.sections). Shown where it has rows
 * besides its header. Its title is the plugin's own text, shown as written.
 */
export interface ReportSection {
  title: string;
  /**
   * Its place among the report's tables: the core's are By agent 10, By task 20, By field
   * type 30, Episodes of goal tasks 40, Goal tasks by tag 60; equal places keep the order
   * the benchmarks were registered in.
   */
  place: number;
  rows(input: ReportInput): string[][];
  /** Its numbers, kept in results.json under `key` for readers of the file (read back, they are computed again). */
  data?: { key: string; rows(results: BenchmarkResults): unknown[] };
}

/** What a benchmark adds to `benchwright compare` per pair of projects (Benchmark.compare). */
export interface CompareSection {
  /** Its key in each pair of `compare --format json`, holding `data`'s rows. */
  key: string;
  data(a: BenchmarkResults, b: BenchmarkResults, projects: [string, string]): unknown[];
  /** Its title after the pair's ("oracle vs llm, <title>"), and its rows; none shown without data. */
  title: string;
  rows(data: unknown[]): string[][];
}

/** The core's tables: the first three always, with the notes on every number under the first. */
const CORE: (ReportSection & { always?: true; headline?: true; notes?(input: ReportInput): string[] })[] = [
  { title: 'By agent', place: 10, rows: ({ summaries }) => projectTable(summaries), always: true, headline: true, notes: ({ summaries, settings }) => tableNotes(summaries, settings) },
  { title: 'By task', place: 20, rows: ({ summaries }) => taskTable(summaries), always: true },
  { title: 'By field type', place: 30, rows: ({ summaries }) => fieldTypeTable(summaries), always: true },
  { title: 'Episodes of goal tasks', place: 40, rows: ({ summaries }) => episodeTable(summaries) },
  { title: 'Goal tasks by tag', place: 60, rows: ({ summaries }) => tagTable(summaries) },
];

/** The report's tables in their order, the benchmarks' among the core's. */
export function reportSections(input: ReportInput, added: ReportSection[] = []): Section[] {
  const all: (typeof CORE)[number][] = [...CORE, ...added];
  const ordered = all.map((s, i) => ({ s, i })).sort((x, y) => x.s.place - y.s.place || x.i - y.i).map(({ s }) => s);
  return ordered.map((s) => {
    const rows = s.rows(input);
    return { title: s.title, rows, ...(s.notes && { notes: s.notes(input) }), ...(s.headline && { headline: true as const }), ...(rows.length <= 1 && !s.always && { empty: true as const }) };
  });
}

/** The data results.json keeps beside its rows: each benchmark section's that has any. */
export function sectionData(results: BenchmarkResults, added: ReportSection[] = []): Record<string, unknown[]> {
  return Object.fromEntries(added.flatMap((s) => (s.data ? [[s.data.key, s.data.rows(results)]] : [])));
}
