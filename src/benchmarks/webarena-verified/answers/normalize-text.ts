import anyAscii from 'any-ascii';
import { pythonStrip } from '../../../python/str.ts';

// WebArena-Verified's string pipeline (data_types/base.py, NormalizedType._normalize_string),
// applied to every text before its type reads it.

const MARKS = /[\u2122\u00AE\u2120\u00A9]/g;
const HYPHENS = '[\\u002D\\u2010-\\u2015\\u2212\\u00AD]';
/** A hyphen or dash beside an ASCII letter is a space (Green-vines, T.–Gannon); 123-4567 keeps its. */
const HYPHEN_BY_LETTER = new RegExp(`(?<=[a-zA-Z])${HYPHENS}|${HYPHENS}(?=[a-zA-Z])`, 'g');

/** `^...$`: a regular expression, compared as one, never normalised. */
export const isRegexp = (text: string) => text.length >= 2 && text.startsWith('^') && text.endsWith('$');

/**
 * Trademark signs dropped, NFKC, hyphens by letters as spaces, control characters dropped (tab
 * and line breaks as spaces), transliterated to ASCII, stripped, spaces collapsed, case folded.
 * The reference transliterates with Python's Unidecode (GPL); any-ascii differs on a few
 * symbols (£ is GBP, not PS), none of them in the dataset's answers.
 */
export function normalizeText(text: string): string {
  if (!text || isRegexp(text)) return text;
  const spaced = text.replace(MARKS, '').normalize('NFKC').replace(HYPHEN_BY_LETTER, ' ');
  const visible = [...spaced].map((c) => (c === '\t' || c === '\n' || c === '\r' ? ' ' : /\p{C}/u.test(c) ? '' : c)).join('');
  const ascii = anyAscii(visible).replace(/[^\x00-\x7F]/g, '');
  return pythonStrip(ascii).replace(/\s+/g, ' ').toLowerCase();
}
