import type { Answer, ControlType } from '../task/types.ts';
import type { Unsettled } from '../values/settle.ts';

/** One field of one instance: everything needed to re-score it later without the agent. */
export interface FieldRecord {
  field: string;
  type?: ControlType;
  gold: Answer[];
  /** The value read back from the page (null when the field could not be read). */
  prediction: Answer | null;
  /** Radio, single select: what it showed before anyone touched it, which an empty gold answer stands for. */
  initial?: string;
  /** Radio, single select: the values the page offers. */
  options?: string[];
  metric?: string;
  /** null = not scored, see `reason`. */
  score: number | null;
  /**
   * What a perfect agent can reach: the best score of a value the field can take (radio,
   * select: one of its options, or its value as loaded; other fields: one annotator's own
   * answer). Below 1 where annotators disagree on a range, or no option matches their answers.
   */
  ceiling?: number;
  reason?: string;
  unsupported?: boolean;
  /** The task file names this field's metric: re-scoring with other defaults leaves it alone. */
  metricSetByTask?: boolean;
}

/** One evaluator's verdict on one instance: what results.json keeps and `report --rescore` redoes. */
export interface Evaluation {
  evaluator: string;
  /** In [0, 1]; null: nothing could be scored (see `reason`). */
  score: number | null;
  /** The best score a perfect agent can reach here (below 1 where annotators disagree). */
  ceiling?: number | null;
  reason?: string;
  /** What was compared against, and what was found (the stored evidence). */
  expected?: unknown;
  got?: unknown;
  /** Values the task asked to keep beside the score (MiniWoB's raw reward and its reason). */
  recorded?: Record<string, unknown>;
  /** The `fields` evaluator's per-field records. */
  records?: FieldRecord[];
  /** The page still moved when it was read (the wait for it to settle hit its bound): what ran. */
  unsettled?: Unsettled;
  /** What `score` was given: `benchwright report --rescore` gives it again, with no browser. */
  inputs?: { evidence: unknown; expected: unknown };
}

/**
 * An instance's score: evaluators multiply, as WebArena's do (all must hold). One that could
 * score nothing (no field to score, no judge for a fuzzy answer) leaves the instance not
 * scored: the others alone would claim more than was checked.
 */
export function combinedScore(evaluations: Pick<Evaluation, 'score' | 'ceiling'>[]): { score: number | null; ceiling: number | null } {
  if (!evaluations.length || evaluations.some((e) => e.score === null)) return { score: null, ceiling: null };
  return {
    score: evaluations.reduce((p, e) => p * e.score!, 1),
    ceiling: evaluations.reduce((p, e) => p * (e.ceiling ?? 1), 1),
  };
}

/** Whether an instance scored what a perfect agent scores: its steps are worth learning from. */
export const atCeiling = ({ score, ceiling }: { score: number | null; ceiling: number | null }) => score !== null && ceiling !== null && score >= ceiling - 1e-9;

/** The field records among an instance's evaluations (none when it is not judged by its fields). */
export const fieldRecordsOf = (evaluations: Evaluation[]) => evaluations.find((e) => e.evaluator === 'fields')?.records ?? [];
