import { scoreNumbers } from './range.ts';
import type { Metric } from './types.ts';

/**
 * The original harness's range score (TurkingBench src/evaluation_class.py): the distance to
 * the nearest annotator, over the largest gold value; "happy as long as we're close to one
 * human". Kept as written there (no normalisation when the largest gold value is not
 * positive), so its published numbers reproduce.
 */
export const rangeNearest: Metric = {
  name: 'range-nearest',
  description: "1 - min |prediction - gold| / max(gold) (the original harness's range score)",
  score: (prediction, gold) => scoreNumbers(prediction, gold, (predicted, values) => {
    const nearest = Math.min(...values.map((g) => Math.abs(g - predicted)));
    const largest = Math.max(...values);
    return 1 - (largest > 0 ? nearest / largest : nearest);
  }),
};
