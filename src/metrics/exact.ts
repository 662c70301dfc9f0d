import { isEmptyAnswer, normalizeAnswer } from './normalize.ts';
import { asText, type Metric } from './types.ts';

export const exact: Metric = {
  name: 'exact',
  description: 'normalised exact match against any non-empty gold answer',
  score(prediction, gold) {
    const answers = gold.map(asText).filter((g) => !isEmptyAnswer(g));
    if (answers.length === 0) return { skipped: 'every gold answer is empty' };
    const predicted = normalizeAnswer(asText(prediction));
    return { score: answers.some((g) => normalizeAnswer(g) === predicted) ? 1 : 0 };
  },
};
