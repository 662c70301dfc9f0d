import type { FieldType } from '../task/types.ts';
import { checkboxExact, checkboxIou } from './checkbox.ts';
import { exact } from './exact.ts';
import { majorityExact } from './majority-exact.ts';
import { range } from './range.ts';
import { rangeNearest } from './range-nearest.ts';
import { rougeLMetric } from './rouge-l-metric.ts';
import type { Metric } from './types.ts';

/** Every metric by name: a new metric is one file plus one line here (and in task.schema.json). */
export const METRICS: Record<string, Metric> = Object.fromEntries(
  [exact, rougeLMetric, majorityExact, checkboxExact, checkboxIou, range, rangeNearest].map((m) => [m.name, m]),
);

/** Per field type, the metric to use instead of the default (a project's `metricByType`). */
export type MetricByType = Partial<Record<FieldType, string>>;

/** The metric docs/architecture.md ("Scoring form fields") gives each field type, unless `overrides` names another. */
export function defaultMetric(type: FieldType, overrides: MetricByType = {}): string {
  const chosen = overrides[type];
  if (chosen !== undefined) {
    if (!METRICS[chosen]) throw new Error(`metricByType.${type}: unknown metric "${chosen}" (metrics: ${Object.keys(METRICS).join(', ')})`);
    return chosen;
  }
  switch (type) {
    case 'text': case 'textarea': case 'email': case 'url': case 'tel': case 'search': case 'password':
      return 'rouge-l';
    case 'radio': case 'select':
      return 'majority-exact';
    case 'checkbox':
      return 'checkbox-exact';
    case 'range':
      return 'range';
    default:
      return 'exact';
  }
}
