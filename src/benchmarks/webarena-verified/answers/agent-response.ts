import { normalizeText } from './normalize-text.ts';
import { typeOf } from './registry.ts';
import { isNormalized, normalizeAs, reportOf, sameValue, string, type Normalized, type Schema } from './types.ts';

// WebArena-Verified's AgentResponseEvaluator (core/evaluation/evaluators/agent_response_evaluator.py,
// value_normalizer.py, value_comparator.py): the agent's final answer, a JSON object
// {task_type, status, retrieved_data, error_details}, against the task's expected one.

/** The evaluator's settings in a task: the expected answer, the schema of its data, whether order counts. */
export interface AgentResponseSpec {
  expected: { task_type: string; status: string; retrieved_data?: unknown };
  results_schema: Schema;
  ordered?: boolean;
}

/** A failed check, named as the reference names it. */
export interface Assertion {
  name: string;
  messages: string[];
}

/** The verdict: success (1), failure (0) with its assertions, or error (0: the evaluator could not run, as the reference's status "error"). */
export interface AgentResponseResult {
  status: 'success' | 'failure' | 'error';
  score: 0 | 1;
  assertions: Assertion[];
  error?: string;
  actualNormalized?: unknown;
  expectedNormalized?: unknown;
}

const FENCED = /```(?:json)?\s*\n?([\s\S]*?)\n?```/;

/** The answer as the reference reads it: the first fenced block if any, as JSON if it parses; empty values are none. */
export function parseAgentResponse(raw: string): unknown {
  const fenced = FENCED.exec(raw);
  let value: unknown = fenced ? fenced[1]!.trim() : raw;
  try {
    value = JSON.parse(value as string);
  } catch {
    // Not JSON: the text itself, which no expected object equals.
  }
  const empty = value === '' || value === 0 || value === false || value === null || (Array.isArray(value) && !value.length) || (typeof value === 'object' && value !== null && !Object.keys(value).length);
  return empty ? null : value;
}

export function scoreAgentResponse(raw: string, spec: AgentResponseSpec): AgentResponseResult {
  try {
    return compare(raw, spec);
  } catch (e) {
    return { status: 'error', score: 0, assertions: [], error: (e as Error).message };
  }
}

function compare(raw: string, spec: AgentResponseSpec): AgentResponseResult {
  const expected = {
    task_type: normalizeAs(string, spec.expected.task_type),
    status: normalizeAs(string, spec.expected.status),
    retrieved_data: normalizeData(spec.expected.retrieved_data, spec.results_schema, true),
  };
  const expectedNormalized = { task_type: reportOf(expected.task_type), status: reportOf(expected.status), retrieved_data: report(expected.retrieved_data) };
  const answer = parseAgentResponse(raw);
  const assertions: Assertion[] = [];
  const done = (actualNormalized?: unknown): AgentResponseResult => ({ status: assertions.length ? 'failure' : 'success', score: assertions.length ? 0 : 1, assertions, actualNormalized, expectedNormalized });
  if (answer === null) {
    assertions.push({ name: 'agent_response_none_mismatch', messages: ['Expected a structured object, but got None'] });
    return done(null);
  }
  if (typeof answer !== 'object' || Array.isArray(answer)) {
    assertions.push({ name: 'agent_response_invalid_format', messages: [`Expected a structured object, but got: ${Array.isArray(answer) ? 'list' : typeof answer === 'string' ? 'str' : typeof answer}`] });
    return done(answer);
  }
  const given = answer as Record<string, unknown>;
  const actual: Record<string, Normalized | null | undefined> = {};
  for (const key of ['task_type', 'status'] as const) {
    const value = key === 'task_type' && !(key in given) ? given.performed_operation : given[key];
    if (value === undefined && !(key === 'task_type' && 'performed_operation' in given)) continue;
    // The reference calls .strip() on it: anything but text is an error there, not a mismatch.
    if (typeof value !== 'string') throw new Error(`${key} must be text, not ${JSON.stringify(value)}`);
    actual[key] = normalizeText(value.trim()) === '' ? null : normalizeAs(string, value);
  }
  const missing = (['task_type', 'status'] as const).filter((k) => !(k in actual));
  if (missing.length) assertions.push({ name: 'agent_response_keys_mismatch', messages: [`Missing keys in actual object: ${JSON.stringify(missing)}`] });
  for (const key of ['task_type', 'status'] as const) {
    const got = actual[key];
    if (got === undefined) continue;
    if (got === null) assertions.push({ name: `agent_response.${key}_none_mismatch`, messages: [`Expected ${reportOf(expected[key])}, got None`] });
    else if (!sameValue(expected[key], got)) assertions.push({ name: `agent_response.${key}_mismatch`, messages: [`Expected ${reportOf(expected[key])}, got ${reportOf(got)}`] });
  }
  const data = normalizeData(given.retrieved_data, spec.results_schema, false);
  const actualNormalized = { task_type: actual.task_type && reportOf(actual.task_type), status: actual.status && reportOf(actual.status), retrieved_data: report(data) };
  // Only a retrieve task's data is compared.
  if (reportOf(expected.task_type) !== 'retrieve') return done(actualNormalized);
  if (expected.retrieved_data === null && data !== null) assertions.push({ name: 'retrieved_data_unexpected', messages: ['Expected no retrieved_data'] });
  else if (expected.retrieved_data !== null && data === null) assertions.push({ name: 'retrieved_data_missing_or_null', messages: [`Expected retrieved_data to be ${JSON.stringify(report(expected.retrieved_data))}, but got None or empty`] });
  else if (expected.retrieved_data !== null && !equalData(expected.retrieved_data, data!, spec.ordered === true)) {
    assertions.push({ name: 'retrieved_data_array_values_mismatch', messages: [`Expected ${JSON.stringify(report(expected.retrieved_data))}, got ${JSON.stringify(report(data!))}`] });
  }
  return done(actualNormalized);
}

/** A normalised item of retrieved_data: a value, an object of them, a list of them, or the raw item that did not read. */
type Item = Normalized | { [key: string]: Item } | Item[] | null | { raw: unknown };

/**
 * retrieved_data read by its schema: none for null, "", [] and {}; a single item is a list of
 * one. `strict` (the expected side): an item that does not read is an error; the agent's is
 * kept raw, and equals nothing.
 */
function normalizeData(raw: unknown, schema: Schema, strict: boolean): Item[] | null {
  if (!raw && typeof raw !== 'number' && typeof raw !== 'boolean') return null;
  if (Array.isArray(raw) && !raw.length) return null;
  if (typeof raw === 'object' && !Array.isArray(raw) && !Object.keys(raw as object).length) return null;
  if (schema.type !== 'array') throw new Error(`results_schema must be an array to read retrieved_data, not ${JSON.stringify(schema.type)}`);
  const items = Array.isArray(raw) ? raw : [raw];
  return items.map((item) => {
    try {
      return schema.items?.type === 'object' ? normalizeObject(item, schema.items) : normalizeAs(typeOf(schema.items), item);
    } catch (e) {
      if (strict) throw e;
      return { raw: item };
    }
  });
}

function normalizeObject(raw: unknown, schema: Schema): Item {
  let value = raw;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      // Kept as text: not an object.
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return normalizeAs(string, raw);
  return Object.fromEntries(Object.entries(value).map(([key, v]): [string, Item] => {
    const property = schema.properties?.[key];
    if (v === null) return [key, null];
    if (property?.type === 'array') return [key, (Array.isArray(v) ? v : [v]).map((e) => normalizeAs(typeOf(property.items), e))];
    if (property?.type === 'object') return [key, normalizeObject(v, property)];
    return [key, normalizeAs(typeOf(property), v)];
  }));
}

/** The reference's comparison: in order, or each expected item taking the first unused actual one that equals it (greedy, not a best matching). */
function equalData(expected: Item[], actual: Item[], ordered: boolean): boolean {
  if (expected.length !== actual.length) return false;
  if (ordered) return expected.every((e, i) => equalItem(e, actual[i]!, ordered));
  const used = new Set<number>();
  for (const e of expected) {
    const found = actual.findIndex((a, i) => !used.has(i) && equalItem(e, a, ordered));
    if (found < 0) return false;
    used.add(found);
  }
  return true;
}

function equalItem(e: Item, a: Item, ordered: boolean): boolean {
  if (e === null || a === null) return e === a;
  if (isNormalized(e)) return isNormalized(a) && sameValue(e, a);
  if (Array.isArray(e)) return Array.isArray(a) && equalData(e, a, ordered);
  if ('raw' in e || isNormalized(a) || Array.isArray(a) || 'raw' in a) return false;
  const [ek, ak] = [Object.keys(e).sort(), Object.keys(a).sort()];
  return ek.length === ak.length && ek.every((k, i) => k === ak[i] && equalItem((e as Record<string, Item>)[k]!, (a as Record<string, Item>)[k]!, ordered));
}

function report(items: Item[] | null): unknown {
  const one = (item: Item): unknown => {
    if (item === null) return null;
    if (isNormalized(item)) return reportOf(item);
    if (Array.isArray(item)) return item.map(one);
    if ('raw' in item) return item.raw;
    return Object.fromEntries(Object.entries(item).map(([k, v]) => [k, one(v)]));
  };
  return items === null ? null : items.map(one);
}
