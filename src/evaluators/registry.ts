import { answer } from './answer.ts';
import { fields } from './fields.ts';
import { html } from './html.ts';
import { page } from './page.ts';
import type { Evaluator } from './types.ts';
import { url } from './url.ts';

/** Every evaluator by name: a new evaluator is one file plus one line here (and in task.schema.json). */
export const EVALUATORS: Record<string, Evaluator<any, any, any>> = Object.fromEntries([fields, page, answer, url, html].map((e) => [e.name, e]));
