// nltk.word_tokenize (NLTK 3.8): Punkt sentence splitting, then NLTKWordTokenizer (nltk/tokenize/destructive.py)
// on each sentence. The regexes are NLTK's, rewritten for JavaScript with Python's semantics kept: `\s`, `\w`,
// `\d` and `\b` are Unicode-aware as in Python, and `$` also matches before a final newline.
// Limits: sentence splitting runs without the English Punkt model (see punkt.ts), and Unicode character
// properties come from the JavaScript engine's Unicode version, not Python 3.11's (Unicode 14).
import { PY_END, PY_SPACE, PY_WORD } from '../../python/regex.ts';
import { pythonSplit } from '../../python/str.ts';
import { punktSentences } from './punkt.ts';

type Rule = [RegExp, string];

const rule = (source: string, replacement: string, flags = ''): Rule => [new RegExp(source, `gu${flags}`), replacement];
const AFTER_WORD = `(?!${PY_WORD})`;
const BEFORE_WORD = `(?<!${PY_WORD})`;

const STARTING_QUOTES: Rule[] = [
  rule('([«“‘„]|`+)', ' $1 '),
  rule('^"', '``'),
  rule('(``)', ' $1 '),
  rule(`([ ([{<])("|'{2})`, '$1 `` '),
  rule(`(')(?!re|ve|ll|m|t|s|d|n)(${PY_WORD})${AFTER_WORD}`, '$1 $2', 'i'),
];

const PUNCTUATION: Rule[] = [
  rule(`([^.])(\\.)([\\])}>"'»”’ ]*)${PY_SPACE}*${PY_END}`, '$1 $2 $3 '),
  rule('([:,])([^\\p{Nd}])', ' $1 $2'),
  rule(`([:,])${PY_END}`, ' $1 '),
  rule('\\.{2,}', ' $& '),
  rule('[;@#$%&]', ' $& '),
  rule(`([^.])(\\.)([\\])}>"']*)${PY_SPACE}*${PY_END}`, '$1 $2$3 '), // the final period
  rule('[?!]', ' $& '),
  rule("([^'])' ", "$1 ' "),
  rule('[*]', ' $& '),
];

const PARENS_BRACKETS = rule('[\\][(){}<>]', ' $& ');
const DOUBLE_DASHES = rule('--', ' -- ');

const ENDING_QUOTES: Rule[] = [
  rule('([»”’])', ' $1 '),
  rule("''", " '' "),
  rule('"', " '' "),
  rule("([^' ])('[sS]|'[mM]|'[dD]|') ", '$1 $2 '),
  rule("([^' ])('ll|'LL|'re|'RE|'ve|'VE|n't|N'T) ", '$1 $2 '),
];

// MacIntyre's contractions (CONTRACTIONS2 and CONTRACTIONS3; NLTK leaves CONTRACTIONS4 out).
const CONTRACTIONS: Rule[] = [
  ...['(can)(not)', "(d)('ye)", '(gim)(me)', '(gon)(na)', '(got)(ta)', '(lem)(me)', "(more)('n)"].map((pair) =>
    rule(`${BEFORE_WORD}${pair}${AFTER_WORD}`, ' $1 $2 ', 'i'),
  ),
  rule(`${BEFORE_WORD}(wan)(na)(?=${PY_SPACE})`, ' $1 $2 ', 'i'),
  rule(` ('t)(is)${AFTER_WORD}`, ' $1 $2 ', 'i'),
  rule(` ('t)(was)${AFTER_WORD}`, ' $1 $2 ', 'i'),
];

const applyRules = (text: string, rules: Rule[]): string => rules.reduce((t, [regex, replacement]) => t.replace(regex, replacement), text);

/** NLTKWordTokenizer.tokenize on one sentence (convert_parentheses off, as word_tokenize uses it). */
function treebankTokenize(sentence: string): string[] {
  let text = applyRules(sentence, STARTING_QUOTES);
  text = applyRules(text, PUNCTUATION);
  text = applyRules(text, [PARENS_BRACKETS, DOUBLE_DASHES]);
  text = applyRules(` ${text} `, ENDING_QUOTES);
  return pythonSplit(applyRules(text, CONTRACTIONS));
}

/** nltk.word_tokenize(text): sentences first, so a period ending a sentence becomes a token of its own. */
export function wordTokenize(text: string): string[] {
  return punktSentences(text).flatMap(treebankTokenize);
}
