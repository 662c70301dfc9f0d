import { readFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import { resolveManifest, taskFiles, type Manifest } from './manifest.ts';
import { summarizeTaskFile } from './task-index.ts';
import type { TaskError, TaskSummary } from './types.ts';
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
 * folder of task files, or one task file. A bad task file never stops the others.
 */
export function loadBenchmark(path: string, options: LoadOptions = {}): Benchmark {
  const { manifest, errors } = resolveManifest(path);
  const files = errors.length ? [] : taskFiles(manifest);
  if (!errors.length && files.length === 0) {
    errors.push({ file: manifest.file, line: 1, col: 1, path: 'tasks', message: `no task files match ${manifest.tasks.join(', ')}` });
  }
  // Summaries may come from the cache and are shared: copy before adding cross-file errors.
  const tasks = files.map((f) => {
    const s = summarizeTaskFile(f, options);
    return { ...s, errors: [...s.errors] };
  });
  checkAcrossTasks(manifest, tasks);
  return { manifest, tasks, errors };
}

/** What no single file can tell: duplicate task ids, splits the manifest does not know. */
function checkAcrossTasks(manifest: Manifest, tasks: TaskSummary[]): void {
  const firstWithId = new Map<string, TaskSummary>();
  for (const task of tasks) {
    if (task.id === undefined) continue;
    // Other files are named relative to this one, as a path in its YAML would be.
    const from = (file: string) => relative(dirname(task.file), file);
    const first = firstWithId.get(task.id);
    if (first) fail(task, ['id'], `duplicate task id "${task.id}" (also in ${from(first.file)})`);
    else firstWithId.set(task.id, task);
    const splits = manifest.splits && Object.keys(manifest.splits);
    if (splits && task.split !== undefined && !splits.includes(task.split)) {
      fail(task, ['split'], `split "${task.split}" is not one of the splits of ${from(manifest.file)}: ${splits.join(', ')}`);
    }
  }
}

function fail(task: TaskSummary, path: string[], message: string): void {
  const source = new YamlSource(task.file, readFileSync(task.file, 'utf8'));
  task.errors.push(source.errorAt(path, message));
  task.instances = [];
}
