import type { GivenAnswer } from '../agent/types.ts';
import { normalizeNumber } from '../metrics/normalize.ts';
import type { FieldRecord } from '../record/evaluation.ts';
import { asList } from '../metrics/types.ts';
import type { Answer } from '../task/types.ts';

/**
 * Why the page, not the agent, kept a field below its ceiling, or undefined. A field's ceiling
 * comes from its own gold alone, but pages tie fields together (ticking "no subject" disables
 * and overwrites the subject; one answer hides the questions another would show), and some
 * annotators' batches record combinations the page does not allow: the gold answer of one
 * field is then refused, or changed by the page once another field is answered. The field's
 * ceiling stays as the gold makes it, for every agent alike; this names the page's part.
 */
export function pageLimit(record: Pick<FieldRecord, 'prediction'>, given: GivenAnswer | undefined): string | undefined {
  if (!given || given.failed !== undefined) return undefined;
  if (given.refused !== undefined) return `the page refused ${JSON.stringify(given.answer)} (${given.refused})`;
  const same = (a: Answer | null) => (a === null ? null : asList(a).map(normalizeNumber).sort().join('|'));
  if (same(record.prediction) !== same(given.answer)) return `the page took ${JSON.stringify(given.answer)}, then changed it to ${JSON.stringify(record.prediction)}`;
  return undefined;
}
