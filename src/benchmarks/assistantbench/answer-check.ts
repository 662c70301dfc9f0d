import type { AnswerCheck } from '../../evaluators/answer.ts';
import { assistantBenchScore } from './scorer/score.ts';

/**
 * AssistantBench's gold under the answer evaluator's `assistantbench` key, scored with its
 * partial-credit scorer. Its questions can all be answered: giving up abstains (no answer).
 * Kept beside the score: whether an answer was given (AssistantBench's answer rate counts
 * answers that are not empty) and the gold's type.
 */
export const answerCheck: AnswerCheck = {
  key: 'assistantbench',
  settingsSchema: { type: 'string', description: 'AssistantBench\'s gold answer as its data writes it (text, a number, a list or a JSON object); scored with partial credit.' },
  givingUpIsNoAnswer: true,
  score(answer, gold) {
    const scored = assistantBenchScore(answer, gold as string);
    return { score: scored.score, recorded: { hasAnswer: scored.hasAnswer, goldType: scored.goldType } };
  },
};
