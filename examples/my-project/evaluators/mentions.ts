import type { Evaluator } from 'benchwright';

/** An evaluator of this project's own: the answer mentions a word (any case). */
export const mentions: Evaluator<{ word: string }, string, string | null> = {
  name: 'mentions',
  settingsSchema: { type: 'object', required: ['word'], properties: { word: { type: 'string' } }, additionalProperties: false },
  expected: (settings) => settings.word,
  capture: async (_page, _word, episode) => episode.answer ?? null,
  score: (answer, word) => ({
    evaluator: 'mentions',
    score: answer !== null && answer.toLowerCase().includes(word.toLowerCase()) ? 1 : 0,
    expected: word,
    got: answer,
  }),
};
