import type { Evaluator } from './types.ts';

/** What the page's expression gave, or how it failed. */
export type PageEvidence = { value: unknown } | { error: string };

/**
 * The page's own verdict (MiniWoB's reward): an expression evaluated in the final page, a
 * number in [0, 1] or a boolean.
 */
export const page: Evaluator<string, { expression: string }, PageEvidence> = {
  name: 'page',
  expected: (expression) => ({ expression }),

  async capture(final, { expression }) {
    try {
      return { value: await final.evaluate(`(${expression})`) };
    } catch (e) {
      return { error: (e as Error).message.split('\n')[0]! };
    }
  },

  score(evidence, expected) {
    const base = { evaluator: 'page', expected };
    if ('error' in evidence) return { ...base, score: 0, reason: `the expression threw: ${evidence.error}` };
    const { value } = evidence;
    if (typeof value === 'boolean') return { ...base, got: value, score: value ? 1 : 0 };
    if (typeof value === 'number' && value >= 0 && value <= 1) return { ...base, got: value, score: value };
    return { ...base, got: value ?? null, score: 0, reason: `expected a number in [0, 1] or a boolean, got ${JSON.stringify(value ?? null)}` };
  },
};
