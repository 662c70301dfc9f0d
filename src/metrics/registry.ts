import type { FieldType } from '../task/types.ts';
import { checkboxExact, checkboxIou } from './checkbox.ts';
import { exact } from './exact.ts';
import { majorityExact } from './majority-exact.ts';
import { range } from './range.ts';
import { rougeLMetric } from './rouge-l-metric.ts';
import type { Metric } from './types.ts';

/** Every metric by name: a new metric is one file plus one line here (and in task.schema.json). */
export const METRICS: Record<string, Metric> = Object.fromEntries(
  [exact, rougeLMetric, majorityExact, checkboxExact, checkboxIou, range].map((m) => [m.name, m]),
);

export type CheckboxMetric = 'checkbox-exact' | 'checkbox-iou';

/** The metric DESIGN.md gives each field type. */
export function defaultMetric(type: FieldType, checkbox: CheckboxMetric = 'checkbox-exact'): string {
  switch (type) {
    case 'text': case 'textarea': case 'email': case 'url': case 'tel': case 'search': case 'password':
      return 'rouge-l';
    case 'radio': case 'select':
      return 'majority-exact';
    case 'checkbox':
      return checkbox;
    case 'range':
      return 'range';
    default:
      return 'exact';
  }
}
