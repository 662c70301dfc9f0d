import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import type { FullConfig, FullResult, Reporter, Suite, TestCase } from '@playwright/test/reporter';
import { networkFileOf } from '../src/record/attachments.ts';
import { recordKey } from '../src/record/keys.ts';
import { isBenchmarkTest } from '../src/record/notes.ts';
import { browserOf, readTest, testRecord } from '../src/record/read-test.ts';
import type { BenchmarkResults, InstanceRow, RunRecord } from '../src/record/results.ts';
import { benchmarkSections } from '../src/benchmarks/index.ts';
import { writeReport } from '../src/runs/write-report.ts';
import { assembleResults, notRun, projectOf, projectOrder, runMetadata } from '../src/runs/assemble.ts';
import { InstanceSpending } from '../src/runs/instance-spending.ts';
import { JournalWriter, JOURNAL, readJournal } from '../src/runs/journal.ts';
import { keepNetwork } from '../src/runs/network-files.ts';
import { carryInstanceFiles } from '../src/runs/carry-files.ts';
import { keepScreenshots } from '../src/runs/screenshot-files.ts';
import { createRunFolder, pointLatestAt, reportFolder, runFolderName } from '../src/runs/run-folders.ts';
import { optionValues } from '../src/runner/command-line.ts';
import { keepTrajectory, type Steps } from '../src/runs/trajectories.ts';
import { writeViewer } from '../src/viewer/write-viewer.ts';
import { collectGarbage } from '../src/full-collection.ts';

export interface BenchmarkReporterOptions {
  /** The report folder: each run writes to a folder of its own in it (docs/reports-and-runs.md, "Runs"). */
  outputDir?: string;
  /** Bootstrap resamples for the standard errors. */
  resamples?: number;
  /** The run folder this run resumes (BENCHWRIGHT_RESUME, resolved by the config). */
  resumeFrom?: string;
  /** The projects that run only when named (config/projects.ts, modelProject). */
  onlyWhenNamed?: string[];
}

/**
 * The benchmark's records and tables. Each test's record goes to the run's journal the moment
 * the test ends (a killed run keeps every finished instance); the tables are built at the end
 * from the same records. Only the tests' annotations and attachments are read, so a merged
 * run (`merge-reports`) gives the same tables as the same run unsharded. A run in which no
 * benchmark test ran (--list, a grep that matches nothing) writes nothing.
 */
export default class BenchmarkReporter implements Reporter {
  private config?: FullConfig;
  private suite?: Suite;
  private readonly started = new Date();
  private readonly reportDir: string;
  private journal?: JournalWriter;
  /** The resumed run's records, carried into this one. */
  private readonly earlier: RunRecord[] = [];
  /**
   * The tests recorded, by their record's key: the records themselves are in the journal and
   * read back from it at the end, not held through a run of any size.
   */
  private readonly recorded = new Map<TestCase, string>();
  /** Records the journal could not take (it became unwritable): held for the tables. */
  private readonly unjournaled = new Map<string, RunRecord>();
  private table?: string;
  /** The run's viewer page, once written. */
  private viewer?: string;
  private unwritable?: Error;
  /** Writing trajectories.jsonl failed once: said then, not tried again. */
  private trajectoriesLost = false;
  /** The instances with steps in their run folder's trajectories so far: a later attempt without any says so. */
  private readonly withSteps = new Set<string>();
  /** Keeping a HAR in the run folder failed once: the same. */
  private networkLost = false;
  /** Keeping screenshots in the run folder failed once: the same. */
  private screenshotsLost = false;
  /** What each instance's runs spent: its record in the tables counts them all. */
  private readonly spending = new InstanceSpending();
  /** Why the first benchmark test that did not run was skipped. */
  private skipped?: string;

  constructor(private readonly options: BenchmarkReporterOptions = {}) {
    this.reportDir = options.outputDir ?? reportFolder();
  }

  onBegin(config: FullConfig, suite: Suite): void {
    this.config = config;
    this.suite = suite;
    sayWhatDidNotRun(this.options.onlyWhenNamed ?? []);
    sayRepeatsAreNotAveraged(suite);
    // Once, up front: a resumed run that cannot be read must not pass for a complete one.
    if (!this.options.resumeFrom) return;
    const earlier = readJournal(this.options.resumeFrom);
    this.earlier.push(...earlier.records);
    this.spending.addEarlier(earlier.records);
    // Every selected project has a suite (its manifest test stays when all its instances are finished).
    const running = new Set(suite.suites.map((p) => p.title));
    const left = Object.keys(earlier.meta.projects).filter((p) => !running.has(p));
    if (left.length) console.error(`benchwright: resuming ${basename(this.options.resumeFrom)} without ${left.join(', ')}: what they did not finish stays unfinished (add --project=${left[0]} to run it)`);
  }

  onTestEnd(test: TestCase): void {
    const read = readTest(test);
    if (!read) return;
    const { trajectory, fieldTrajectory } = read;
    const row = rowOf(read.record);
    if (notRun(read.record)) {
      this.skipped ??= row?.error ?? 'skipped';
      return;
    }
    const key = recordKey(read.record);
    const record = this.spending.counted(test, read.record);
    this.recorded.set(test, key);
    if (this.unwritable) {
      this.unjournaled.set(key, record);
      return;
    }
    let journal: JournalWriter;
    try {
      journal = this.journalFor(test);
    } catch (e) {
      this.cannotJournal(e as Error, key, record);
      return;
    }
    // The instance's files before its journal line: a run killed between the two runs the
    // instance again when resumed (the resumed run takes over only the journalled instances'
    // files: carryInstanceFiles) rather than counting it finished without them.
    if (row) this.keepFiles(dirname(journal.file), row, test, trajectory ? { trajectory } : fieldTrajectory && { fieldTrajectory });
    try {
      journal.append(record);
    } catch (e) {
      this.cannotJournal(e as Error, key, record);
    }
  }

  /** A full disk or a read-only folder must not stop the run: its results are still written at the end. */
  private cannotJournal(e: Error, key: string, record: RunRecord): void {
    console.error(`benchwright: cannot write the run's journal, so a killed run would lose its instances: ${e.message}`);
    this.unwritable = e;
    this.unjournaled.set(key, record);
  }

  /** The instance's HAR, screenshots and trajectory in the run folder; each kind that fails once is said then and not tried again. */
  private keepFiles(folder: string, row: InstanceRow, test: TestCase, steps: Steps | undefined): void {
    const result = test.results.at(-1)!;
    if (!this.networkLost) {
      try {
        keepNetwork(folder, row, networkFileOf(result));
      } catch (e) {
        console.error(`benchwright: cannot keep the run's recorded traffic (benchwright export will miss it from here on): ${(e as Error).message}`);
        this.networkLost = true;
      }
    }
    if (!this.screenshotsLost) {
      try {
        keepScreenshots(folder, row, result);
      } catch (e) {
        console.error(`benchwright: cannot keep the run's screenshots (its viewer will miss them from here on): ${(e as Error).message}`);
        this.screenshotsLost = true;
      }
    }
    if (this.trajectoriesLost) return;
    try {
      const { project, task, instance, split, score, ceiling } = row;
      keepTrajectory(folder, { project, task, instance, ...(split !== undefined && { split }), score, ceiling }, steps, this.withSteps);
    } catch (e) {
      // Training data lost is said once; the journal and the tables go on.
      console.error(`benchwright: cannot write the run's trajectories (benchwright export will miss the instances after this one): ${(e as Error).message}`);
      this.trajectoriesLost = true;
    }
  }

  async onEnd(result: FullResult): Promise<void> {
    if (!this.config || !this.suite) return;
    if (!this.journal && !this.recorded.size) {
      // --list, or a grep that matches no instance, say nothing.
      if (this.skipped) console.log(`\nbenchwright: no benchmark instance ran (${this.skipped}); no run folder written.`);
      else if (this.options.resumeFrom) console.log(`\nbenchwright: ${basename(this.options.resumeFrom)} has no instance left to run; no run folder written.`);
      return;
    }
    // Where the journal could not be, the results go to a folder of their own in the temporary folder.
    const folder = this.journal ? dirname(this.journal.file) : mkdtempSync(join(tmpdir(), 'benchwright-run-'));
    if (!this.journal) console.error(`benchwright: no run folder could be written in ${this.reportDir} (${this.unwritable?.message}); this run's results are in ${folder}`);
    this.writeRun(folder, result);
    // The records read back are garbage once writeRun has returned: collected before the HTML reporter builds its report.
    collectGarbage();
  }

  /** results.json, the tables and the viewer, from the journal; holds nothing once it returns. */
  private writeRun(folder: string, result: FullResult): void {
    let results: BenchmarkResults | undefined;
    try {
      const tests = this.suite!.allTests();
      const journaled = this.journaledRecords();
      const current = tests.map((t) => this.recordOf(t, journaled)).filter((r) => r !== undefined);
      // After the resumed run's: an instance this run never reached keeps the earlier record
      // (assembleResults: a record that did not run replaces none that did).
      const records = [...this.earlier, ...current];
      const meta = { ...runMetadata(this.config!, result.startTime, browserOf(tests), new Set(records.map(projectOf))), ...this.resumedFrom() };
      results = assembleResults(meta, records, projectOrder(this.config!));
      const report = writeReport(folder, results, {
        width: process.stdout.columns || 120,
        sections: benchmarkSections(),
        ...(this.options.resamples !== undefined && { resamples: this.options.resamples }),
      });
      this.table = report.text;
      for (const problem of report.problems) console.error(`benchwright report: could not write ${problem}`);
    } catch (e) {
      // A reporter error must not fail the run's own reporting; the journal holds every record.
      console.error(`benchwright report: ${(e as Error).stack ?? e}`);
    } finally {
      this.journal?.close({ status: result.status, date: new Date().toISOString() });
    }
    // After the journal's last line: a viewer older than its run's journal is written again by `benchwright show`.
    if (!results) return;
    try {
      this.viewer = writeViewer(folder, results);
    } catch (e) {
      console.error(`benchwright: could not write the run's viewer (benchwright show ${basename(folder)} tries again): ${(e as Error).message}`);
    }
  }

  /** The table comes after Playwright's own summary, which the list reporter (after this one) prints in its onEnd. */
  async onExit(): Promise<void> {
    if (this.table) console.log(`\n${this.table}`);
    if (this.viewer) console.log(`Viewer: ${this.viewer} (npx benchwright show)`);
  }

  printsToStdio(): boolean {
    return true;
  }

  /** The run's folder and journal, made when its first benchmark test ends. */
  private journalFor(test: TestCase): JournalWriter {
    if (this.journal) return this.journal;
    // The resumed run's projects too: their records are part of this one.
    const projects = [...new Set([...benchmarkProjects(this.suite!), ...this.earlier.map(projectOf)])];
    const folder = createRunFolder(this.reportDir, runFolderName(this.started, projects));
    const meta = { ...runMetadata(this.config!, this.started, browserOf([test]), new Set(projects)), ...this.resumedFrom() };
    const journal = new JournalWriter(join(folder, JOURNAL), meta);
    for (const record of this.earlier) journal.append(record);
    if (this.options.resumeFrom) {
      for (const key of carryInstanceFiles(this.options.resumeFrom, folder, this.earlier).withSteps) this.withSteps.add(key);
    }
    this.journal = journal;
    pointLatestAt(folder);
    return journal;
  }

  /** What this run's journal holds, by key; nothing when it cannot be read back (the tests' own records are read again instead). */
  private journaledRecords(): Map<string, RunRecord> {
    if (!this.journal) return new Map();
    try {
      return new Map(readJournal(dirname(this.journal.file)).records.map((r) => [recordKey(r), r]));
    } catch (e) {
      console.error(`benchwright: the run's journal could not be read back; its records are read from the tests again: ${(e as Error).message}`);
      return new Map();
    }
  }

  /** A test's record: as the journal took it, or held when it could not, or read from the test (one that did not run, a journal unread). */
  private recordOf(test: TestCase, journaled: Map<string, RunRecord>): RunRecord | undefined {
    const key = this.recorded.get(test);
    const kept = key !== undefined && (this.unjournaled.get(key) ?? journaled.get(key));
    if (kept) return kept;
    const record = testRecord(test);
    return record && this.spending.counted(test, record);
  }

  private resumedFrom() {
    return this.options.resumeFrom ? { resumedFrom: basename(this.options.resumeFrom) } : {};
  }
}

/** The projects that run benchmark tests (once each: merge-reports keeps one suite per shard). */
const benchmarkProjects = (suite: Suite) =>
  [...new Set(suite.suites.filter((p) => p.allTests().some(isBenchmarkTest)).map((p) => p.title))];

const rowOf = (record: RunRecord) => ('instance' in record ? record.instance : undefined);
/** --list names the tests, merge-reports replays those of shards: neither runs one. */
const runsNoTests = () => process.argv.some((arg) => arg === '--list' || arg === 'merge-reports');
/**
 * With no --project, Playwright leaves out the projects that are `default: false`: those that
 * call a model (config/projects.ts). One line says so, and how to run one.
 */
function sayWhatDidNotRun(onlyWhenNamed: string[]): void {
  if (!onlyWhenNamed.length || optionValues(process.argv, '--project').length || runsNoTests()) return;
  console.log(`benchwright: projects that call a model run only when named (${onlyWhenNamed.join(', ')}): npx playwright test --project=${onlyWhenNamed.at(-1)}`);
}

/** Each repetition's record has the instance's key: the last one that ran stands in the tables. */
function sayRepeatsAreNotAveraged(suite: Suite): void {
  if (runsNoTests()) return;
  // The selected projects: Playwright gives --repeat-each to those alone.
  const repeats = Math.max(1, ...suite.suites.map((project) => project.project()?.repeatEach ?? 1));
  if (repeats > 1) console.error(`benchwright: every instance runs ${repeats} times (repeatEach, --repeat-each); the benchmark tables keep the last of each instance's runs, not a mean of them (their calls, tokens and cost count every run)`);
}
