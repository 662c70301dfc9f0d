import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { escapePath, globSync, isDynamicPattern } from 'tinyglobby';
import { checkAgainstSchema } from './schema-check.ts';
import type { TaskError } from './types.ts';
import { YamlSource } from './yaml-source.ts';

export const MANIFEST_NAME = 'tasks.yaml';
const TASK_FILES = '**/*.{yaml,yml}';

export interface Manifest {
  /** The manifest file; for a folder or file given directly, where it would be. */
  file: string;
  dir: string;
  /** Shown in reports; the manifest's folder name unless the manifest names it. */
  name: string;
  tasks: string[];
  exclude: string[];
  /** Known splits (name: description); undefined = any split name is accepted. */
  splits?: Record<string, string>;
  defaults: {
    /** Splits to run when none is chosen; undefined = all. */
    split?: string[];
    instances: number | 'all';
    seed: number;
    viewport: { width: number; height: number };
  };
}

const DEFAULTS: Manifest['defaults'] = { instances: 'all', seed: 1, viewport: { width: 1280, height: 800 } };

export interface ManifestResult {
  manifest: Manifest;
  errors: TaskError[];
}

/**
 * What to load for a path: a manifest file, a folder (its tasks.yaml if it has one, else
 * every task file under it), or a single task file.
 */
export function resolveManifest(path: string): ManifestResult {
  const target = resolve(path);
  if (existsSync(target) && statSync(target).isDirectory()) {
    const inside = join(target, MANIFEST_NAME);
    if (existsSync(inside)) return readManifest(inside);
    return { manifest: implicitManifest(inside, [TASK_FILES]), errors: [] };
  }
  if (isManifestFile(target)) return readManifest(target);
  return { manifest: implicitManifest(join(dirname(target), MANIFEST_NAME), [target]), errors: [] };
}

function isManifestFile(file: string): boolean {
  return basename(file) === MANIFEST_NAME || basename(file) === 'tasks.yml';
}

function implicitManifest(file: string, tasks: string[]): Manifest {
  return { file, dir: dirname(file), name: basename(dirname(file)), tasks, exclude: [], defaults: { ...DEFAULTS } };
}

export function readManifest(path: string): ManifestResult {
  const file = resolve(path);
  const fallback = implicitManifest(file, []);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { manifest: fallback, errors: [{ file, line: 1, col: 1, path: '', message: `cannot read the manifest: ${code}` }] };
  }
  const source = new YamlSource(file, text);
  const errors = source.errors.length ? source.errors : checkAgainstSchema(source, 'manifest');
  if (errors.length) return { manifest: fallback, errors };
  const data = source.data as Pick<Manifest, 'tasks' | 'splits'> & { name?: string; exclude?: string[]; defaults?: Partial<Manifest['defaults']> };
  return {
    manifest: {
      file,
      dir: dirname(file),
      name: data.name ?? fallback.name,
      tasks: data.tasks,
      exclude: data.exclude ?? [],
      ...(data.splits && { splits: data.splits }),
      defaults: { ...DEFAULTS, ...data.defaults },
    },
    errors: [],
  };
}

/** The task files a manifest names: absolute, sorted, without the manifest itself. */
export function taskFiles(manifest: Manifest): string[] {
  // A plain path is taken literally (task folders may have names with glob characters).
  const patterns = manifest.tasks.map((p) => {
    if (isDynamicPattern(p)) return p;
    const abs = resolve(manifest.dir, p);
    const isDir = existsSync(abs) && statSync(abs).isDirectory();
    return isDir ? `${escapePath(abs)}/${TASK_FILES}` : escapePath(abs);
  });
  const files = globSync(patterns, { cwd: manifest.dir, absolute: true, ignore: manifest.exclude, onlyFiles: true });
  return files.filter((f) => resolve(f) !== manifest.file && !isManifestFile(f)).sort();
}
