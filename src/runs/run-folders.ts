import { existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { byCodePoint } from '../order.ts';
import { runSettings } from '../settings/read.ts';
import { assembleResults } from './assemble.ts';
import { JOURNAL, readJournal, stillWriting, type RunEnd } from './journal.ts';
import { type BenchmarkResults } from '../record/results.ts';
import { readResults, RESULTS } from './results-file.ts';

/**
 * Runs are kept side by side: each in a folder of its own under the report folder, named by
 * its start time and projects (`2026-11-23T22-45-03Z_oracle+do-nothing`), so names sort by
 * time; `latest` links to the newest. Nothing a run writes goes outside its own folder.
 */
export const LATEST = 'latest';

/** The reportDir setting (src/settings). */
export const reportFolder = () => runSettings().reportDir;

export function runFolderName(start: Date, projects: string[]): string {
  const time = start.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  const names = projects.map((p) => p.replace(/[^A-Za-z0-9._-]+/g, '-')).join('+');
  return `${time}_${names.slice(0, 120) || 'run'}`;
}

/** A new run folder (never an existing one: a second run in the same second gets `-2`). */
export function createRunFolder(reportDir: string, name: string): string {
  mkdirSync(reportDir, { recursive: true });
  for (let n = 1; ; n++) {
    const folder = join(reportDir, n === 1 ? name : `${name}-${n}`);
    try {
      mkdirSync(folder);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw e;
    }
    return folder;
  }
}

/** Makes a run `latest` (once its journal is there), replacing the link in one step (rename): a reader never finds it missing. */
export function pointLatestAt(folder: string): void {
  const temp = join(dirname(folder), `.${LATEST}-${process.pid}`);
  rmSync(temp, { force: true });
  symlinkSync(basename(folder), temp);
  renameSync(temp, join(dirname(folder), LATEST));
}

/** Whether a folder is a run's (it has a journal). */
export const isRun = (folder: string) => existsSync(join(folder, JOURNAL));

/**
 * The run folder an argument names: `latest` (or nothing), a run folder, its journal or
 * results.json, a report folder (its latest run; without the link, which an artifact store may
 * drop, its newest), or a run's name under the report folder.
 */
export function resolveRun(arg: string | undefined, reportDir = reportFolder()): string {
  const candidates = arg === undefined || arg === LATEST ? [join(reportDir, LATEST)] : [resolve(arg), join(reportDir, arg)];
  for (const candidate of candidates) {
    if (!existsSync(candidate)) continue;
    const folder = statSync(candidate).isDirectory() ? candidate : dirname(candidate);
    if (isRun(folder)) return realpathSync(folder);
    if (isRun(join(folder, LATEST))) return realpathSync(join(folder, LATEST));
    const newest = existsSync(join(folder, LATEST)) ? undefined : listRuns(folder).at(-1);
    if (newest) return realpathSync(newest);
  }
  const what = arg ?? LATEST;
  if (!candidates.some(existsSync)) throw new Error(`${what}: no such file or folder, nor a run of that name in ${reportDir} (benchwright runs lists them)`);
  throw new Error(`${what}: not a run: expected a run folder (with ${JOURNAL}), its results.json, or a report folder with a ${LATEST} run`);
}

export interface StoredRun {
  folder: string;
  name: string;
  results: BenchmarkResults;
  /** Set once the run ended (passed, failed or interrupted); undefined when it was killed or is still going. */
  end?: RunEnd;
  running: boolean;
}

/** A run's results: its results.json once it ended, else what its journal holds (every instance it finished). */
export function readRun(folder: string): StoredRun {
  const journal = readJournal(folder);
  const stored = join(folder, RESULTS);
  const results = journal.end && existsSync(stored) ? readResults(stored) : resultsOfJournal(journal.meta, journal.records);
  return { folder, name: basename(folder), results, ...(journal.end && { end: journal.end }), running: stillWriting(journal) };
}

/** Results named on the command line, and where they are. */
export interface LocatedResults {
  /** A run's name, or the file as given. */
  name: string;
  results: BenchmarkResults;
  /** Their folder: tables re-rendered from them go there unless told otherwise. */
  folder: string;
  /** Whether `folder` holds them as results.json (a killed run has only its journal). */
  stored: boolean;
}

/** Any results.json (or a folder that holds one, re-scored results say), or a run (resolveRun: default latest). */
export function locateResults(arg: string | undefined, reportDir = reportFolder()): LocatedResults {
  const input = arg === undefined ? undefined : resolve(arg);
  const folderOfRuns = (dir: string) => isRun(dir) || isRun(join(dir, LATEST));
  const file = input && existsSync(input) && (statSync(input).isFile() ? input : folderOfRuns(input) ? undefined : join(input, RESULTS));
  if (file && existsSync(file) && basename(file) !== JOURNAL) {
    return { name: arg!, results: readResults(file), folder: dirname(file), stored: true };
  }
  const folder = resolveRun(arg, reportDir);
  return { name: basename(folder), results: readRun(folder).results, folder, stored: existsSync(join(folder, RESULTS)) };
}

function resultsOfJournal(meta: BenchmarkResults['meta'], records: Parameters<typeof assembleResults>[1]): BenchmarkResults {
  // The config's project order is not in the journal: projects in the order of their options, then by name.
  const order = Object.keys(meta.projects);
  return assembleResults(meta, records, (p) => (order.includes(p) ? order.indexOf(p) : order.length));
}

/** Every run under the report folder, oldest first. */
export function listRuns(reportDir = reportFolder()): string[] {
  if (!existsSync(reportDir)) return [];
  return readdirSync(reportDir)
    .filter((name) => name !== LATEST && !name.startsWith('.') && isRun(join(reportDir, name)))
    .sort(byCodePoint)
    .map((name) => join(reportDir, name));
}
