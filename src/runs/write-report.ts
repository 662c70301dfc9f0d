import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_RESAMPLES, summarizeProjects } from '../analysis/aggregate.ts';
import type { BenchmarkResults } from '../record/results.ts';
import { perFieldTypeCsv, perTaskCsv } from '../render/csv.ts';
import { renderHtml } from '../render/html.ts';
import { renderMarkdown } from '../render/markdown.ts';
import { reportSections, sectionData, type ReportSection, type Section } from '../render/sections.ts';
import { renderTerminal } from '../render/text.ts';
import { writeResults } from './results-file.ts';

export interface ReportOptions {
  /** Bootstrap resamples for the standard errors (0: no standard errors). */
  resamples?: number;
  /** Terminal width for the printed table. */
  width?: number;
  /** The benchmarks' own tables (Benchmark.sections), and their data in results.json. */
  sections?: ReportSection[];
  /** Write results.json (false when re-rendering the results.json being read). */
  writeResults?: boolean;
}

export interface WrittenReport {
  /** The table for the terminal. */
  text: string;
  /** Files that could not be rendered, with why; results.json is written before any of them. */
  problems: string[];
}

/** results.json first (nothing is lost if a rendering fails), then the tables and the page. */
export function writeReport(dir: string, results: BenchmarkResults, options: ReportOptions = {}): WrittenReport {
  mkdirSync(dir, { recursive: true });
  if (options.writeResults !== false) writeResults(dir, results, sectionData(results, options.sections));
  const settings = { resamples: options.resamples ?? DEFAULT_RESAMPLES, seed: results.meta.selection?.seed ?? 1 };
  const summaries = summarizeProjects(results, settings);
  const input = { results, summaries, settings };
  // Computed once for both pages; a benchmark's section that throws fails those pages only, not the terminal's table (the core's own).
  let all: Section[] | undefined;
  const sections = () => (all ??= reportSections(input, options.sections));
  const problems: string[] = [];
  const files: Record<string, () => string> = {
    'summary.md': () => renderMarkdown(results, sections()),
    'per-task.csv': () => perTaskCsv(summaries),
    'per-field-type.csv': () => perFieldTypeCsv(summaries),
    'index.html': () => renderHtml(results, summaries, sections()),
  };
  for (const [name, render] of Object.entries(files)) {
    try {
      writeFileSync(join(dir, name), render());
    } catch (e) {
      problems.push(`${name}: ${(e as Error).message}`);
    }
  }
  return { text: renderTerminal(all ?? reportSections(input), { dir, width: options.width ?? 120 }), problems };
}
