import { atCeiling } from '../record/evaluation.ts';
import type { InstanceRow } from '../record/results.ts';

/** How the viewer sorts an instance into one of its filter's classes. */
export type Verdict = 'won' | 'partial' | 'lost' | 'not scored' | 'errored' | 'page-limited' | 'budget reached' | 'not run';

export const VERDICTS: readonly Verdict[] = ['won', 'partial', 'lost', 'not scored', 'errored', 'page-limited', 'budget reached', 'not run'];

/**
 * One class per instance, the first that holds: what stopped it (not run, errored, a spending
 * ceiling, a page that refused gold answers) before how it scored. Won is at the instance's
 * ceiling (a TurkingBench form where annotators disagree is won below 1), lost is 0.
 */
export function verdictOf(row: InstanceRow): Verdict {
  if (row.outcome === 'not run') return 'not run';
  if (row.outcome === 'errored') return 'errored';
  if (row.budgetReached) return 'budget reached';
  if (row.pageLimited?.length) return 'page-limited';
  if (row.outcome === 'not scored' || row.score === null) return 'not scored';
  if (atCeiling(row)) return 'won';
  return row.score > 0 ? 'partial' : 'lost';
}
