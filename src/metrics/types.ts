import type { Answer } from '../task/types.ts';
import { isEmptyAnswer } from './normalize.ts';

/** What a metric gives for one field: a score in [0, 1], or why the field is not scored. */
export type MetricResult = { score: number } | { skipped: string };

/**
 * A field metric compares the value read back from the page with the annotators' answers.
 * Values are already number-normalised; a checkbox value is the list of checked values.
 */
export interface Metric {
  name: string;
  description: string;
  score(prediction: Answer, gold: Answer[]): MetricResult;
}

/** The gold answers that say something (pandas' empty cells dropped), as text; a metric skips a field with none. */
export const nonEmptyAnswers = (gold: Answer[]): string[] => gold.map(asText).filter((g) => !isEmptyAnswer(g));
export const EVERY_ANSWER_EMPTY: MetricResult = { skipped: 'every gold answer is empty' };

export const asList = (answer: Answer): string[] => (Array.isArray(answer) ? answer : answer === '' ? [] : answer.split('|'));
export const asText = (answer: Answer): string => (Array.isArray(answer) ? answer.join('|') : answer);
