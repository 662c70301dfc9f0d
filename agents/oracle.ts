import type { Page } from '@playwright/test';
import { majorityVote } from '../src/metrics/majority-exact.ts';
import { isEmptyAnswer, normalizeNumber } from '../src/metrics/normalize.ts';
import { range } from '../src/metrics/range.ts';
import { asLoaded, untouchedValue } from '../src/metrics/score-fields.ts';
import { asList, asText } from '../src/metrics/types.ts';
import { formatAction, type Action } from '../src/actions/signatures.ts';
import type { Answer } from '../src/task/types.ts';
import type { FieldState } from '../src/values/read-fields.ts';
import { saveDemonstrations } from './llm/demo-store.ts';
import type { Demonstration } from './llm/prompt.ts';
import { readRelevantHtml } from './llm/relevant-html.ts';
import type { Agent } from '../src/agent/types.ts';

const TEXT_LIKE = new Set(['text', 'textarea', 'email', 'url', 'tel', 'search', 'password', 'number', 'date', 'time', 'datetime-local', 'month', 'week', 'color']);

/**
 * The upper bound: replays the gold labels through the action library. Radio, select and
 * checkbox get the majority vote, text the first annotator's non-empty answer. Range gets the
 * annotator's value that scores best against all of them (the median, in effect): the mean
 * scores lower when annotators disagree (1, 1, 5: mean 0.64, 1 gives 0.73) and may fall off
 * the slider's steps.
 */
export const oracle: Agent = {
  name: 'oracle',
  needsGold: true,
  async run({ page, actions, fields, gold, task, instanceId }) {
    // Each field's action, decided once from the page as loaded.
    const planned = fields.flatMap((field) => {
      const action = goldAction(field, gold?.[field.name] ?? []);
      return action ? [{ field: field.name, action }] : [];
    });
    // On train instances, what the oracle is shown and does becomes the LLM agents' demonstrations.
    const demos = task.split === 'train' ? await demonstrationsOf(page, planned) : [];
    // Answering one question often reveals the next (hidden at load): what failed gets a second try.
    const failed: Action[] = [];
    for (const { action } of planned) if (!(await actions.run(action)).ok) failed.push(action);
    for (const action of failed) await actions.run(action);
    if (demos.length) saveDemonstrations(task.id, instanceId, demos);
  },
  // A goal task's gold is its solution: one step of it per observation, then the episode ends.
  async step({ solution, observation }) {
    const action = solution?.[observation.step];
    return action === undefined ? null : { action };
  },
};

/** Each field the oracle acts on: its relevant HTML in the page as loaded, and the action as text. */
async function demonstrationsOf(page: Page, planned: { field: string; action: Action }[]): Promise<Demonstration[]> {
  const htmls = await readRelevantHtml(page, planned.map((p) => p.field));
  return planned.flatMap((p, i) => (htmls[i] ? [{ field: p.field, html: htmls[i], action: formatAction(p.action) }] : []));
}

/**
 * The action that gives a field its gold answer, or undefined when it already has it (or has
 * none). Also the correct action of in-context demonstrations.
 */
export function goldAction(field: Pick<FieldState, 'name' | 'type' | 'found' | 'unsupported' | 'value' | 'options' | 'multiple' | 'resetValue'>, gold: Answer[]): Action | undefined {
  const answers = gold.map(asText).map((a) => (isEmptyAnswer(a) ? '' : a));
  const nonEmpty = answers.filter((a) => a !== '');
  if (!field.found || field.unsupported) return undefined;
  if (field.type === 'checkbox') {
    // The most common checked set, which may be "none": fields often depend on each other
    // (ticking "no subject" disables the subject box), so follow what most annotators did.
    const sets = gold.map((a) => asList(a).filter((v) => !isEmptyAnswer(v)).sort().join('|'));
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

function bestRangeAnswer(answers: string[]): string {
  const scoreOf = (a: string) => {
    const result = range.score(a, answers);
    return 'score' in result ? result.score : 0;
  };
  return answers.reduce((best, a) => (scoreOf(a) > scoreOf(best) ? a : best));
}
