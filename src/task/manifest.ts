import { existsSync, lstatSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { escapePath, globSync, isDynamicPattern } from 'tinyglobby';
import { linksOutside, realPathOf } from './folders.ts';
import { checkAgainstSchema } from './schema-check.ts';
import type { TaskError } from './types.ts';
import { decodeUtf8 } from './utf8.ts';
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
  /** The sites site tasks run on, by name. */
  sites: Record<string, SiteEntry>;
  defaults: {
    /** Splits to run when none is chosen; undefined = all. */
    split?: string[];
    instances: number | 'all';
    seed: number;
    viewport: { width: number; height: number };
    /** Where every page's clock starts (ISO 8601), or 'real'; undefined = DEFAULT_CLOCK (src/runner/repeatable-page.ts). */
    clock?: string;
  };
}

/** A site of the manifest: where its base URL comes from, how to log in, how to put its data back. */
export interface SiteEntry {
  /** The environment variable holding the base URL. */
  env: string;
  /** Before an instance that requires it: a path on the site POSTed, or a variable holding a URL to POST or a command. */
  reset?: string | { env: string };
  /** The variable (named *_ORIGINS) holding the other origins the site's pages load from (a map's tile server): its tasks' pages may reach them too. */
  origins?: { env: string };
  login?: LoginRecipe;
  /** The variables holding an account on the site, for a benchmark's lifecycle that calls its API (WorkArena's admin). */
  account?: { user: { env: string }; password: { env: string } };
}

/** An account on a site, read from the variables its manifest entry names (`account:`). */
export interface SiteAccount {
  user: string;
  password: string;
}

/** A login form: where it is, what to fill (values from the environment), what shows it worked or why not. */
export interface LoginRecipe {
  url: string;
  fields: { selector: string; env: string }[];
  submit: string;
  success: string;
  error?: string;
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
  return { file, dir: dirname(file), name: basename(dirname(file)), tasks, exclude: [], sites: {}, defaults: { ...DEFAULTS } };
}

export function readManifest(path: string): ManifestResult {
  const file = resolve(path);
  const fallback = implicitManifest(file, []);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { manifest: fallback, errors: [{ file, line: 1, col: 1, path: '', message: `cannot read the manifest: ${code}` }] };
  }
  const decodingErrors: TaskError[] = [];
  const text = decodeUtf8(file, bytes, decodingErrors);
  if (text === undefined) return { manifest: fallback, errors: decodingErrors };
  const source = new YamlSource(file, text);
  const errors = source.errors.length ? source.errors : checkAgainstSchema(source, 'manifest');
  if (errors.length) return { manifest: fallback, errors };
  const data = source.data as Pick<Manifest, 'tasks' | 'splits'> & { sites?: Manifest['sites']; name?: string; exclude?: string[]; defaults?: Partial<Manifest['defaults']> };
  return {
    manifest: {
      file,
      dir: dirname(file),
      name: data.name ?? fallback.name,
      tasks: data.tasks,
      exclude: data.exclude ?? [],
      ...(data.splits && { splits: data.splits }),
      sites: data.sites ?? {},
      defaults: { ...DEFAULTS, ...data.defaults },
    },
    errors: [],
  };
}

export interface ListedFile {
  file: string;
  /** Why the file is not loaded. */
  refused?: string;
}

const LINK_OUT = 'this task file is reached through a link that leads outside the folder the manifest lists it from; ' +
  'links in a task set must stay inside it (list the other folder in the manifest instead)';

/**
 * The task files a manifest names: absolute, sorted, without the manifest itself, and each file
 * once however many links lead to it. A manifest may name any folder (a user's own manifest
 * naming ../tb); a link met below a named folder may not lead out of it.
 */
export function taskFiles(manifest: Manifest): ListedFile[] {
  const listed = manifest.tasks.flatMap((entry) => {
    const { pattern, folder } = entryPattern(manifest.dir, entry);
    return globSync(pattern, { cwd: manifest.dir, absolute: true, ignore: manifest.exclude, onlyFiles: true })
      .filter((f) => resolve(f) !== manifest.file && !isManifestFile(f))
      .map((file): ListedFile => (linksOutside(file, folder) ? { file, refused: LINK_OUT } : { file }));
  });
  const byRealPath = new Map<string, ListedFile>();
  for (const entry of listed) {
    const real = realPathOf(entry.file) ?? entry.file;
    const kept = byRealPath.get(real);
    if (!kept || preferred(entry, kept) < 0) byRealPath.set(real, entry);
  }
  return [...byRealPath.values()].sort(byFile);
}

const byFile = (a: ListedFile, b: ListedFile) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0);

/**
 * Of two paths that lead to one file, the one to load it by comes first: not refused, not a link
 * itself (its own folder holds its template), the fewest folders deep (not through a loop).
 */
function preferred(a: ListedFile, b: ListedFile): number {
  const rank = (e: ListedFile) => [e.refused ? 1 : 0, lstatSync(e.file, { throwIfNoEntry: false })?.isSymbolicLink() ? 1 : 0, e.file.split(sep).length];
  const [ra, rb] = [rank(a), rank(b)];
  const differs = ra.findIndex((v, i) => v !== rb[i]);
  return differs >= 0 ? ra[differs]! - rb[differs]! : byFile(a, b);
}

/** A manifest entry as a glob, and the folder its files must stay inside once links are resolved. */
function entryPattern(dir: string, entry: string): { pattern: string; folder: string } {
  if (isDynamicPattern(entry)) return { pattern: entry, folder: resolve(dir, staticPart(entry)) };
  // A plain path is taken literally (task folders may have names with glob characters).
  const abs = resolve(dir, entry);
  const isDir = existsSync(abs) && statSync(abs).isDirectory();
  return isDir ? { pattern: `${escapePath(abs)}/${TASK_FILES}`, folder: abs } : { pattern: escapePath(abs), folder: dirname(abs) };
}

/** The folders a glob starts from: `../tb` of `../tb/{a,b}/task.yaml`. */
function staticPart(pattern: string): string {
  const segments = pattern.split('/');
  const dynamic = segments.findIndex((s) => isDynamicPattern(s));
  return segments.slice(0, dynamic).join('/').replace(/\\(.)/g, '$1');
}
