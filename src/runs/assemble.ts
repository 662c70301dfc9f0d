import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { FullConfig, Suite } from '@playwright/test/reporter';
import { byCodePoint } from '../order.ts';
import { recordKey } from '../record/keys.ts';
import { browserOf, testRecord } from '../record/read-test.ts';
import { RESULTS_FORMAT, type BenchmarkResults, type RunMetadata, type RunRecord } from '../record/results.ts';
import { packageFile } from '../package-files.ts';

// A run's results from its tests' records: ordered, with the run's metadata.

const PACKAGE = JSON.parse(readFileSync(packageFile('package.json'), 'utf8')) as { version: string };

/** The results of a run: every benchmark test of the suite, as testRecord makes it. */
export function collectResults(root: Suite, config: FullConfig, startTime: Date): BenchmarkResults {
  const tests = root.allTests();
  const records = tests.map(testRecord).filter((r) => r !== undefined);
  return assembleResults(runMetadata(config, startTime, browserOf(tests), new Set(records.map(projectOf))), records, projectOrder(config));
}

export const projectOf = (record: RunRecord) => ('instance' in record ? record.instance.project : record.taskError.project);

/** An instance's record that stands for no run of it (skipped, interrupted before it began). */
export const notRun = (record: RunRecord) => 'instance' in record && record.instance.outcome === 'not run';

/**
 * Results from records, in a fixed order: a later record of an instance replaces an earlier
 * one, but one that did not run never replaces one that did (with --repeat-each, a repetition
 * skipped or cut short after one that finished).
 */
export function assembleResults(meta: RunMetadata, records: RunRecord[], order: (project: string) => number): BenchmarkResults {
  const latest = new Map<string, RunRecord>();
  for (const record of records) {
    const before = latest.get(recordKey(record));
    if (!before || !notRun(record) || notRun(before)) latest.set(recordKey(record), record);
  }
  const instances = [...latest.values()].filter((r) => 'instance' in r);
  instances.sort((ra, rb) => {
    const [a, b] = [ra.instance, rb.instance];
    return order(a.project) - order(b.project) || byCodePoint(a.project, b.project) || byCodePoint(a.task, b.task) || byCodePoint(a.instance, b.instance);
  });
  return {
    format: RESULTS_FORMAT,
    meta,
    instances: instances.map((r) => r.instance),
    fields: instances.flatMap((r) => r.fields),
    evaluations: instances.flatMap((r) => r.evaluations),
    taskErrors: [...latest.values()].filter((r) => 'taskError' in r).map((r) => r.taskError),
  };
}

/** Projects in the order the config lists them (once, however many shards), then by name. */
export function projectOrder(config: FullConfig): (name: string) => number {
  const names = [...new Set(config.projects.map((p) => p.name))];
  return (name) => {
    const i = names.indexOf(name);
    return i < 0 ? names.length : i;
  };
}

/** The run's metadata; `ran`: the projects whose options it records. */
export function runMetadata(config: FullConfig, startTime: Date, browser: string | undefined, ran: Set<string>): RunMetadata {
  const bench = (config.metadata?.benchwright ?? {}) as { benchmark?: string } & RunMetadata['selection'];
  const { benchmark, ...selection } = bench;
  const projects: RunMetadata['projects'] = {};
  // A project without metadata of its own shows the config's.
  const inherited = JSON.stringify(config.metadata);
  for (const p of config.projects) {
    if (ran.has(p.name) && p.metadata && JSON.stringify(p.metadata) !== inherited) projects[p.name] = p.metadata;
  }
  const commit = (config.metadata?.gitCommit as { hash?: string } | undefined)?.hash ?? gitHead();
  return {
    date: startTime.toISOString(),
    ...(benchmark && { benchmark }),
    versions: { benchwright: PACKAGE.version, playwright: config.version, node: process.version, ...(browser && { browser }) },
    ...(commit && { gitCommit: commit }),
    selection,
    projects,
    workers: config.workers,
    shard: config.shard,
  };
}

function gitHead(): string | undefined {
  const r = spawnSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : undefined;
}
