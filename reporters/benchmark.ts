import { resolve } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite } from '@playwright/test/reporter';
import { collectResults } from '../src/report/collect.ts';
import { writeReport } from '../src/report/write-report.ts';

export interface BenchmarkReporterOptions {
  /** Where results.json, summary.md, the CSV files and index.html go. */
  outputDir?: string;
  /** Bootstrap resamples for the standard errors. */
  resamples?: number;
}

/**
 * The benchmark tables, at the end of a run or of `merge-reports`: built only from the tests'
 * annotations and fields.json attachments (the suite Playwright hands over), so a merged run
 * gives the same tables as the same run unsharded. All the work happens in onEnd.
 */
export default class BenchmarkReporter implements Reporter {
  private config?: FullConfig;
  private suite?: Suite;
  private readonly outputDir: string;

  constructor(private readonly options: BenchmarkReporterOptions = {}) {
    this.outputDir = resolve(options.outputDir ?? process.env.BENCHWRIGHT_REPORT_DIR ?? 'benchwright-report');
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.config = config;
    this.suite = suite;
  }

  async onEnd(result: FullResult): Promise<void> {
    if (!this.config || !this.suite) return;
    try {
      const results = collectResults(this.suite, this.config, result.startTime);
      if (!results.instances.length && !results.taskErrors.length) return; // no benchmark test ran
      const report = writeReport(this.outputDir, results, {
        width: process.stdout.columns || 120,
        ...(this.options.resamples !== undefined && { resamples: this.options.resamples }),
      });
      console.log(`\n${report.text}`);
      for (const problem of report.problems) console.error(`benchwright report: could not write ${problem}`);
    } catch (e) {
      // A reporter error must not fail the run's own reporting; results.json is written first.
      console.error(`benchwright report: ${(e as Error).stack ?? e}`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}
