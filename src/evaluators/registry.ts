import { allowEvaluator } from '../task/schema-check.ts';
import { answer } from './answer.ts';
import { fields } from './fields.ts';
import { html } from './html.ts';
import { page } from './page.ts';
import type { Evaluator } from './types.ts';
import { url } from './url.ts';

/** Every evaluator by name: a new evaluator is one file plus one line here (and in task.schema.json). */
export const EVALUATORS: Record<string, Evaluator<any, any, any>> = Object.fromEntries([fields, page, answer, url, html].map((e) => [e.name, e]));
const BUILT_IN = new Set(Object.keys(EVALUATORS));

/**
 * An evaluator of a user's own (benchmarkConfig's `evaluators`), named in task files beside the
 * built-in ones. Registered in every process that loads tasks: the runner and each worker read
 * the Playwright config, which registers it.
 */
export function registerEvaluator(evaluator: Evaluator<any, any, any>): void {
  // Again under the same name: the config read once more (a worker), not a clash.
  if (BUILT_IN.has(evaluator.name)) throw new Error(`evaluator "${evaluator.name}" is built in: give yours another name`);
  EVALUATORS[evaluator.name] = evaluator;
  allowEvaluator(evaluator.name, evaluator.settingsSchema);
}
