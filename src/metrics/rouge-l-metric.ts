import { isEmptyAnswer } from './normalize.ts';
import { rougeL } from './rouge-l.ts';
import { asText, type Metric } from './types.ts';

export const rougeLMetric: Metric = {
  name: 'rouge-l',
  description: 'exact match, else ROUGE-L F-measure (rouge_score, stemmed), best over non-empty gold answers',
  score(prediction, gold) {
    const predicted = asText(prediction);
    const answers = gold.map(asText).map((g) => (isEmptyAnswer(g) ? '' : g));
    const nonEmpty = answers.filter((g) => g !== '');
    if (nonEmpty.length === 0) return { skipped: 'every gold answer is empty' };
    if (answers.includes(predicted)) return { score: 1 };
    return { score: Math.max(...nonEmpty.map((g) => rougeL(predicted, g).fmeasure)) };
  },
};
