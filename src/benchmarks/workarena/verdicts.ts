import type { EpisodeEnd } from '../../evaluators/types.ts';
import type { Evaluation } from '../../record/evaluation.ts';
import { TableApi } from './table-api.ts';

/** An evaluator's verdicts on one piece of evidence: its score, and why when it is not 1. */
export const verdicts = (evaluator: string, expected: unknown, got: unknown) =>
  (score: number, reason?: string): Evaluation => ({ evaluator, expected, got, score, ...(reason && { reason }) });

/** The instance's Table API with the site's account, which an evaluator reading records needs. */
export function siteApi(episode: EpisodeEnd, evaluator: string): TableApi {
  if (!episode.siteBase || !episode.siteAccount) throw new Error(`${evaluator} reads the instance's records through its Table API: it needs the site's account (account: in the manifest)`);
  return new TableApi(episode.siteBase, episode.siteAccount);
}
