import type { FuzzyJudge } from '../llm/judge.ts';
import type { Evaluation } from '../record/evaluation.ts';
import { allowAnswerKey } from '../task/schema-check.ts';
import { exactMatch, stringMatch, type StringReference } from './answer/string-match.ts';
import type { Evaluator } from './types.ts';

/** WebArena's reference answers, and the references of checks benchmarks add (AssistantBench's gold), as a task file writes them. */
export interface AnswerSettings extends StringReference {
  string_note?: string;
  /** No reference to score against (AssistantBench's test split): the answer is kept, not scored; why. */
  unscored?: string;
  [check: string]: unknown;
}

/** The agent's final answer (null: it gave none) and the goal it answered. */
export interface AnswerEvidence {
  answer: string | null;
  goal: string;
}

/** A benchmark's own way of scoring the final answer against a reference, under its key in the answer evaluator's settings. */
export interface AnswerCheck {
  key: string;
  /** JSON Schema of the reference under its key, checked when task files load (default: any). */
  settingsSchema?: object;
  /** Giving up (report_infeasible) abstains here, where WebArena reads it as the answer "N/A". */
  givingUpIsNoAnswer?: boolean;
  /** The answer against the reference: a score in [0, 1], and values to keep beside it. Throwing scores 0 and says why. */
  score(answer: string, reference: unknown): { score: number; recorded?: Record<string, unknown> };
}

const CHECKS = new Map<string, AnswerCheck>();

/** A benchmark's check (Benchmark.answerChecks): a new key of the answer evaluator's settings. */
export function registerAnswerCheck(check: AnswerCheck): void {
  if (CORE_KEYS.has(check.key)) throw new Error(`answer key "${check.key}" is the answer evaluator's own: give the check another key`);
  CHECKS.set(check.key, check);
  allowAnswerKey(check.key, check.settingsSchema);
}

const STRING_MATCH = new Set(['exact_match', 'must_include', 'fuzzy_match']);
const CORE_KEYS = new Set([...STRING_MATCH, 'string_note', 'unscored']);

/** The judge could not give a verdict: the answer is not scored (a rescore can ask again), not wrong. */
class NoVerdict extends Error {}

/**
 * The run's judge, asked only where words must be weighed: an answer equal to the reference
 * after WebArena's cleaning is correct without a call (WebArena asks even then; a judge that
 * failed an identical answer would be wrong), so an oracle scores offline.
 */
function guardedJudge(judge: FuzzyJudge | undefined): FuzzyJudge {
  const ask = async (question: () => Promise<number>): Promise<number> => {
    if (!judge) throw new NoVerdict('fuzzy_match needs a model judge: set OPENAI_API_KEY or OPENAI_BASE_URL (the project\'s `judge` settings choose the model), or judge later with benchwright report --rescore');
    try {
      return await question();
    } catch (e) {
      throw new NoVerdict((e as Error).message);
    }
  };
  return {
    fuzzy: async (reference, prediction, intent) => exactMatch(reference, prediction) || ask(() => judge!.fuzzy(reference, prediction, intent)),
    unachievable: (intent, note, prediction) => ask(() => judge!.unachievable(intent, note, prediction)),
  };
}

/** The checks a benchmark added that these settings name, in the order they were added. */
const checksOf = (expected: AnswerSettings) => [...CHECKS.values()].filter((c) => expected[c.key] !== undefined);

/**
 * The answer the agent sent (send_msg_to_user) against references: WebArena's string_match
 * (exact_match, must_include, fuzzy_match) and the checks benchmarks add (AssistantBench's
 * partial-credit scorer). Several given: their scores multiply. No answer scores 0.
 */
export const answer: Evaluator<AnswerSettings, AnswerSettings, AnswerEvidence> = {
  name: 'answer',
  expected: (settings) => settings,
  capture: async (_page, expected, episode) => {
    const abstains = episode.gaveUp && checksOf(expected).some((c) => c.givingUpIsNoAnswer);
    return { answer: abstains ? null : episode.answer ?? null, goal: episode.goal ?? '' };
  },

  async score(evidence, expected, options): Promise<Evaluation> {
    const base = { evaluator: 'answer', expected, got: evidence.answer };
    if (expected.unscored !== undefined) return { ...base, score: null, reason: expected.unscored };
    // A reference no check reads (its benchmark not registered here, say) must not pass for a right answer.
    const unread = Object.keys(expected).filter((key) => !CORE_KEYS.has(key) && !CHECKS.has(key));
    if (unread.length) return { ...base, score: null, reason: `no answer check reads ${unread.join(', ')}: register the benchmark that adds it (benchmarkConfig's benchmarks, or --benchmarks)` };
    if (evidence.answer === null) return { ...base, score: 0, reason: 'no answer' };
    // In the task file's order: WebArena applies its keys so.
    const reference = Object.fromEntries(Object.entries(expected).filter(([key]) => STRING_MATCH.has(key))) as StringReference;
    let score = 1;
    let recorded: Evaluation['recorded'];
    try {
      if (Object.keys(reference).length) score *= await stringMatch(evidence.answer, reference, guardedJudge(options.judge), evidence.goal, expected.string_note);
      for (const check of checksOf(expected)) {
        const scored = check.score(evidence.answer, expected[check.key]);
        score *= scored.score;
        if (scored.recorded) recorded = { ...recorded, ...scored.recorded };
      }
    } catch (e) {
      if (e instanceof NoVerdict) return { ...base, score: null, reason: e.message };
      // The reference scorers raise on some answers (a JSON null, say): the answer is wrong, and says why.
      return { ...base, score: 0, reason: (e as Error).message };
    }
    return { ...base, score, ...(recorded && { recorded }) };
  },
};
