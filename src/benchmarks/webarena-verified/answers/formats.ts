import { pythonStrip } from '../../../python/str.ts';
import { isRegexp } from './normalize-text.ts';
import { text } from './quantities.ts';
import type { ValueType } from './types.ts';

// Text in a known format, as WebArena-Verified reads it (data_types/json_string.py,
// markdown_string.py, string_list.py, base64_string.py, empty.py): posted JSON, a comment in
// markdown, a list of ids, a file's content in base64, a value that says there is none.

/** Python's json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False). */
function sortedJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(sortedJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${sortedJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** JSON text, compared whatever its key order and spacing (after the text pipeline, as the reference runs it first). */
export const json: ValueType = {
  normalize(raw) {
    if (typeof raw !== 'string') throw new Error(`JSON text expected, not ${JSON.stringify(raw)}`);
    if (!raw) throw new Error('the JSON text is empty');
    return sortedJson(JSON.parse(raw));
  },
  equal: (a, b) => a.some((x) => b.includes(x)),
};

const sub = (content: string, pattern: RegExp, replace: string | ((...groups: string[]) => string)) => content.replace(pattern, replace as string);

/** Markdown as written (case and characters kept), its layout made uniform: line ends, blank lines, headings, list markers, links. */
export const markdown: ValueType = {
  prepare: pythonStrip,
  normalize(raw) {
    if (typeof raw !== 'string') throw new Error(`markdown text expected, not ${JSON.stringify(raw)}`);
    if (!raw) throw new Error('the markdown text is empty');
    let content = raw.replace(/\r\n/g, '\n').replace(/\r/g, '\n');
    content = sub(content, /[ \t]+$/gm, '');
    content = sub(content, /\n{3,}/g, '\n\n');
    content = sub(content, /^(\s*)(#{1,6})[ \t]+/gm, '$1$2 ');
    content = sub(content, /^(\s*)[*+][ \t]+/gm, '$1- ');
    content = sub(content, /^[ \t]+(-)/gm, '  $1');
    content = sub(content, /\[([^\]]*?)\n\s*([^\]]*?)\](\([^)]+\))/g, (_m, first, second, link) => `[${first} ${second}]${link}`);
    content = sub(content, /\[([^\]]+)\]/g, (_m, inner) => `[${inner!.split(/\s+/).filter(Boolean).join(' ')}]`);
    content = sub(content, /\(\s*([^)]+?)\s*\)/g, '($1)');
    return pythonStrip(content);
  },
  equal: (a, b) => a.some((x) => b.includes(x)),
};

/** Comma-separated items (user ids), in any order: sorted, blanks dropped. */
export const stringList: ValueType = {
  normalize(raw) {
    if (!raw) throw new Error('the list is empty');
    const items = text(raw).split(',').map(pythonStrip).filter(Boolean).sort();
    if (!items.length) throw new Error(`no item in "${text(raw)}"`);
    return items.join(',');
  },
  equal: (a, b) => a.some((x) => b.includes(x)),
  report: (value) => (value as string).split(','),
};

/** Strict base64 (Python's b64decode with validate=True): its alphabet, padded to whole quads. */
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** A file's content sent in base64 (GitLab's commits): compared decoded, exactly; a regex matches the decoded text whole. */
export const base64: ValueType = {
  prepare: pythonStrip,
  normalize(raw) {
    if (typeof raw !== 'string' || !raw) throw new Error(`base64 text expected, not ${JSON.stringify(raw)}`);
    if (isRegexp(raw)) return pythonStrip(raw);
    if (!BASE64.test(raw)) throw new Error(`invalid base64: ${JSON.stringify(raw)}`);
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(raw, 'base64'));
    return pythonStrip(decoded.replace(/\r\n/g, '\n').replace(/\r/g, '\n'));
  },
  equal(a, b) {
    const matches = (pattern: unknown, texts: unknown[]) => {
      if (typeof pattern !== 'string' || !isRegexp(pattern)) return false;
      try {
        const whole = new RegExp(`^(?:${pattern})$`, 's');
        return texts.some((t) => whole.test(String(t)));
      } catch {
        return false;
      }
    };
    return a.some((x) => matches(x, b)) || b.some((y) => matches(y, a)) || a.some((x) => b.includes(x));
  },
};

const EMPTY_WORDS = ['n/a', 'na', 'nan', 'null', 'none'];

/** A value that says there is none (null, "", [], {}, N/A, none...): all alike; a zero is a value, not none. */
export const empty: ValueType = {
  prepare: (text) => text && text.trim().toLowerCase().replace(/\s+/g, ' ').replace(/\s*\/\s*/g, '/'),
  normalize(raw) {
    // Python's bool is a number: false is a zero, true a value.
    if (typeof raw === 'number' || typeof raw === 'boolean') throw new Error(!raw ? 'a numeric zero is not empty' : `not empty: ${raw}`);
    const none = raw === null || raw === undefined || raw === '' || (Array.isArray(raw) && !raw.length) || (typeof raw === 'object' && raw !== null && !Object.keys(raw).length);
    if (none || (typeof raw === 'string' && EMPTY_WORDS.includes(raw))) return null;
    throw new Error(`not an empty value: ${JSON.stringify(raw)} (expected null, "", [], {}, or N/A, na, nan, null, none)`);
  },
  equal: (a, b) => a.some((x) => b.includes(x)),
};
