import type { Evaluator } from 'benchwright/plugin';

/** The final answer against the question's, ignoring case and the spaces around it. */
export const triviaAnswer: Evaluator<{ answer: string }, string, string | null> = {
  name: 'trivia-answer',
  settingsSchema: { type: 'object', required: ['answer'], properties: { answer: { type: 'string' } }, additionalProperties: false },
  expected: (settings) => settings.answer,
  capture: async (_page, _answer, episode) => episode.answer ?? null,
  score: (answer, expected) => ({
    evaluator: 'trivia-answer',
    score: answer !== null && answer.trim().toLowerCase() === expected.trim().toLowerCase() ? 1 : 0,
    expected,
    got: answer,
  }),
};
