import { assistantBenchScore } from '../metrics/assistantbench/score.ts';
import { stringMatch, type FuzzyJudge, type StringReference } from '../metrics/webarena/string-match.ts';
import type { Evaluation, Evaluator } from './types.ts';

/** WebArena's reference answers and AssistantBench's gold answer, as a task file writes them. */
export interface AnswerSettings extends StringReference {
  string_note?: string;
  assistantbench?: string;
}

/** The agent's final answer (null: it gave none) and the goal it answered. */
export interface AnswerEvidence {
  answer: string | null;
  goal: string;
}

/** Until a model judge is configured, fuzzy_match's open branch cannot be scored. */
const NO_JUDGE: FuzzyJudge = {
  fuzzy: () => Promise.reject(new Error('fuzzy_match needs a model judge, and none is configured')),
  unachievable: () => Promise.reject(new Error('fuzzy_match N/A needs a model judge for an answer other than N/A, and none is configured')),
};

/**
 * The answer the agent sent (send_msg_to_user) against references: WebArena's string_match
 * (exact_match, must_include, fuzzy_match) and AssistantBench's partial-credit scorer. Both
 * given: their scores multiply. No answer scores 0.
 */
export const answer: Evaluator<AnswerSettings, AnswerSettings, AnswerEvidence> = {
  name: 'answer',
  expected: (settings) => settings,
  capture: async (_page, _expected, episode) => ({ answer: episode.answer ?? null, goal: episode.goal ?? '' }),

  async score(evidence, expected): Promise<Evaluation> {
    const base = { evaluator: 'answer', expected, got: evidence.answer };
    if (evidence.answer === null) return { ...base, score: 0, reason: 'no answer' };
    const { assistantbench, string_note, ...webarena } = expected;
    let score = 1;
    try {
      if (Object.keys(webarena).length) score *= await stringMatch(evidence.answer, webarena, NO_JUDGE, evidence.goal, string_note);
      if (assistantbench !== undefined) score *= assistantBenchScore(evidence.answer, assistantbench).score;
    } catch (e) {
      // The reference scorers raise on some answers (a JSON null, say): the answer is wrong, and says why.
      return { ...base, score: 0, reason: (e as Error).message };
    }
    return { ...base, score };
  },
};
