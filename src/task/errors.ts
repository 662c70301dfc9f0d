import { relative, isAbsolute } from 'node:path';
import type { TaskError } from './types.ts';

/** 1-based line and column of a character offset in a text. */
export function positionOf(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, col: offset - lineStart + 1 };
}

/** `fields.q1.type`, `instances[2].gold["a.b"]`: a YAML path as an author reads it. */
export function formatPath(segments: readonly (string | number)[]): string {
  let out = '';
  for (const s of segments) {
    if (typeof s === 'number') out += `[${s}]`;
    else if (/^[A-Za-z_][\w-]*$/.test(s)) out += out ? `.${s}` : s;
    else out += `[${JSON.stringify(s)}]`;
  }
  return out;
}

/** Shows a path relative to `base` when it is inside it. */
export function displayPath(file: string, base = process.cwd()): string {
  const rel = relative(base, file);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : file;
}

/** One line: `file:line:col: path: message`. */
export function formatError(e: TaskError, base?: string): string {
  const where = `${displayPath(e.file, base)}:${e.line}:${e.col}`;
  return e.path ? `${where}: ${e.path}: ${e.message}` : `${where}: ${e.message}`;
}

/** The closest candidate within a small edit distance, for "did you mean" hints. */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) [best, bestDistance] = [c, d];
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/** Shortens a text written in a message, so one error stays one readable line. */
function shorten(s: string): string {
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/** Quotes a value for a message, shortened. */
export function quote(value: unknown): string {
  return JSON.stringify(shorten(typeof value === 'string' ? value : JSON.stringify(value)));
}

/** A list for a message (a CSV header may have thousands of names): the first few, each shortened. */
export function shortList(items: readonly string[], shown = 20): string {
  const list = items.slice(0, shown).map(shorten).join(', ');
  return items.length > shown ? `${list}, ... (${items.length} in all)` : list;
}
