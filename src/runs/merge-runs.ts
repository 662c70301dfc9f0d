import { basename, join } from 'node:path';
import { recordKey } from '../record/keys.ts';
import type { BenchmarkResults, RunMetadata, RunRecord } from '../record/results.ts';
import { plainError } from '../plain-error.ts';
import { assembleResults, projectOf } from './assemble.ts';
import { JOURNAL, JournalWriter, readJournal, stillWriting, type JournalContents } from './journal.ts';
import { choiceDifferences, shownChoice } from './run-choice.ts';
import { createRunFolder, pointLatestAt, readRun, resolveRun, runFolderName } from './run-folders.ts';
import { carryInstanceFiles } from './carry-files.ts';

// A run spread over machines (Playwright's --shard), each shard with a report folder of its
// own, made one run again: the shards' records in one journal, their trajectories, traffic and
// screenshots beside it. A shard resumed after a crash (BENCHWRIGHT_RESUME) is its latest run,
// which holds what its earlier runs finished.

/** The merged run's folder and its results (for its tables and viewer). */
export interface MergedRun {
  folder: string;
  results: BenchmarkResults;
}

/**
 * Merges the shards' runs (each a run folder, or a report folder: its latest run) into a new
 * run of `reportDir`. They must be every shard of one run, once each, have chosen the same
 * instances and run each project with the same options, have ended (a killed shard is resumed
 * first), and share no instance; else an error names the run and the difference.
 */
export function mergeRuns(args: string[], reportDir: string): MergedRun {
  const shards = args.map((arg) => resolveRun(arg, reportDir)).map((folder) => ({ folder, ...readJournal(folder) }));
  if (!shards.length) throw plainError('name the runs to merge: each shard\'s run folder, or its report folder');
  // In the shards' order (a shell's shard-* lists shard-10 before shard-2).
  shards.sort((a, b) => (a.meta.shard?.current ?? 0) - (b.meta.shard?.current ?? 0));
  checkEveryShard(shards);
  const [first] = shards;
  for (const shard of shards) {
    if (stillWriting(shard)) throw plainError(`${shard.folder} is still running (process ${shard.writer!.pid}): merge it once it has ended`);
    if (!shard.end) throw plainError(`${shard.folder} was killed before it ended: resume it (BENCHWRIGHT_RESUME=${basename(shard.folder)}, the same --shard) and merge the resumed run`);
    const differences = differencesBetween(first!.meta, shard.meta);
    if (differences.length) throw plainError(`${shard.folder} is not a shard of the same run as ${first!.folder}: ${differences.join('; ')}`);
  }
  const records = shards.flatMap((shard) => shard.records.map((record) => ({ record, folder: shard.folder })));
  const seen = new Map<string, string>();
  for (const { record, folder } of records) {
    const key = recordKey(record);
    const other = seen.get(key);
    // A task file that failed to load is recorded by every shard that listed it.
    if (other && 'instance' in record) throw plainError(`${describe(record)} is in both ${other} and ${folder}: shards of one run share no instance`);
    seen.set(key, folder);
  }
  const meta = mergedMeta(shards);
  const all = records.map((r) => r.record);
  // The projects in the config's order, as each shard's results list them.
  const order = [...new Set(shards.flatMap((s) => readRun(s.folder).results.instances.map((i) => i.project)).concat(all.map(projectOf)))];
  const folder = createRunFolder(reportDir, runFolderName(new Date(meta.date), order));
  const journal = new JournalWriter(join(folder, JOURNAL), meta);
  for (const record of all) journal.append(record);
  for (const shard of shards) carryInstanceFiles(shard.folder, folder, shard.records);
  // Failed if any shard failed; else the first that did not pass (interrupted, timed out).
  const statuses = shards.map((s) => s.end!.status);
  const status = statuses.includes('failed') ? 'failed' : (statuses.find((s) => s !== 'passed') ?? 'passed');
  journal.close({ status, date: new Date().toISOString() });
  pointLatestAt(folder);
  return { folder, results: assembleResults(meta, all, (project) => order.indexOf(project)) };
}

/** Each shard of the run once: a merge that lacks one would be a part taken for the whole. */
function checkEveryShard(shards: { folder: string; meta: RunMetadata }[]): void {
  const totals = new Set(shards.map((s) => s.meta.shard?.total ?? 1));
  if (totals.size > 1) throw plainError(`the runs are shards of runs cut differently (${shards.map((s) => `${basename(s.folder)}: ${shardOf(s.meta)}`).join(', ')})`);
  const [total] = totals;
  const given = shards.map((s) => s.meta.shard?.current ?? 1);
  const twice = given.filter((n, i) => given.indexOf(n) !== i);
  const missing = Array.from({ length: total! }, (_, i) => i + 1).filter((n) => !given.includes(n));
  if (twice.length) throw plainError(`shard ${twice[0]}/${total} is given twice: merge one run of each shard`);
  if (missing.length) throw plainError(`shard${missing.length > 1 ? 's' : ''} ${missing.map((n) => `${n}/${total}`).join(', ')} missing: merge the runs of every shard`);
}

const shardOf = (meta: RunMetadata) => (meta.shard ? `${meta.shard.current}/${meta.shard.total}` : 'not a shard');

/** Why two shards are not of one run, one reason a difference. */
function differencesBetween(a: RunMetadata, b: RunMetadata): string[] {
  return choiceDifferences(a, b).map((d) => {
    if (d.kind === 'benchmark') return `benchmark ${shownChoice(d.before)} against ${shownChoice(d.now)}`;
    if (d.kind === 'selection') return `${d.key} ${shownChoice(d.before)} against ${shownChoice(d.now)}`;
    return `project ${d.key} ran with ${shownChoice(d.before)} against ${shownChoice(d.now)}`;
  });
}

/** The shards' metadata as one run's: its start the earliest shard's, every project's options, the shards' runs named. */
function mergedMeta(shards: (JournalContents & { folder: string })[]): RunMetadata {
  const { resumedFrom: _resumed, ...first } = shards[0]!.meta;
  const date = shards.map((s) => s.meta.date).sort()[0]!;
  const projects = Object.assign({}, ...shards.map((s) => s.meta.projects)) as RunMetadata['projects'];
  return { ...first, date, projects, shard: null, mergedFrom: shards.map((s) => basename(s.folder)) };
}

const describe = (record: RunRecord) => ('instance' in record ? `instance ${record.instance.task} › ${record.instance.instance} of project ${record.instance.project}` : `task ${record.taskError.task}`);
