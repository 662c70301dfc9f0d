// The scoring half of WebArena's HTMLContentEvaluator: what one program_html target's locator returned,
// checked against its required_contents. Navigating and running the locator are the caller's.
import { htmlUnescape } from '../../python/html-unescape.ts';
import { exactMatch, mustInclude } from '../answer/string-match.ts';

/** A program_html target's required_contents: exact_match wins when both are given. */
export interface RequiredContents {
  exact_match?: string;
  must_include?: string[];
}

/**
 * `content` is the locator's text: page.content() for an empty locator, pythonStr(fromEvaluateResult(value))
 * for a JavaScript one, null when the script threw (the reference then scores an empty string). It is
 * HTML-unescaped once; each must_include item is satisfied by any of its " |OR| " alternatives, as a plain
 * substring (never tokenised).
 */
export function requiredContents(content: string | null, reference: RequiredContents): number {
  const selected = htmlUnescape(content ?? '');
  if (reference.exact_match !== undefined) return exactMatch(reference.exact_match, selected);
  if (reference.must_include === undefined) throw new Error(`unknown required_contents: ${Object.keys(reference).join(', ')}`);
  let score = 1;
  for (const item of reference.must_include) {
    score *= Number(item.split(' |OR| ').some((alternative) => mustInclude(alternative, selected, false) === 1));
  }
  return score;
}
