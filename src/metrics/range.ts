import { exact } from './exact.ts';
import { isEmptyAnswer } from './normalize.ts';
import { asText, type Metric } from './types.ts';

export const range: Metric = {
  name: 'range',
  description: '1 - mean |prediction - gold| / max(|gold|..., |prediction|); exact match when not numeric',
  score(prediction, gold) {
    const answers = gold.map(asText).filter((g) => !isEmptyAnswer(g));
    if (answers.length === 0) return { skipped: 'every gold answer is empty' };
    const predicted = Number(asText(prediction));
    const values = answers.map(Number);
    if (asText(prediction).trim() === '' || !Number.isFinite(predicted) || !values.every(Number.isFinite)) {
      return exact.score(prediction, answers);
    }
    const denominator = Math.max(...values.map(Math.abs), Math.abs(predicted));
    if (denominator === 0) return { score: 1 };
    const meanError = values.reduce((sum, g) => sum + Math.abs(predicted - g), 0) / values.length;
    return { score: 1 - meanError / denominator };
  },
};
