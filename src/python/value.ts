import { pythonFloatRepr } from './float.ts';
import { pythonStrRepr } from './str-repr.ts';
import { pythonStrLength } from './str.ts';


// Python's values as the ported scorers see them. They branch on Python types (int vs float,
// bool vs int, tuple vs list), so values keep them; a dict keeps its keys' order (a JS object
// would put integer-like keys first).

export type PyValue =
  | { type: 'str'; value: string }
  | { type: 'int'; value: bigint }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'None' }
  | { type: 'list'; items: PyValue[] }
  | { type: 'dict'; entries: Map<string, PyValue> }
  // Only ever built by AssistantBench's fix_number(...) returning (value, is_number) where a value was meant.
  | { type: 'tuple'; items: [PyValue, PyValue] };

export const pyStr = (value: string): PyValue => ({ type: 'str', value });
export const pyFloat = (value: number): PyValue => ({ type: 'float', value });
export const pyList = (items: PyValue[]): PyValue => ({ type: 'list', items });

/** An input on which the Python reference raises; the message says why in words. */
export class UnscorableInput extends Error {}

/** The value in words, for error messages. */
export function describe(value: PyValue): string {
  switch (value.type) {
    case 'None': return 'JSON null';
    case 'bool': return `JSON ${value.value}`;
    case 'str': return `the text ${JSON.stringify(value.value)}`;
    case 'int': case 'float': return `the number ${pythonRepr(value)}`;
    case 'list': return `the list ${pythonRepr(value)}`;
    case 'dict': return `the object ${pythonRepr(value)}`;
    case 'tuple': return `the (value, is_number) pair ${pythonRepr(value)} that the reference makes of a one-number list`;
  }
}

/** len(value); Python raises for numbers, booleans and None. */
export function pythonLength(value: PyValue, role: string): number {
  switch (value.type) {
    case 'str': return pythonStrLength(value.value);
    case 'list': case 'tuple': return value.items.length;
    case 'dict': return value.entries.size;
    default: throw new UnscorableInput(`${role} is ${describe(value)}, which has no length, so the scorer cannot tell whether it is empty`);
  }
}

/**
 * The reference's find_isnan: `if np.isnan(value)` inside a bare try. Only a float NaN, alone or
 * nested in one-item lists, is true; strings, objects and arrays of several items make numpy raise.
 */
export function isNumpyNaN(value: PyValue): boolean {
  if (value.type === 'float') return Number.isNaN(value.value);
  if (value.type === 'list' && value.items.length === 1 && value.items[0]) return isNumpyNaN(value.items[0]);
  return false;
}

/** str(value) / repr(value) as Python writes them (str of a string is the string itself). */
export function pythonStr(value: PyValue): string {
  return value.type === 'str' ? value.value : pythonRepr(value);
}

function pythonRepr(value: PyValue): string {
  switch (value.type) {
    case 'str': return pythonStrRepr(value.value);
    case 'int': return value.value.toString();
    case 'float': return pythonFloatRepr(value.value);
    case 'bool': return value.value ? 'True' : 'False';
    case 'None': return 'None';
    case 'list': return `[${value.items.map(pythonRepr).join(', ')}]`;
    case 'tuple': return `(${value.items.map(pythonRepr).join(', ')})`;
    case 'dict': return `{${[...value.entries].map(([key, item]) => `${pythonStrRepr(key)}: ${pythonRepr(item)}`).join(', ')}}`;
  }
}

/** The JSON-like values a locator script returns to page.evaluate. */
export type EvaluateResult = null | undefined | boolean | number | string | EvaluateResult[] | { [key: string]: EvaluateResult };

/**
 * playwright-python's parse_value (WebArena's program_html does `str(page.evaluate(locator))`):
 * undefined becomes None; a number comes through the protocol's JSON, so one written without a
 * fraction or exponent (integral, below 1e21) arrives as int, the rest as float.
 */
export function fromEvaluateResult(value: EvaluateResult): PyValue {
  if (value === undefined || value === null) return { type: 'None' };
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 1e21 && !Object.is(value, -0) ? { type: 'int', value: BigInt(value) } : pyFloat(value);
  if (typeof value === 'boolean') return { type: 'bool', value };
  if (typeof value === 'string') return pyStr(value);
  if (Array.isArray(value)) return pyList(value.map(fromEvaluateResult));
  return { type: 'dict', entries: new Map(Object.entries(value).map(([k, item]) => [k, fromEvaluateResult(item)])) };
}
