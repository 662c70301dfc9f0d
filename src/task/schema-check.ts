import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { packageFile } from '../package-files.ts';
import { closest, quote } from './errors.ts';
import type { TaskError } from './types.ts';
import { onSchemaChange, taskSchema } from './task-schema.ts';
import type { YamlSource } from './yaml-source.ts';

// ajv-formats is CommonJS: under ESM its default import is the module object.
const addFormats = addFormatsModule.default;

const SCHEMA_FILES = {
  task: packageFile('schemas/task.schema.json'),
  manifest: packageFile('schemas/manifest.schema.json'),
};
export type SchemaName = keyof typeof SCHEMA_FILES;

export function schemaPath(name: SchemaName): string {
  return SCHEMA_FILES[name];
}

export function readSchema(name: SchemaName): Record<string, unknown> {
  return JSON.parse(readFileSync(SCHEMA_FILES[name], 'utf8')) as Record<string, unknown>;
}

// Compiling costs tens of milliseconds: done on first use only (cached loads never need it).
const validators = new Map<SchemaName, ValidateFunction>();

// What benchmarks add to the task schema (task-schema.ts) makes the compiled one stale.
onSchemaChange(() => validators.delete('task'));

export { allowAnswerKey, allowEvaluator, allowHelpers, allowProtocol, schemaAdditions } from './task-schema.ts';

function validator(name: SchemaName): ValidateFunction {
  let v = validators.get(name);
  if (!v) {
    // coerceTypes: the YAML is read as text (failsafe), so "false" and "5" become the
    // boolean and number that the schema asks for.
    const ajv = new Ajv({ allErrors: true, verbose: true, coerceTypes: true, allowUnionTypes: true });
    addFormats(ajv);
    ajv.addVocabulary(['x-hint', 'x-unknown']);
    // Where the data is JSON values (x-yaml-values: json): noted, to be read again typed once valid.
    ajv.addKeyword({ keyword: 'x-yaml-values', schemaType: 'string', validate: (_schema: string, _data: unknown, _parent: unknown, cxt?: { instancePath: string }) => (cxt && jsonValuePaths.push(cxt.instancePath), true) });
    // The published schema lets editors accept evaluators it cannot know; here only the known ones pass.
    v = ajv.compile(name === 'task' ? taskSchema() : readSchema(name));
    validators.set(name, v);
  }
  return v;
}

/**
 * Validates (and coerces, in place) the data of a YAML file against a schema.
 * Each problem becomes one error at its line and column, in an author's words.
 */
export function checkAgainstSchema(source: YamlSource, name: SchemaName): TaskError[] {
  const validate = validator(name);
  jsonValuePaths.length = 0;
  if (validate(source.data)) {
    for (const pointer of jsonValuePaths) setAt(source.data, yamlPath(source.data, pointer), source.jsonAt(yamlPath(source.data, pointer)));
    return [];
  }
  const all = validate.errors ?? [];
  // A failed oneOf/anyOf explains itself with its hint; the failures of its branches are noise.
  const compound = all.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
  const relevant = all.filter(
    (e) => e.keyword !== 'if' && !compound.some((c) => c !== e && e.schemaPath.startsWith(`${c.schemaPath}/`)),
  );
  // A value of the wrong type fails every other check at its place too: say it once.
  const wrongType = new Set(relevant.filter((e) => e.keyword === 'type').map((e) => e.instancePath));
  const errors = relevant.filter((e) => e.keyword === 'type' || !wrongType.has(e.instancePath));
  const seen = new Set<string>();
  const out: TaskError[] = [];
  for (const e of errors) {
    const err = toTaskError(source, e);
    const key = `${err.line}:${err.col}:${err.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(err);
    }
  }
  return out.sort((a, b) => a.line - b.line || a.col - b.col);
}

function toTaskError(source: YamlSource, e: ErrorObject): TaskError {
  const path = yamlPath(source.data, e.instancePath);
  const hint = e.parentSchema?.['x-hint'] as string | undefined;
  switch (e.keyword) {
    case 'required':
      return source.errorAt(path, `missing required property "${e.params.missingProperty}"`);
    case 'additionalProperties': {
      const name = e.params.additionalProperty as string;
      const known = Object.keys((e.parentSchema?.properties ?? {}) as object);
      const guess = closest(name, known);
      const expected = guess ? `did you mean "${guess}"?` : known.length ? `expected one of: ${known.join(', ')}` : 'this takes no settings: write {}';
      // An entry whose key is a name (an evaluator's) says which kind of name is unknown.
      const kind = e.parentSchema?.['x-unknown'] as string | undefined;
      return source.errorAt([...path, name], `${kind ? `unknown ${kind} "${name}"` : 'unknown property'}; ${expected}`, 'key');
    }
    case 'enum': {
      const allowed = (e.params.allowedValues as unknown[]).map(String);
      const guess = closest(String(e.data), allowed);
      const tail = guess ? ` (did you mean "${guess}"?)` : '';
      return source.errorAt(path, `${hint ?? 'invalid value'} ${quote(e.data)}; expected one of: ${allowed.join(', ')}${tail}`);
    }
    case 'type':
      return source.errorAt(path, `expected ${typeWords(e.params.type as string | string[])}, got ${describe(e.data)}`);
    case 'pattern':
      if (e.propertyName !== undefined) {
        return source.errorAt([...path, e.propertyName], `invalid name ${quote(e.propertyName)}; expected ${hint ?? `a name matching ${e.params.pattern}`}`, 'key');
      }
      return source.errorAt(path, `expected ${hint ?? `text matching ${e.params.pattern}`}, got ${quote(e.data)}`);
    case 'minLength':
      return source.errorAt(path, 'must not be empty');
    case 'maxProperties':
      return source.errorAt(path, `expected ${hint ?? `at most ${e.params.limit} entries`}, got ${Object.keys(e.data as object).length} entries`);
    case 'minProperties':
      return source.errorAt(path, `expected ${hint ?? atLeast(e.params.limit as number, Object.keys((e.parentSchema?.properties ?? {}) as object))}, got none`);
    case 'minItems':
      return source.errorAt(path, `expected at least ${e.params.limit} item${e.params.limit === 1 ? '' : 's'}, got ${describe(e.data)}`);
    case 'minimum':
      return source.errorAt(path, `expected a number of at least ${e.params.limit}, got ${quote(e.data)}`);
    case 'format':
      return source.errorAt(path, `expected ${FORMAT_WORDS[e.params.format as string] ?? `a ${e.params.format}`}, got ${quote(e.data)}`);
    case 'oneOf':
    case 'anyOf':
      if (!hint) return source.errorAt(path, e.message ?? e.keyword);
      return source.errorAt(path, typeof e.data === 'object' ? `expected ${hint}` : `expected ${hint}, got ${describe(e.data)}`);
    default:
      return source.errorAt(path, e.message ?? e.keyword);
  }
}

/** The places of the data validated last whose schema says `x-yaml-values: json`. */
const jsonValuePaths: string[] = [];

function setAt(data: unknown, path: (string | number)[], value: unknown): void {
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], data);
  (parent as Record<string | number, unknown>)[path.at(-1)!] = value;
}

/** A JSON pointer as path segments: list indexes as numbers, keys as strings. */
function yamlPath(data: unknown, pointer: string): (string | number)[] {
  const path: (string | number)[] = [];
  let value = data;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    path.push(Array.isArray(value) ? Number(key) : key);
    value = (value as Record<string, unknown> | undefined)?.[key];
  }
  return path;
}

const TYPE_WORDS: Record<string, string> = {
  object: 'a mapping (key: value lines)',
  array: 'a list',
  string: 'a text value',
  number: 'a number',
  integer: 'a whole number',
  boolean: 'true or false',
};

const FORMAT_WORDS: Record<string, string> = { uri: 'a URL such as https://example.org/benchmark' };

function typeWords(types: string | string[]): string {
  return [types].flat().flatMap((t) => t.split(',')).map((t) => TYPE_WORDS[t] ?? t).join(' or ');
}

/** What a mapping needs at least: its keys named where the schema lists them. */
function atLeast(limit: number, keys: string[]): string {
  if (!keys.length) return `at least ${limit} entr${limit === 1 ? 'y' : 'ies'}`;
  return `${limit === 1 ? 'at least one' : `at least ${limit}`} of ${keys.join(', ')}`;
}

function describe(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'nothing';
  if (Array.isArray(value)) return value.length ? 'a list' : 'an empty list';
  if (typeof value === 'object') return 'a mapping';
  return quote(value);
}
