import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import slugify from '@sindresorhus/slugify';
import { stringify } from 'yaml';
import { MANIFEST_NAME, type SiteEntry } from './manifest.ts';
import { schemaPath } from './schema-check.ts';

/** What an importer wrote for one task of the source benchmark. */
export interface ImportedTask {
  id: string;
  /** The source's own name, kept exactly. */
  title: string;
  split: string;
  /** Folder the task was written to. */
  dir: string;
  /** The task file, when it is not <dir>/task.yaml. */
  file?: string;
  /** Why the task could not be converted. */
  error?: string;
}

export interface ImportResult {
  tasks: ImportedTask[];
  /** What the user should know of the import beside each task's summary (a source without splits...). */
  notes: string[];
}

/**
 * A safe, unique task id for a source name with spaces, brackets, apostrophes or any
 * script: transliterated to ASCII; a short hash of the name when nothing of it is left.
 */
export function slugFor(name: string, used: Set<string>): string {
  const base = slugify(name, { decamelize: false }) || `task-${createHash('sha1').update(name).digest('hex').slice(0, 8)}`;
  let id = base;
  for (let n = 2; used.has(id); n++) id = `${base}-${n}`;
  used.add(id);
  return id;
}

/** Writes a task file that editors validate and complete with the published schema. */
export function writeTaskFile(file: string, { comment, task }: { comment: string; task: Record<string, unknown> }): void {
  const schema = relative(dirname(file), schemaPath('task'));
  const header = `# yaml-language-server: $schema=${schema}\n# ${comment}\n`;
  writeFileSync(file, header + stringify(task, { lineWidth: 0 }));
}

/** A manifest naming every task of an import (default: each folder's task.yaml), so the folder loads as a benchmark. */
export function writeManifest(dir: string, name: string, splits: Record<string, string>, more: { tasks?: string[]; defaults?: Record<string, unknown>; sites?: Record<string, SiteEntry> } = {}): void {
  const file = join(dir, MANIFEST_NAME);
  const schema = relative(dir, schemaPath('manifest'));
  const header = `# yaml-language-server: $schema=${schema}\n# Written by benchwright import.\n`;
  writeFileSync(file, header + stringify({ name, tasks: more.tasks ?? ['*/task.yaml'], splits, ...(more.sites && { sites: more.sites }), ...(more.defaults && { defaults: more.defaults }) }));
}
