import { rougeL } from './rouge-l.ts';
import { asText, EVERY_ANSWER_EMPTY, nonEmptyAnswers, type Metric } from './types.ts';

/** The original harness reads "&amp;" as "&" on both sides of a text field before it compares. */
const unescapeAmp = (text: string) => text.replaceAll('&amp;', '&');

/**
 * The original harness's text score (TurkingBench src/evaluation_class.py, calculate_metrics):
 * empty gold answers are dropped before anything is compared, so leaving a field empty scores 0
 * wherever an annotator wrote something, even if another left it empty; a field every
 * annotator left empty is not scored (score_outputs skips it: nothing to credit).
 */
export const rougeLMetric: Metric = {
  name: 'rouge-l',
  description: 'exact match, else ROUGE-L F-measure (rouge_score, stemmed), best over the non-empty gold answers (empty ones are dropped first)',
  score(prediction, gold) {
    const predicted = unescapeAmp(asText(prediction));
    const answers = nonEmptyAnswers(gold).map(unescapeAmp);
    if (answers.length === 0) return EVERY_ANSWER_EMPTY;
    if (answers.includes(predicted)) return { score: 1 };
    return { score: Math.max(...answers.map((g) => rougeL(predicted, g).fmeasure)) };
  },
};
