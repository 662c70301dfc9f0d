// Python's `re` classes for str patterns where JavaScript's differ, as regex sources for the `u` flag.

// Python's whitespace (str.isspace) includes U+001C..U+001F and U+0085 but not U+FEFF, unlike JavaScript's `\s`.
const SPACE_CHARS = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/** One Python whitespace character: `\s`, and what str.isspace(), strip() and split() take as whitespace. */
export const PY_SPACE = `[${SPACE_CHARS}]`;
/** One Python non-whitespace character (`\S`). */
export const PY_NON_SPACE = `[^${SPACE_CHARS}]`;
/** One Python `\w` character (str.isalnum() or `_`): a letter, a number or `_`. */
export const PY_WORD = '[\\p{L}\\p{N}_]';
/** Python's `$` without MULTILINE: the end, or just before a final newline. */
export const PY_END = '(?=\\n?$)';

/** Python's re.match: anchored at the start only, case-sensitive (no `u` flag: Python allows escapes such as `\_` that it refuses). */
export function pythonReMatch(pattern: string, text: string): boolean {
  let compiled: RegExp;
  try {
    compiled = new RegExp(`^(?:${pattern})`);
  } catch (e) {
    throw new Error(`invalid regex pattern '${pattern}': ${(e as Error).message}`);
  }
  return compiled.test(text);
}
