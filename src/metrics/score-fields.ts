import type { FieldUsage } from '../../agents/types.ts';
import type { Answer, Field, FieldType, Instance } from '../task/types.ts';
import type { FieldState } from '../values/read-fields.ts';
import { normalizeNumber } from './normalize.ts';
import { defaultMetric, METRICS, type MetricByType } from './registry.ts';
import { asList, asText } from './types.ts';

/** One field of one instance: everything needed to re-score it later without the agent. */
export interface FieldRecord {
  field: string;
  type?: FieldType;
  gold: Answer[];
  /** The value read back from the page (null when the field could not be read). */
  prediction: Answer | null;
  metric?: string;
  /** null = not scored, see `reason`. */
  score: number | null;
  /**
   * The best score one annotator's own answer gets: 1 unless annotators disagree on a metric
   * that no single answer can fully satisfy (range). What a perfect agent can reach.
   */
  ceiling?: number;
  reason?: string;
  unsupported?: boolean;
  /** The task file names this field's metric: re-scoring with other defaults leaves it alone. */
  metricSetByTask?: boolean;
  /** What the agent spent on this field (LLM calls, tokens, cost), when it reports it. */
  usage?: FieldUsage;
}

export interface ScoringOptions {
  /** e.g. { checkbox: 'checkbox-iou' }: the paper's IoU instead of the code's exact match. */
  metricByType?: MetricByType;
}

const normalizeValue = (answer: Answer, type: FieldType): Answer =>
  type === 'checkbox' ? asList(answer).map(normalizeNumber) : normalizeNumber(asText(answer));

/** Scores one field's read-back value against its gold answers (DESIGN.md, Scoring). */
export function scoreField(field: Pick<Field, 'name' | 'metric'>, gold: Answer[], state: FieldState, options: ScoringOptions = {}): FieldRecord {
  const record: FieldRecord = { field: field.name, gold, prediction: state.found ? state.value : null, score: null };
  if (state.type) record.type = state.type;
  if (state.unsupported) return { ...record, reason: state.unsupported, unsupported: true };
  if (!state.found) return { ...record, reason: 'not on the page' };
  if (!state.visible) return { ...record, reason: 'not visible' };
  const metric = field.metric ?? defaultMetric(state.type!, options.metricByType);
  return { ...record, ...(field.metric && { metricSetByTask: true }), ...scoreValue(state.type!, gold, state.value, metric) };
}

/** A prediction against gold answers with one metric: the score and ceiling, or why it was not scored. */
export function scoreValue(type: FieldType, gold: Answer[], prediction: Answer, metricName: string): Pick<FieldRecord, 'metric' | 'score' | 'ceiling' | 'reason'> {
  const metric = METRICS[metricName];
  if (!metric) throw new Error(`unknown metric "${metricName}"`);
  const answers = gold.map((g) => normalizeValue(g, type));
  const result = metric.score(normalizeValue(prediction, type), answers);
  if (!('score' in result)) return { metric: metricName, score: null, reason: result.skipped };
  const ceiling = Math.max(...answers.map((a) => metric.score(a, answers)).map((r) => ('score' in r ? r.score : 0)));
  return { metric: metricName, score: result.score, ceiling };
}

/** Every gold-labelled field of an instance; the instance score is the mean of the scored ones. */
export function scoreInstance(fields: Field[], instance: Instance, states: FieldState[], options: ScoringOptions = {}) {
  const byName = new Map(states.map((s) => [s.name, s]));
  const records = goldFields(fields, instance).map((f) => scoreField(f, instance.gold[f.name]!, byName.get(f.name) ?? { name: f.name, found: false, visible: false, value: '' }, options));
  return { records, ...instanceScore(records) };
}

/** An instance's score and ceiling: the means over its scored fields (null when none is scored). */
export function instanceScore(records: Pick<FieldRecord, 'score' | 'ceiling'>[]): { score: number | null; ceiling: number | null } {
  const scored = records.filter((r) => r.score !== null);
  const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
  return { score: mean(scored.map((r) => r.score!)), ceiling: mean(scored.map((r) => r.ceiling!)) };
}

/** The fields an instance is scored on: those with gold labels, unless marked `score: false`. */
export function goldFields(fields: Field[], instance: Instance): Field[] {
  return fields.filter((f) => f.score && instance.gold[f.name] !== undefined);
}
