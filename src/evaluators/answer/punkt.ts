// NLTK 3.8's PunktSentenceTokenizer (nltk/tokenize/punkt.py), as sent_tokenize runs it before word_tokenize,
// but with empty learned parameters: the English model's abbreviation list, collocations, sentence starters
// and orthographic statistics are not shipped here. With empty parameters the second pass reduces to:
// a period after an initial ("b.") or a number ("5.") ends no sentence when the next token is punctuation or
// starts lower-case (or, after an initial, upper-case). Consequences, compared with the English model:
// - a known abbreviation ("mr.", "e.g.", "u.s.") ends a sentence, so it loses its period to a "." token;
// - the orthographic evidence that would confirm a sentence start after an initial is missing.
// WebArena tokenises lower-cased answers, where the English model agrees with empty parameters on initials
// and numbers followed by common words.
import { PY_NON_SPACE, PY_SPACE } from '../../python/regex.ts';
import { pythonRstrip } from '../../python/str.ts';

const NON_WORD = `[)";}\\]*:@'({\\[?!]`;
const MULTI_CHAR = `(?:-{2,}|\\.{2,}|(?:\\.${PY_SPACE}){2,}\\.)`;
const WORD_START = `[^("\`{\\[:;&#*@)}\\]\\-,]`;
// PunktLanguageVars._word_tokenize_fmt: splits off punctuation other than periods.
const PUNKT_WORD = new RegExp(
  `${MULTI_CHAR}|(?=${WORD_START})${PY_NON_SPACE}+?(?=${PY_SPACE}|$|${NON_WORD}|${MULTI_CHAR}|,(?=$|${PY_SPACE}|${NON_WORD}|${MULTI_CHAR}))|${PY_NON_SPACE}`,
  'gu',
);
// PunktLanguageVars._period_context_fmt: a candidate sentence end and the token after it.
const PERIOD_CONTEXT = new RegExp(`[.?!](?=(?<after>${NON_WORD}|${PY_SPACE}+(?<next>${PY_NON_SPACE}+)))`, 'gu');
// Closing punctuation after a period that belongs to the sentence before: "(Sent1.) Sent2."
const BOUNDARY_REALIGNMENT = new RegExp(`^["')\\]}]+?(?:${PY_SPACE}+|(?=--)|$)`, 'u');
const NUMERIC = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const INITIAL = /^[\p{L}\p{Nl}\p{No}_]\.$/u;
const ORTHO_PUNCTUATION = new Set([';', ':', ',', '.', '!', '?']);

interface Slice {
  start: number;
  stop: number;
}

/** sent_tokenize(text) with empty Punkt parameters: the sentences, realigned as NLTK does. */
export function punktSentences(text: string): string[] {
  return [...realignBoundaries(text, sliceSentences(text))].map(({ start, stop }) => text.slice(start, stop));
}

function* sliceSentences(text: string): Generator<Slice> {
  let lastBreak = 0;
  for (const [match, context] of potentialEndContexts(text)) {
    if (!containsSentenceBreak(context)) continue;
    const end = match.index + 1;
    yield { start: lastBreak, stop: end };
    const { after = '', next } = match.groups ?? {};
    lastBreak = next ? end + after.length - next.length : end;
  }
  yield { start: lastBreak, stop: pythonRstrip(text).length };
}

/** _match_potential_end_contexts: each candidate end with the word before it and the token after it. */
function* potentialEndContexts(text: string): Generator<[RegExpExecArray, string]> {
  let previousSlice: Slice = { start: 0, stop: 0 };
  let previousMatch: RegExpExecArray | undefined;
  const context = (match: RegExpExecArray, slice: Slice) =>
    text.slice(slice.start, slice.stop) + match[0] + (match.groups?.after ?? '');
  for (const match of text.matchAll(PERIOD_CONTEXT)) {
    const lastSpace = lastAsciiWhitespace(text.slice(previousSlice.stop, match.index));
    const start = lastSpace ? lastSpace + previousSlice.stop + 1 : previousSlice.start;
    const wordBefore = { start, stop: match.index };
    if (previousMatch && previousSlice.stop <= wordBefore.start) yield [previousMatch, context(previousMatch, previousSlice)];
    previousMatch = match;
    previousSlice = wordBefore;
  }
  if (previousMatch) yield [previousMatch, context(previousMatch, previousSlice)];
}

/** Index of the last character of string.whitespace (ASCII only); 0 also when there is none, as in NLTK. */
function lastAsciiWhitespace(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (' \t\n\r\v\f'.includes(text.charAt(i))) return i;
  return 0;
}

/** text_contains_sentbreak: some token other than the last is annotated as a sentence break. */
function containsSentenceBreak(context: string): boolean {
  const tokens = context.split('\n').flatMap((line) => [...line.matchAll(PUNKT_WORD)].map((m) => m[0]));
  return tokens.slice(0, -1).some((token, i) => isSentenceBreak(token, tokens[i + 1] ?? ''));
}

function isSentenceBreak(token: string, next: string): boolean {
  // First pass: sentence-end characters, and words ending in one period (no abbreviation is known).
  const firstPass = token === '.' || token === '?' || token === '!' || (token.endsWith('.') && !token.endsWith('..'));
  if (!firstPass || !token.endsWith('.')) return firstPass;
  // Second pass (4.3): initials and numbers, with the orthographic heuristic on the next token.
  const initial = INITIAL.test(token);
  if (!initial && typeNoPeriod(token) !== '##number##') return true;
  const first = [...next][0] ?? '';
  if (ORTHO_PUNCTUATION.has(next) || /\p{Lowercase}/u.test(first)) return false;
  return !(initial && /\p{Uppercase}/u.test(first));
}

/** PunktToken.type_no_period: lower-cased, numbers as ##number##, a final period dropped. */
function typeNoPeriod(token: string): string {
  const lower = token.toLowerCase();
  const type = NUMERIC.test(lower) ? '##number##' : lower;
  return type.length > 1 && type.endsWith('.') ? type.slice(0, -1) : type;
}

function* realignBoundaries(text: string, slices: Iterable<Slice>): Generator<Slice> {
  let realign = 0;
  let pending: Slice | undefined;
  for (const slice of slices) {
    if (pending) {
      const sentence = { start: pending.start + realign, stop: pending.stop };
      const m = BOUNDARY_REALIGNMENT.exec(text.slice(slice.start, slice.stop));
      if (m) {
        yield { start: sentence.start, stop: slice.start + pythonRstrip(m[0]).length };
        realign = m[0].length;
      } else {
        realign = 0;
        if (sentence.stop > sentence.start) yield sentence;
      }
    }
    pending = slice;
  }
  if (pending && pending.stop > pending.start + realign) yield { start: pending.start + realign, stop: pending.stop };
}
