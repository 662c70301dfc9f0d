import { readFileSync } from 'node:fs';
import { packageFile } from '../package-files.ts';

// The task schema: the core's (schemas/task.base.schema.json) with what benchmarks add to it,
// their protocols, evaluators, keys of the answer evaluator and page helpers. Task files are
// checked against it; the published one (schemas/task.schema.json, for editors) is it with
// the built-in benchmarks' parts (scripts/write-task-schema.ts writes it).

export const BASE_TASK_SCHEMA = packageFile('schemas/task.base.schema.json');

interface TaskSchema {
  properties: { protocol: { enum?: string[] } };
  definitions: {
    evaluator: {
      additionalProperties: unknown;
      properties: Record<string, object> & {
        answer: { properties: Record<string, object> };
        html: { items: { properties: Record<'url' | 'locator', { pattern: string; 'x-hint': string }> } };
      };
    };
  };
}

/** What registered benchmarks and users add, in the order they added it. */
const added = {
  evaluators: new Map<string, object | undefined>(),
  /** By name, what each protocol gives a task (a change of it must not read cached summaries). */
  protocols: new Map<string, string>(),
  answerKeys: new Map<string, object>(),
  helpers: new Set<string>(),
};
let changed = () => {};

/** Called whenever something is added: the compiled validator is stale. */
export const onSchemaChange = (listener: () => void) => {
  changed = listener;
};

/** Task files may name this evaluator in `eval`, its settings checked with `settingsSchema` (none: any). */
export function allowEvaluator(name: string, settingsSchema?: object): void {
  added.evaluators.set(name, settingsSchema);
  changed();
}

/** Task files may name this protocol (`protocol: <name>`); `keys`: what it gives them. */
export function allowProtocol(name: string, keys: object): void {
  added.protocols.set(name, JSON.stringify(keys));
  changed();
}

/** The answer evaluator's settings may hold this key, its value checked with `schema`. */
export function allowAnswerKey(key: string, schema: object = {}): void {
  added.answerKeys.set(key, schema);
  changed();
}

/** html checks may call these helpers with `func:`. */
export function allowHelpers(names: string[]): void {
  for (const name of names) added.helpers.add(name);
  changed();
}

/** What was added: part of the task index's cache key (the same file may check differently). */
export const schemaAdditions = (): string => JSON.stringify([[...added.evaluators], [...added.protocols], [...added.answerKeys], [...added.helpers]]);

/**
 * The task schema with what was added. `published`: as editors get it, where evaluators the
 * schema cannot know (a user's own) are accepted; else only the known ones pass.
 */
export function taskSchema(published = false): object {
  const schema = JSON.parse(readFileSync(BASE_TASK_SCHEMA, 'utf8')) as TaskSchema;
  const evaluators = schema.definitions.evaluator;
  if (!published) evaluators.additionalProperties = false;
  for (const [name, settings] of added.evaluators) evaluators.properties[name] = settings ?? {};
  if (added.protocols.size) schema.properties.protocol.enum = [...added.protocols.keys()];
  // Benchmarks' keys before the core's `unscored`, which stays last (errors list the keys in this order).
  const { unscored, ...answerKeys } = evaluators.properties.answer.properties;
  evaluators.properties.answer.properties = { ...answerKeys, ...Object.fromEntries(added.answerKeys), ...(unscored && { unscored }) };
  if (added.helpers.size) {
    const names = [...added.helpers];
    for (const check of [evaluators.properties.html.items.properties.url, evaluators.properties.html.items.properties.locator]) {
      check.pattern = `^(?!func:)|^func:\\s*(${names.join('|')})\\s*\\(`;
      check['x-hint'] = `a helper: func:<name>(...) with one of ${names.join(', ')}`;
    }
  }
  return schema;
}
