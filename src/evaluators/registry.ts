import { fields } from './fields.ts';
import type { Evaluator } from './types.ts';

/** Every evaluator by name: a new evaluator is one file plus one line here (and in task.schema.json). */
export const EVALUATORS: Record<string, Evaluator<any, any, any>> = Object.fromEntries([fields].map((e) => [e.name, e]));
