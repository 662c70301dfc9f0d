import { majorityVote } from '../src/metrics/majority-exact.ts';
import { isEmptyAnswer, normalizeNumber } from '../src/metrics/normalize.ts';
import { range } from '../src/metrics/range.ts';
import { asList, asText } from '../src/metrics/types.ts';
import type { Agent } from './types.ts';

const TEXT_LIKE = new Set(['text', 'textarea', 'email', 'url', 'tel', 'search', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week', 'color']);

/**
 * The upper bound: replays the gold labels through the action library. Radio and select get
 * the majority vote, text and checkbox the first annotator's non-empty answer. Range gets the
 * annotator's value that scores best against all of them (the median, in effect): the mean
 * scores lower when annotators disagree (1, 1, 5: mean 0.64, 1 gives 0.73) and may fall off
 * the slider's steps.
 */
export const oracle: Agent = {
  name: 'oracle',
  needsGold: true,
  async run({ actions, fields, gold }) {
    for (const field of fields) {
      const answers = (gold?.[field.name] ?? []).map(asText).map((a) => (isEmptyAnswer(a) ? '' : a));
      const nonEmpty = answers.filter((a) => a !== '');
      // Not skipped when hidden at load: answering one question often reveals the next.
      if (!field.found || field.unsupported || nonEmpty.length === 0) continue;
      if (field.type === 'radio' || field.type === 'select') {
        const majority = majorityVote(answers.map(normalizeNumber));
        if (majority === '') continue;
        if (field.type === 'radio') await actions.modify_radio(field.name, majority);
        else await actions.modify_select(field.name, majority);
      } else if (field.type === 'checkbox') {
        await actions.modify_checkbox(field.name, asList(nonEmpty[0]!));
      } else if (field.type === 'range') {
        await actions.modify_range(field.name, bestRangeAnswer(nonEmpty));
      } else if (field.type && TEXT_LIKE.has(field.type)) {
        if (asText(field.value) !== nonEmpty[0]) await actions.modify_text(field.name, nonEmpty[0]!);
      }
    }
  },
};

function bestRangeAnswer(answers: string[]): string {
  const scoreOf = (a: string) => {
    const result = range.score(a, answers);
    return 'score' in result ? result.score : 0;
  };
  return answers.reduce((best, a) => (scoreOf(a) > scoreOf(best) ? a : best));
}
