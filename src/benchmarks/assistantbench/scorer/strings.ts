// DROP's answer normalisation and bag-of-words F1, as vendored in AssistantBench (evaluate_strings.py).

import { pythonFloat, pythonFloatRepr } from '../../../python/float.ts';
import { PY_WORD } from '../../../python/regex.ts';
import { pythonSplit, pythonStrip } from '../../../python/str.ts';
import { alignedScores, mean } from './assignment.ts';
import { pythonStr, type PyValue } from '../../../python/value.ts';

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g; // string.punctuation
// Python's \b is Unicode-aware: letters, digits (any script) and '_' are word characters.
const ARTICLE = new RegExp(`(?<!${PY_WORD})(?:a|an|the)(?!${PY_WORD})`, 'gu');

const isNumber = (text: string) => pythonFloat(text) !== undefined;

/** One token's normalisation; a token that reads as a number keeps its punctuation and is written as Python's float. */
function normalizeToken(token: string): string {
  let text = token.toLowerCase();
  if (!isNumber(text)) text = text.replace(PUNCTUATION, '');
  const number = pythonFloat(text);
  if (number !== undefined) text = pythonFloatRepr(number);
  return pythonSplit(text.replace(ARTICLE, ' ')).join(' ');
}

/** _normalize_answer: tokens split at spaces and hyphens, normalised, empty ones dropped. */
export function normalizeAnswer(text: string): string {
  return pythonStrip(text.split(/[ -]/).map(normalizeToken).filter((part) => pythonStrip(part) !== '').join(' '));
}

const toBag = (span: string) => new Set(pythonSplit(normalizeAnswer(span)));

function f1(predicted: Set<string>, gold: Set<string>): number {
  const overlap = [...gold].filter((word) => predicted.has(word)).length;
  const precision = predicted.size === 0 ? 1 : overlap / predicted.size;
  const recall = gold.size === 0 ? 1 : overlap / gold.size;
  return precision === 0 && recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}

/** A gold bag with numbers only matches a predicted bag sharing at least one of them. */
function numbersMatch(gold: Set<string>, predicted: Set<string>): boolean {
  const goldNumbers = [...gold].filter(isNumber);
  return goldNumbers.length === 0 || goldNumbers.some((word) => predicted.has(word));
}

/** DROP F1 between two answers, each a text or a list of texts, averaged over the best item matching. */
function bagF1(predicted: string[], gold: string[]): number {
  const predictedBags = predicted.map(toBag);
  const scores = gold.map(toBag).map((goldBag) =>
    predictedBags.map((predictedBag) => (numbersMatch(goldBag, predictedBag) ? f1(predictedBag, goldBag) : 0)));
  return mean(alignedScores(scores, predictedBags.length));
}

/** The spans of a text or list answer; undefined when a list holds a non-text (Python's TypeError, scored 0). */
function spans(value: PyValue): string[] | undefined {
  if (value.type !== 'list') return [pythonStr(value)];
  const texts = value.items.flatMap((item) => (item.type === 'str' ? [item.value] : []));
  return texts.length === value.items.length ? texts : undefined;
}

/** evaluate_strings: anything but a text or a list is compared as Python's str() of it. */
export function evaluateStrings(prediction: PyValue, gold: PyValue): number {
  const predicted = spans(prediction);
  const expected = spans(gold);
  return predicted && expected ? bagF1(predicted, expected) : 0;
}
