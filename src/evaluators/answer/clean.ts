import { pythonStrip } from '../../python/str.ts';

/**
 * WebArena's StringEvaluator.clean_answer: strip, drop one pair of matching outer quotes, lower-case.
 * Internal whitespace, punctuation and numbers are left alone.
 */
export function cleanAnswer(answer: string): string {
  let text = pythonStrip(answer);
  if ((text.startsWith("'") && text.endsWith("'")) || (text.startsWith('"') && text.endsWith('"'))) text = text.slice(1, -1);
  return text.toLowerCase();
}
