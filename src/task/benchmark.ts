import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { shortList } from './errors.ts';
import { resolveManifest, taskFiles, type ListedFile, type Manifest } from './manifest.ts';
import { summarizeTaskFile } from './task-index.ts';
import type { TaskError, TaskSummary } from './types.ts';
import { decodeUtf8 } from './utf8.ts';
import { YamlSource } from './yaml-source.ts';

export interface Benchmark {
  manifest: Manifest;
  /** Every task file, loaded or failed (a failed one has errors and no instances). */
  tasks: TaskSummary[];
  /** Problems of the manifest itself. */
  errors: TaskError[];
}

export interface LoadOptions {
  /** Use the on-disk index (default true). */
  cache?: boolean;
}

/**
 * Loads a benchmark synchronously (Playwright declares tests synchronously): a manifest, a
 * folder of task files, or one task file, from its path or as already resolved (with its
 * errors). A bad task file never stops the others.
 */
export function loadBenchmark(from: string | { manifest: Manifest; errors: TaskError[] }, options: LoadOptions = {}): Benchmark {
  const { manifest, errors: found } = typeof from === 'string' ? resolveManifest(from) : from;
  const errors = [...found];
  const files = errors.length ? [] : taskFiles(manifest);
  if (!errors.length && files.length === 0) {
    errors.push({ file: manifest.file, line: 1, col: 1, path: 'tasks', message: `no task files match ${manifest.tasks.join(', ')}` });
  }
  const tasks = files.map((listed) => summaryOf(listed, options));
  checkAcrossTasks(manifest, tasks);
  return { manifest, tasks, errors };
}

function summaryOf({ file, refused }: ListedFile, options: LoadOptions): TaskSummary {
  if (refused) return { file, instances: [], fields: [], goldFields: [], errors: [{ file, line: 1, col: 1, path: '', message: refused }] };
  // Summaries may come from the cache and are shared: copy before adding cross-file errors.
  const s = summarizeTaskFile(file, options);
  return { ...s, errors: [...s.errors] };
}

/**
 * What no single file can tell: duplicate task ids, splits or sites the manifest does not know. Which
 * of two files with one id is the original cannot be known: both fail, each naming the other.
 */
function checkAcrossTasks(manifest: Manifest, tasks: TaskSummary[]): void {
  const withId = new Map<string, TaskSummary[]>();
  for (const task of tasks) {
    if (task.id === undefined) continue;
    if (!withId.has(task.id)) withId.set(task.id, []);
    withId.get(task.id)!.push(task);
  }
  for (const task of tasks) {
    if (task.id === undefined) continue;
    // Other files are named relative to this one, as a path in its YAML would be.
    const from = (file: string) => relative(dirname(task.file), file);
    const others = withId.get(task.id)!.filter((t) => t !== task);
    if (others.length) fail(task, ['id'], `duplicate task id "${task.id}" (also in ${shortList(others.map((t) => from(t.file)))})`);
    const splits = manifest.splits && Object.keys(manifest.splits);
    if (splits && task.split !== undefined && !splits.includes(task.split)) {
      fail(task, ['split'], `split "${task.split}" is not one of the splits of ${from(manifest.file)}: ${splits.join(', ')}`);
    }
    const sites = Object.keys(manifest.sites);
    const unknown = (site: string) => `site "${site}" is not one of the sites of ${from(manifest.file)}${sites.length ? `: ${sites.join(', ')}` : ' (it has no sites:)'}`;
    if (task.site !== undefined && !sites.includes(task.site)) fail(task, ['site'], unknown(task.site));
    const unknownSites = (task.otherSites ?? []).filter((site) => !sites.includes(site));
    if (unknownSites.length) fail(task, ['site'], `${unknownSites.map(unknown).join('; ')} (named in sites:, login: or a __NAME__ placeholder)`);
  }
}

function fail(task: TaskSummary, path: string[], message: string): void {
  // Read as when it was loaded (it has an id, so it was UTF-8): a BOM is not a column.
  const source = new YamlSource(task.file, decodeUtf8(task.file, readFileSync(task.file), []) ?? '');
  task.errors.push(source.errorAt(path, message));
  task.instances = [];
}
