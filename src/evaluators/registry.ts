import { allowEvaluator } from '../task/schema-check.ts';
import { exportsOf, importUserModule } from '../user-module.ts';
import { answer } from './answer.ts';
import { fields } from './fields/evaluator.ts';
import { html } from './html.ts';
import { page } from './page.ts';
import type { Evaluator } from './types.ts';
import { url } from './url.ts';

/** Every evaluator by name: the core's, then those benchmarks and users register. */
export const EVALUATORS: Record<string, Evaluator<any, any, any>> = Object.fromEntries([fields, page, answer, url, html].map((e) => [e.name, e]));
/** Who registered each name: the core's and the built-in benchmarks' are 'built in'. */
const OWNERS = new Map(Object.keys(EVALUATORS).map((name) => [name, 'built in']));

/**
 * An evaluator named in task files beside the core's: a benchmark's (owner: the benchmark, or
 * 'built in' for the package's own), or a user's own (benchmarkConfig's `evaluators`).
 * Registered in every process that loads tasks: the runner and each worker read the Playwright
 * config, which registers it. A name registered before by the same owner is replaced, not
 * refused: the config is read once more in each worker.
 */
export function registerEvaluator(evaluator: Evaluator<any, any, any>, owner = 'yours'): void {
  const before = OWNERS.get(evaluator.name);
  if (before === 'built in' && owner !== 'built in') throw new Error(`evaluator "${evaluator.name}" is built in: give yours another name`);
  if (before !== undefined && before !== owner) throw new Error(`evaluator "${evaluator.name}" is ${before}'s: give ${owner === 'yours' ? 'yours' : `${owner}'s`} another name`);
  EVALUATORS[evaluator.name] = evaluator;
  OWNERS.set(evaluator.name, owner);
  allowEvaluator(evaluator.name, evaluator.settingsSchema);
}

/** Registers every evaluator a module of the user's exports (the CLI's --evaluators): their names. */
export async function registerEvaluatorsFrom(path: string): Promise<string[]> {
  const { file, exports } = await importUserModule(path, 'evaluators module');
  const found = Object.values(exports).filter(isEvaluator);
  if (!found.length) throw new Error(`evaluators module "${path}" (${file}) exports no evaluator: expected exports of objects with a name, expected(), capture() and score(); ${exportsOf(exports)}`);
  for (const evaluator of found) registerEvaluator(evaluator);
  return found.map((e) => e.name);
}

function isEvaluator(value: unknown): value is Evaluator {
  const e = value as Partial<Evaluator> | null | undefined;
  return typeof e?.name === 'string' && typeof e.expected === 'function' && typeof e.capture === 'function' && typeof e.score === 'function';
}
