import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheDir } from '../cache-dir.ts';
import { readJsonFile, writeJsonFile } from '../json-files.ts';
import { loadTaskFile, type LoadedTask } from './load-task.ts';
import { schemaAdditions, schemaPath } from './schema-check.ts';
import { BASE_TASK_SCHEMA } from './task-schema.ts';
import { unchanged, type SourceVersion } from './source-files.ts';
import type { SiteStart, Task, TaskSummary } from './types.ts';

/**
 * The compact index of a task file, cached on disk by content hash.
 *
 * Playwright declares tests synchronously, in the runner and again in every worker, so
 * collection must be cheap. Parsing 70 MB of TurkingBench CSV takes seconds; the summary
 * (ids of instances and fields) is read back in milliseconds. An entry is valid while the
 * task file, its template and its CSV are where they were (links resolved) and hash the same,
 * and the loader's code is unchanged.
 */

interface CacheEntry {
  code: string;
  sources: Record<string, SourceVersion>;
  summary: TaskSummary;
}

export const cacheStats = { hits: 0, misses: 0 };

function summarize(loaded: LoadedTask): TaskSummary {
  const { task, file, id, title, split, errors } = loaded;
  if (!task) return { file, id, title, split, instances: [], fields: [], goldFields: [], errors };
  const gold = new Set(task.instances.flatMap((i) => Object.keys(i.gold)));
  return {
    file: task.file,
    id: task.id,
    title: task.title,
    split: task.split,
    ...(task.start.kind === 'site' && siteNames(task)),
    ...(task.protocol && { goal: true as const }),
    instances: task.instances.map(({ id, annotators, tags }) => ({ id, annotators, ...(tags?.length && { tags }) })),
    ...(task.seeds !== undefined && { seeds: task.seeds }),
    fields: task.fields.map(({ name, type, dynamic, score }) => ({ name, ...(type && { type }), dynamic, score })),
    goldFields: task.fields.map((f) => f.name).filter((n) => gold.has(n)),
    errors: [],
  };
}

/** A site task's start site, the other sites its instances use, and those they hold alone. */
function siteNames(task: Task): Pick<TaskSummary, 'site' | 'otherSites' | 'holdsAlone'> {
  const { site: start, changes } = task.start as SiteStart;
  const others = [...new Set(task.instances.flatMap((i) => i.episode?.sites ?? []))].filter((s) => s !== start);
  const alone = changes === 'all' ? [start, ...others] : changes;
  return { site: start, ...(others.length && { otherSites: others }), ...(alone.length && { holdsAlone: alone }) };
}

/** The summary of a task file, from the cache when its sources are unchanged. */
export function summarizeTaskFile(path: string, options: { cache?: boolean } = {}): TaskSummary {
  const file = resolve(path);
  if (options.cache === false) return summarize(loadTaskFile(file));
  const entryFile = join(cacheDir(), 'tasks', `${createHash('sha1').update(file).digest('hex')}.json`);
  const cached = readEntry(entryFile);
  if (cached && cached.code === codeVersion() + schemaAdditions() && Object.entries(cached.sources).every(([f, v]) => unchanged(f, v))) {
    cacheStats.hits++;
    return cached.summary;
  }
  cacheStats.misses++;
  const loaded = loadTaskFile(file);
  const summary = summarize(loaded);
  writeEntry(entryFile, { code: codeVersion() + schemaAdditions(), sources: loaded.sources, summary });
  return summary;
}

function readEntry(file: string): CacheEntry | undefined {
  return readJsonFile<CacheEntry>(file); // absent or half-written by a crashed process: rebuild it
}

function writeEntry(file: string, entry: CacheEntry): void {
  try {
    writeJsonFile(file, entry);
  } catch {
    // A read-only or full disk only costs speed: the summary is still returned.
  }
}

let code: string | undefined;
/** Hash of the loader's own source, so that a changed loader never reads stale entries. */
function codeVersion(): string {
  if (code === undefined) {
    const dir = fileURLToPath(new URL('.', import.meta.url));
    const hash = createHash('sha1');
    for (const name of readdirSync(dir).sort()) hash.update(name).update(readFileSync(join(dir, name)));
    // The schemas decide which files have errors too.
    for (const name of ['task', 'manifest'] as const) hash.update(readFileSync(schemaPath(name)));
    hash.update(readFileSync(BASE_TASK_SCHEMA));
    code = hash.digest('hex');
  }
  return code;
}
