import type { Answer } from '../task/types.ts';
import { isEmptyAnswer, normalizeAnswer } from './normalize.ts';
import { asList, asText, type Metric } from './types.ts';

/** The values an annotator checked: a cell pandas reads as empty (nan, N/A) is no box checked. */
export const goldChecked = (answer: Answer): string[] => (isEmptyAnswer(asText(answer)) ? [] : asList(answer)).filter((v) => v !== '');

const checkedSet = (values: string[]) => [...new Set(values.filter((v) => v !== '').map(normalizeAnswer))].sort();
const goldSet = (answer: Answer) => checkedSet(goldChecked(answer));

/** What the original code does (the default, so published numbers reproduce). */
export const checkboxExact: Metric = {
  name: 'checkbox-exact',
  description: "the checked set equals an annotator's set (best over annotators); both empty = 1",
  score(prediction, gold) {
    const predicted = checkedSet(asList(prediction)).join('|');
    return { score: gold.some((g) => goldSet(g).join('|') === predicted) ? 1 : 0 };
  },
};

/** What the paper describes. */
export const checkboxIou: Metric = {
  name: 'checkbox-iou',
  description: "intersection over union of the checked set with an annotator's set (best over annotators); both empty = 1",
  score(prediction, gold) {
    const predicted = new Set(checkedSet(asList(prediction)));
    const scores = gold.map((g) => {
      const expected = new Set(goldSet(g));
      const union = new Set([...predicted, ...expected]).size;
      if (union === 0) return 1;
      return [...predicted].filter((v) => expected.has(v)).length / union;
    });
    return { score: Math.max(0, ...scores) };
  },
};
