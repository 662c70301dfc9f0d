// WebArena's StringEvaluator (evaluation_harness/evaluators.py).
import { cleanAnswer } from './clean.ts';
import { pythonStrLength } from '../../python/str.ts';
import { wordTokenize } from './word-tokenize.ts';
import type { FuzzyJudge } from '../../llm/judge.ts';

/** eval.reference_answers of a WebArena task; its keys are applied in their order. */
export interface StringReference {
  exact_match?: string;
  must_include?: string[];
  fuzzy_match?: string[] | 'N/A';
}

type ReferenceEntry = { [K in keyof StringReference]-?: [K, NonNullable<StringReference[K]>] }[keyof StringReference];

/** Both sides cleaned (stripped, outer quotes dropped, lower-cased), then compared whole. */
export function exactMatch(reference: string, prediction: string): number {
  return Number(cleanAnswer(prediction) === cleanAnswer(reference));
}

/**
 * The cleaned reference is a substring of the cleaned prediction; with `tokenize`, a one-character reference
 * must instead be one of the prediction's word_tokenize tokens, so "0" is not found in "10".
 */
export function mustInclude(reference: string, prediction: string, tokenize: boolean): number {
  const ref = cleanAnswer(reference);
  const pred = cleanAnswer(prediction);
  if (tokenize && pythonStrLength(ref) === 1 && wordTokenize(ref).length === 1) return Number(wordTokenize(pred).includes(ref));
  return Number(pred.includes(ref));
}

/**
 * StringEvaluator.__call__: the answer is cleaned once here and again inside each comparison; the scores of
 * the reference's keys multiply, and must_include tokenises only when it lists a single item. A fuzzy_match
 * of "N/A" asks the judge only when the score so far is not 1 (the answer is not N/A, or an earlier key
 * failed); the judge's verdict against the task's string_note then replaces the score.
 */
export async function stringMatch(
  prediction: string,
  reference: StringReference,
  judge: FuzzyJudge,
  intent: string,
  stringNote?: string,
): Promise<number> {
  const pred = cleanAnswer(prediction);
  let score = 1;
  for (const entry of Object.entries(reference) as ReferenceEntry[]) {
    switch (entry[0]) {
      case 'exact_match':
        score *= exactMatch(entry[1], pred);
        break;
      case 'must_include': {
        const items = asList(entry);
        for (const item of items) score *= mustInclude(item, pred, items.length === 1);
        break;
      }
      case 'fuzzy_match':
        if (entry[1] !== 'N/A') {
          for (const item of asList(entry)) score *= await judge.fuzzy(item, pred, intent);
          break;
        }
        score *= exactMatch(entry[1], pred);
        if (score === 1) break;
        if (stringNote === undefined) throw new Error('fuzzy_match "N/A" needs the string_note when the answer is not N/A');
        score = await judge.unachievable(intent, stringNote, pred);
    }
  }
  return score;
}

/** The reference asserts these values are lists (task files are JSON, not type-checked). */
function asList([approach, value]: [string, unknown]): string[] {
  if (!Array.isArray(value)) throw new Error(`reference_answers.${approach} must be a list`);
  return value;
}
