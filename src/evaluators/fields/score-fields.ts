import type { FieldRecord } from '../../record/evaluation.ts';
import { carriesNoAnswer, type Answer, type ControlType, type Field, type FieldType, type Instance } from '../../task/types.ts';
import type { FieldState } from '../../values/read-fields.ts';
import { isEmptyAnswer, normalizeNumber } from '../../metrics/normalize.ts';
import { defaultMetric, METRICS, type MetricByType } from '../../metrics/registry.ts';
import { asList, asText } from '../../metrics/types.ts';

export interface ScoringOptions {
  /** e.g. { checkbox: 'checkbox-iou' }: the paper's IoU instead of the code's exact match. */
  metricByType?: MetricByType;
}

/** What a single-choice field (radio, select) could be left with: its options, and as the page loaded it. */
export type Choices = Pick<FieldRecord, 'initial' | 'options'>;

const SINGLE_CHOICE = new Set<string>(['radio', 'select']);

const normalizeValue = (answer: Answer, type: FieldType): Answer =>
  type === 'checkbox' ? asList(answer).map(normalizeNumber) : normalizeNumber(asText(answer));

/**
 * Scores one field's read-back value against its gold answers (docs/architecture.md, "Scoring form fields"); `loaded`
 * is the field as the page loaded it, before the agent acted.
 */
export function scoreField(field: Pick<Field, 'name' | 'metric'>, gold: Answer[], state: FieldState, options: ScoringOptions = {}, loaded?: FieldState): FieldRecord {
  const record: FieldRecord = { field: field.name, gold, prediction: state.found ? state.value : null, score: null };
  if (state.type) record.type = state.type;
  if (state.unsupported) return { ...record, reason: state.unsupported, unsupported: true };
  if (!state.found) return { ...record, reason: 'not on the page' };
  if (carriesNoAnswer(state.type)) return { ...record, reason: `a ${state.type} control carries no answer` };
  if (!state.visible) return { ...record, reason: 'not visible' };
  const type = state.type!;
  const initial = untouchedValue(state, loaded);
  const choices: Choices = SINGLE_CHOICE.has(type) && !state.multiple ? { ...(initial !== undefined && { initial }), ...(state.options && { options: state.options }) } : {};
  const metric = field.metric ?? defaultMetric(type, options.metricByType);
  return { ...record, ...choices, ...(field.metric && { metricSetByTask: true }), ...scoreValue(type, gold, state.value, metric, choices) };
}

/** A prediction against gold answers with one metric: the score and ceiling, or why it was not scored. */
export function scoreValue(type: FieldType, gold: Answer[], prediction: Answer, metricName: string, choices: Choices = {}): Pick<FieldRecord, 'metric' | 'score' | 'ceiling' | 'reason'> {
  const metric = METRICS[metricName];
  if (!metric) throw new Error(`unknown metric "${metricName}"`);
  const answers = asLoaded(type, gold, choices.initial).map((g) => normalizeValue(g, type));
  const result = metric.score(normalizeValue(prediction, type), answers);
  if (!('score' in result)) return { metric: metricName, score: null, reason: result.skipped };
  const scoreOf = (value: Answer) => {
    const r = metric.score(normalizeValue(value, type), answers);
    return 'score' in r ? r.score : 0;
  };
  const candidates = reachable(type, choices) ?? answers;
  return { metric: metricName, score: result.score, ceiling: Math.max(0, ...candidates.map(scoreOf)) };
}

/**
 * An annotator who did not touch a radio group or select left it as the page loaded it, and
 * batch files record that as '' even where the page cannot be emptied (a select without an
 * empty option shows its first one, which the original harness reads). So an empty answer
 * stands for the value as loaded, when it is known.
 */
export function asLoaded(type: ControlType | undefined, gold: Answer[], initial: string | undefined): Answer[] {
  if (initial === undefined || !SINGLE_CHOICE.has(type ?? '')) return gold;
  return gold.map((g) => (isEmptyAnswer(asText(g)) ? initial : g));
}

/**
 * What a radio group or single select showed before anyone touched it: its value when the page
 * loaded (read before the agent acted), or, when it was not there yet as the same control with
 * its options (a script made or filled it later), the value a form reset restores.
 */
export function untouchedValue(state: Pick<FieldState, 'type' | 'resetValue'>, loaded: Pick<FieldState, 'found' | 'type' | 'options' | 'value'> | undefined): string | undefined {
  const sameControl = loaded?.found && loaded.type === state.type && (loaded.options?.length ?? 0) > 0;
  return sameControl ? asText(loaded!.value) : state.resetValue;
}

/** The values a radio group or select can be left with: its options, and as loaded (a radio group that loads unchecked: ''). */
function reachable(type: FieldType, { initial, options }: Choices): string[] | undefined {
  if (!SINGLE_CHOICE.has(type) || !options) return undefined;
  const untouched = initial ?? (type === 'radio' ? '' : undefined);
  return untouched === undefined ? options : [...new Set([...options, untouched])];
}

/** Gold-labelled fields (`goldFields`) against their answers; the instance score is the mean of the scored ones. */
export function scoreInstance(fields: Field[], gold: Record<string, Answer[]>, states: FieldState[], options: ScoringOptions = {}, loaded: FieldState[] = []) {
  const byName = new Map(states.map((s) => [s.name, s]));
  const loadedByName = new Map(loaded.map((s) => [s.name, s]));
  const missing = (name: string): FieldState => ({ name, found: false, visible: false, value: '' });
  const records = fields.map((f) => scoreField(f, gold[f.name]!, byName.get(f.name) ?? missing(f.name), options, loadedByName.get(f.name)));
  return { records, ...instanceScore(records) };
}

/** An instance's score and ceiling: the means over its scored fields (null when none is scored). */
export function instanceScore(records: Pick<FieldRecord, 'score' | 'ceiling'>[]): { score: number | null; ceiling: number | null } {
  const scored = records.filter((r) => r.score !== null);
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
  return { score: mean(scored.map((r) => r.score!)), ceiling: mean(scored.map((r) => r.ceiling!)) };
}

/**
 * The fields an instance is judged on: those with gold labels, unless marked `score: false`
 * (a button among them is recorded, not scored: the live page says what each control is).
 */
export function goldFields(fields: Field[], instance: Instance): Field[] {
  return fields.filter((f) => f.score && instance.gold[f.name] !== undefined);
}
