import type { Page } from '@playwright/test';
import type { Evaluator } from './types.ts';

/** A page evaluator as written: the expression, or it with expressions whose values are kept beside the score. */
export type PageSettings = string | { expression: string; record?: Record<string, string> };

type PageExpected = Exclude<PageSettings, string>;

/** What the page's expression gave (and the recorded expressions), or how it failed. */
export type PageEvidence = ({ value: unknown } | { error: string }) & { recorded?: Record<string, unknown> };

/**
 * The page's own verdict (MiniWoB's reward): an expression evaluated in the final page, a
 * number in [0, 1] or a boolean. `record` names more expressions whose values the evaluation
 * keeps (MiniWoB's raw reward and its reason): what a page says beside its verdict.
 */
export const page: Evaluator<PageSettings, PageExpected, PageEvidence> = {
  name: 'page',
  expected: (settings) => (typeof settings === 'string' ? { expression: settings } : { expression: settings.expression, ...(settings.record && { record: settings.record }) }),

  async capture(final, { expression, record }) {
    const recorded: Record<string, unknown> = {};
    for (const [name, e] of Object.entries(record ?? {})) {
      const r = await valueOf(final, e);
      recorded[name] = 'value' in r ? r.value : r;
    }
    const verdict = await valueOf(final, expression);
    return { ...verdict, ...(record && { recorded }) };
  },

  score(evidence, expected) {
    const base = { evaluator: 'page', expected, ...(evidence.recorded && { recorded: evidence.recorded }) };
    if ('error' in evidence) return { ...base, score: 0, reason: `the expression threw: ${evidence.error}` };
    const { value } = evidence;
    if (typeof value === 'boolean') return { ...base, got: value, score: value ? 1 : 0 };
    if (typeof value === 'number' && value >= 0 && value <= 1) return { ...base, got: value, score: value };
    return { ...base, got: value ?? null, score: 0, reason: `expected a number in [0, 1] or a boolean, got ${JSON.stringify(value ?? null)}` };
  },
};

/** An expression's value in the final page (JSON), or why it threw. */
async function valueOf(final: Page, expression: string): Promise<{ value: unknown } | { error: string }> {
  try {
    return { value: await final.evaluate(`(${expression})`) };
  } catch (e) {
    return { error: (e as Error).message.split('\n')[0]! };
  }
}
