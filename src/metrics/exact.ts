import { normalizeAnswer } from './normalize.ts';
import { asText, EVERY_ANSWER_EMPTY, nonEmptyAnswers, type Metric } from './types.ts';

export const exact: Metric = {
  name: 'exact',
  description: 'normalised exact match against any non-empty gold answer',
  score(prediction, gold) {
    const answers = nonEmptyAnswers(gold);
    if (answers.length === 0) return EVERY_ANSWER_EMPTY;
    const predicted = normalizeAnswer(asText(prediction));
    return { score: answers.some((g) => normalizeAnswer(g) === predicted) ? 1 : 0 };
  },
};
