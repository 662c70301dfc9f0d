// What a snapshot keeps of a job's outputs: text files normalised (what differs from one run
// of the same code to the next replaced by a placeholder), other files by their hash.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve } from 'node:path';

/** Literal text (a path, a URL) and what it stands for, replaced before the patterns below. */
export type Mask = [literal: string, placeholder: string];

const TEXT = new Set(['.json', '.jsonl', '.md', '.csv', '.html', '.txt', '.log', '.yaml', '.yml', '.har']);

/** Values that change from run to run whatever the code: replaced in every text file. */
const VOLATILE: [RegExp, string][] = [
  // Run folders are named by their start; results, journals and exports carry dates.
  [/\d{4}-\d\d-\d\dT\d\d[:-]\d\d[:-]\d\d(\.\d+)?Z/g, '<date>'],
  [/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(,\d+|Z)?/g, '<date>'],
  // Task servers, stand-in sites and the fake judge listen on port 0.
  [/(127\.0\.0\.1|localhost)(:|%3A)\d+/gi, '$1$2<port>'],
  // A random token per instance start, in the start URL (task-server.ts): an untouched episode's final URL has it.
  [/benchwright-start(=|%3D)[\w-]+/gi, 'benchwright-start$1<token>'],
  // The machine's tools and the checkout's commit.
  [/"versions":\s*\{[^}]*\}/g, '"versions": "<versions>"'],
  [/"gitCommit":\s*"[0-9a-f]*"/g, '"gitCommit": "<commit>"'],
  [/Versions: [^\n<]*/g, 'Versions: <versions>'],
  // The journal's writer: the process that wrote it.
  [/"writer":\s*\{[^}]*\}/g, '"writer": "<writer>"'],
  // How long an episode's step took.
  [/"ms":\s*\d+/g, '"ms": 0'],
];

/** A text normalised: masks first (longest first, so a folder inside another is its own), then the patterns. */
export function normalize(text: string, masks: Mask[], file?: string): string {
  // An imported task file names its schema by a path relative to itself: made absolute, then masked.
  if (file) text = text.replace(/(\$schema=)(\S+)/g, (_, key: string, path: string) => key + resolve(dirname(file), path));
  for (const [literal, placeholder] of [...masks].sort((a, b) => b[0].length - a[0].length)) {
    text = text.replace(new RegExp(`${escapeRegExp(literal)}(?![\\w.-])`, 'g'), placeholder);
  }
  for (const [pattern, replacement] of VOLATILE) text = text.replace(pattern, replacement);
  return text;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path and its real path (through links) both masked. */
export function pathMasks(path: string, placeholder: string): Mask[] {
  const real = existsSync(path) ? realpathSync(path) : path;
  return real === path ? [[path, placeholder]] : [[path, placeholder], [real, placeholder]];
}

/**
 * Copies a folder's files into `dest`, normalised; files `hashOnly` picks, and files that are
 * not text, are listed with their hash in dest/_hashes.txt instead.
 */
export function collect(src: string, dest: string, masks: Mask[], hashOnly: (rel: string) => boolean = () => false): void {
  if (!existsSync(src)) return;
  const root = realpathSync(src);
  const hashes: string[] = [];
  const files = walk(root);
  for (const rel of files) {
    const file = join(root, rel);
    if (!TEXT.has(extname(rel)) || hashOnly(rel)) {
      hashes.push(`${sha256(readFileSync(file))}  ${rel}`);
      continue;
    }
    write(join(dest, rel), normalizeFile(file, masks));
  }
  if (hashes.length) write(join(dest, '_hashes.txt'), `${hashes.join('\n')}\n`);
}

function normalizeFile(file: string, masks: Mask[]): string {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.har')) return normalize(normalizeHar(text), masks);
  const normalized = normalize(text, masks, file);
  // Records are appended as workers finish them: their order is the machine's.
  if (file.endsWith('.jsonl')) return normalized.split('\n').filter(Boolean).sort().map((l) => `${l}\n`).join('');
  return normalized;
}

/** A HAR without its timings and session cookies (the stand-ins' session ids are random). */
function normalizeHar(text: string): string {
  const drop = new Set(['startedDateTime', 'time', 'timings', 'pageTimings', 'serverIPAddress', 'connection', 'expires']);
  const secret = /^(cookie|set-cookie|date|etag|last-modified|expires)$/i;
  const clean = (value: unknown, key?: string): unknown => {
    if (Array.isArray(value)) return value.map((v) => clean(v, key));
    if (value === null || typeof value !== 'object') return value;
    // Playwright's own _ fields: monotonic times, server ports, frame ids.
    const entries = Object.entries(value).filter(([k]) => !drop.has(k) && !k.startsWith('_'));
    const named = value as { name?: unknown };
    // The machine's Playwright and browser.
    if (key === 'creator' || key === 'browser') return { ...value, version: '<version>' };
    // A header or cookie keeps its name, not its value.
    if ((key === 'headers' && typeof named.name === 'string' && secret.test(named.name)) || key === 'cookies') return Object.fromEntries(entries.map(([k, v]) => [k, k === 'name' ? v : '<value>']));
    return Object.fromEntries(entries.map(([k, v]) => [k, clean(v, k)]));
  };
  return `${JSON.stringify(clean(JSON.parse(text)), null, 2)}\n`.replace(/\b(page|frame)@[0-9a-f]+/g, '$1@<id>');
}

/** Every file under a folder, relative to it, sorted. */
export function walk(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((rel) => statSync(join(root, rel)).isFile())
    .sort();
}

export function write(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
