// Python's text primitives where JavaScript's differ. Python's whitespace (str.isspace, strip(), split()
// and `\s` in str regexes) includes U+001C..U+001F and U+0085 but not U+FEFF, unlike JavaScript's `\s`.

const SPACE_CHARS = '\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/** Regex source for one Python whitespace character (`\s`). */
export const PY_SPACE = `[${SPACE_CHARS}]`;
/** Regex source for one Python non-whitespace character (`\S`). */
export const PY_NON_SPACE = `[^${SPACE_CHARS}]`;
/** Regex source for Python's `$` without MULTILINE: the end, or just before a final newline. */
export const PY_END = '(?=\\n?$)';
/** Regex source for one Python `\w` character in a str pattern (a letter, a number or `_`). */
export const PY_WORD = '[\\p{L}\\p{N}_]';

const OUTER_SPACE = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'gu');
const TRAILING_SPACE = new RegExp(`${PY_SPACE}+$`, 'u');
const SPACE_RUN = new RegExp(`${PY_SPACE}+`, 'u');

/** str.strip() */
export const pyStrip = (text: string): string => text.replace(OUTER_SPACE, '');

/** str.rstrip() */
export const pyRstrip = (text: string): string => text.replace(TRAILING_SPACE, '');

/** str.split() with no separator: whitespace runs, no empty pieces. */
export const pySplit = (text: string): string[] => text.split(SPACE_RUN).filter((piece) => piece !== '');

/** len(): Python counts code points, JavaScript UTF-16 units. */
export const pyLength = (text: string): number => [...text].length;
