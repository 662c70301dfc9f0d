import type { GivenAnswer } from '../agent/types.ts';
import { fieldRecordsOf } from '../record/evaluation.ts';
import { pageLimit } from './page-limits.ts';
import type { InstanceResult } from './run-instance.ts';

/** What a project's minimum score makes of an instance's result. */
export type ScoreVerdict =
  /** No field could be scored at all: the instance did not run, it did not fail. */
  | { skip: string }
  /** Below the minimum only where the page refused or changed a gold answer: noted, not failed. */
  | { pageLimited: string[] }
  /** The minimum to check: below it the test fails, saying where. */
  | { score: number; required: number; below: string[] }
  | { pass: true };

/**
 * A low score is a result; only a project's minimum makes it a failure. The minimum is a share
 * of the instance's ceiling: where annotators disagree on a range, no answer scores 1, and
 * the oracle's 1 means "as good as the best annotator". A field the page kept below its
 * ceiling (it refused or changed the oracle's gold answer: page-limits.ts) is noted on the
 * test, not failed: the page allows no better.
 */
export function checkScore(result: InstanceResult, minScore: number | undefined, given: GivenAnswer[] = []): ScoreVerdict {
  const fields = fieldRecordsOf(result.evaluations);
  const unsupported = fields.filter((r) => r.unsupported);
  if (result.score === null && unsupported.length) return { skip: `no field could be scored: ${unsupported.length} unsupported (${unsupported[0]!.reason})` };
  if (minScore === undefined || result.score === null) return { pass: true };
  const givenTo = new Map(given.map((g) => [g.field, g]));
  const below = fields.filter((r) => r.score !== null && r.score < minScore * r.ceiling!).map((r) => ({ record: r, limit: pageLimit(r, givenTo.get(r.field)) }));
  const belowOthers = result.evaluations.filter((e) => e.evaluator !== 'fields' && e.score !== null && e.score < minScore * (e.ceiling ?? 1))
    .map((e) => `${e.evaluator} ${e.score}: ${e.reason ?? `got ${JSON.stringify(e.got)}, expected ${JSON.stringify(e.expected)}`}`);
  const describe = ({ record: r, limit }: (typeof below)[number]) => `${r.field} (${r.type}) ${r.score}: read ${JSON.stringify(r.prediction)}, gold ${JSON.stringify(r.gold)}${limit ? `; ${limit}` : ''}`;
  if (!belowOthers.length && below.length && below.every((b) => b.limit)) return { pageLimited: below.map(describe) };
  // Checked by the caller even when it holds: the check is a step of the test's report.
  return { score: result.score, required: minScore * result.ceiling!, below: [...belowOthers, ...below.map(describe)] };
}
