import type { Answer } from '../task/types.ts';
import { exact } from './exact.ts';
import { asText, EVERY_ANSWER_EMPTY, nonEmptyAnswers, type Metric, type MetricResult } from './types.ts';

/**
 * What the range metrics share: non-empty gold answers as numbers, scored by `formula`;
 * exact match when the prediction or an answer is not a number (as the original code falls back).
 */
export function scoreNumbers(prediction: Answer, gold: Answer[], formula: (predicted: number, values: number[]) => number): MetricResult {
  const answers = nonEmptyAnswers(gold);
  if (answers.length === 0) return EVERY_ANSWER_EMPTY;
  const predicted = Number(asText(prediction));
  const values = answers.map(Number);
  if (asText(prediction).trim() === '' || !Number.isFinite(predicted) || !values.every(Number.isFinite)) {
    return exact.score(prediction, answers);
  }
  return { score: formula(predicted, values) };
}

export const range: Metric = {
  name: 'range',
  description: '1 - mean |prediction - gold| / max(|gold|..., |prediction|); exact match when not numeric',
  score: (prediction, gold) => scoreNumbers(prediction, gold, (predicted, values) => {
    const denominator = Math.max(...values.map(Math.abs), Math.abs(predicted));
    if (denominator === 0) return 1;
    const meanError = values.reduce((sum, g) => sum + Math.abs(predicted - g), 0) / values.length;
    return 1 - meanError / denominator;
  }),
};
