import { isEmptyAnswer, normalizeAnswer } from './normalize.ts';
import { asText, type Metric } from './types.ts';

/** The most frequent answer; ties go to the answer seen first (Python's max over a dict). */
export function majorityVote(answers: string[]): string {
  const votes = new Map<string, number>();
  for (const a of answers) votes.set(a, (votes.get(a) ?? 0) + 1);
  let best = answers[0] ?? '';
  for (const [answer, count] of votes) if (count > (votes.get(best) ?? 0)) best = answer;
  return best;
}

export const majorityExact: Metric = {
  name: 'majority-exact',
  description: 'normalised exact match against the majority vote of the gold answers',
  score(prediction, gold) {
    const majority = majorityVote(gold.map(asText).map((g) => (isEmptyAnswer(g) ? '' : g)));
    return { score: normalizeAnswer(asText(prediction)) === normalizeAnswer(majority) ? 1 : 0 };
  },
};
