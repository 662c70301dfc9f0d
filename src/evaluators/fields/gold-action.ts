import { goldChecked } from '../../metrics/checkbox.ts';
import { majorityVote } from '../../metrics/majority-exact.ts';
import { isEmptyAnswer, normalizeNumber } from '../../metrics/normalize.ts';
import { range } from '../../metrics/range.ts';
import { asLoaded, untouchedValue } from './score-fields.ts';
import { asList, asText } from '../../metrics/types.ts';
import type { Answer } from '../../task/types.ts';
import type { FieldState } from '../../values/read-fields.ts';
import { matchOption } from '../../actions/locate.ts';
import type { Action } from '../../action-set/signatures.ts';

const TEXT_LIKE = new Set(['text', 'textarea', 'email', 'url', 'tel', 'search', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week', 'color']);

/**
 * The action that gives a field its gold answer, or undefined when it already has it (or has
 * none): the oracle's action, and the correct action of demonstrations built from a template.
 * Radio, select and checkbox get the majority vote, text the first annotator's non-empty
 * answer. Range gets the annotator's value that scores best against all of them (the median,
 * in effect): the mean scores lower when annotators disagree (1, 1, 5: mean 0.64, 1 gives
 * 0.73) and may fall off the slider's steps.
 */
export function goldAction(field: Pick<FieldState, 'name' | 'type' | 'found' | 'unsupported' | 'value' | 'options' | 'multiple' | 'resetValue'>, gold: Answer[]): Action | undefined {
  const answers = gold.map(asText).map((a) => (isEmptyAnswer(a) ? '' : a));
  const nonEmpty = answers.filter((a) => a !== '');
  if (!field.found || field.unsupported) return undefined;
  if (field.type === 'checkbox') {
    // The most common checked set, which may be "none": fields often depend on each other
    // (ticking "no subject" disables the subject box), so follow what most annotators did.
    const sets = gold.map((a) => goldChecked(a).sort().join('|'));
    const chosen = majorityVote(sets);
    const current = asList(field.value).sort().join('|');
    return chosen === current ? undefined : { name: 'modify_checkbox', args: [field.name, chosen ? chosen.split('|') : []] };
  }
  if (nonEmpty.length === 0) return undefined;
  if (field.type === 'radio' || field.type === 'select') {
    // As the scorer reads them: an empty answer is what the field shows untouched (it is as loaded now).
    const untouched = field.multiple ? undefined : untouchedValue(field, field);
    const majority = majorityVote(asLoaded(field.type, answers, untouched).map(asText).map(normalizeNumber));
    if (majority === '') return undefined;
    return { name: field.type === 'radio' ? 'modify_radio' : 'modify_select', args: [field.name, majority] };
  }
  if (field.type === 'range') return { name: 'modify_range', args: [field.name, bestRangeAnswer(nonEmpty)] };
  if (field.type && TEXT_LIKE.has(field.type) && asText(field.value) !== nonEmpty[0]) return { name: 'modify_text', args: [field.name, nonEmpty[0]!] };
  return undefined;
}

/**
 * Whether a field, read back, holds what a field action gave it: the oracle's check on its
 * direct input (what it finds missing gets a user's try). A value the page's options do not
 * name cannot be checked here and counts as held (the action's own outcome said whether it took).
 */
export function holds(field: Pick<FieldState, 'found' | 'value' | 'options'>, action: Action): boolean {
  if (!field.found) return false;
  const wanted = action.args[1];
  const option = (value: string) => field.options?.[matchOption(value, field.options)];
  if (action.name === 'modify_checkbox') {
    const values = (wanted as string[]).map(option);
    return values.includes(undefined) || values.sort().join('|') === asList(field.value).sort().join('|');
  }
  if (action.name === 'modify_radio' || action.name === 'modify_select') {
    const value = option(String(wanted));
    return value === undefined || asText(field.value) === value;
  }
  if (action.name === 'modify_range') return normalizeNumber(asText(field.value)) === normalizeNumber(String(wanted));
  return asText(field.value) === String(wanted);
}

function bestRangeAnswer(answers: string[]): string {
  const scoreOf = (a: string) => {
    const result = range.score(a, answers);
    return 'score' in result ? result.score : 0;
  };
  return answers.reduce((best, a) => (scoreOf(a) > scoreOf(best) ? a : best));
}
