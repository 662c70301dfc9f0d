import { isEmptyAnswer, normalizeAnswer } from './normalize.ts';
import { asList, type Metric } from './types.ts';

const checkedSet = (answer: string[] | string) =>
  [...new Set(asList(answer).filter((v) => !isEmptyAnswer(v)).map(normalizeAnswer))].sort();

/** What the original code does (the default, so published numbers reproduce). */
export const checkboxExact: Metric = {
  name: 'checkbox-exact',
  description: "the checked set equals an annotator's set (best over annotators); both empty = 1",
  score(prediction, gold) {
    const predicted = checkedSet(prediction).join('|');
    return { score: gold.some((g) => checkedSet(g).join('|') === predicted) ? 1 : 0 };
  },
};

/** What the paper describes. */
export const checkboxIou: Metric = {
  name: 'checkbox-iou',
  description: "intersection over union of the checked set with an annotator's set (best over annotators); both empty = 1",
  score(prediction, gold) {
    const predicted = new Set(checkedSet(prediction));
    const scores = gold.map((g) => {
      const expected = new Set(checkedSet(g));
      const union = new Set([...predicted, ...expected]).size;
      if (union === 0) return 1;
      return [...predicted].filter((v) => expected.has(v)).length / union;
    });
    return { score: Math.max(0, ...scores) };
  },
};
