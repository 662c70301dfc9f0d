// WebArena's program_html does `str(page.evaluate(locator))` in Python. These reproduce what playwright-python
// hands back for a page.evaluate result and how Python's str() writes it.
import { pythonFloatRepr } from '../python/float.ts';
import { pythonStrRepr } from '../python/str-repr.ts';

/** A value as Python holds it: bigint stands for int, number for float, arrays for lists, objects for dicts. */
export type PythonValue = null | boolean | bigint | number | string | PythonValue[] | { [key: string]: PythonValue };

/** The JSON-like values a locator script returns to page.evaluate. */
export type EvaluateResult = null | undefined | boolean | number | string | EvaluateResult[] | { [key: string]: EvaluateResult };

/**
 * playwright-python's parse_value: undefined becomes None; a number comes through the protocol's JSON, so one
 * written without a fraction or exponent (integral, below 1e21) arrives as int, the rest as float.
 */
export function fromEvaluateResult(value: EvaluateResult): PythonValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isInteger(value) && Math.abs(value) < 1e21 && !Object.is(value, -0) ? BigInt(value) : value;
  if (Array.isArray(value)) return value.map(fromEvaluateResult);
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromEvaluateResult(v)]));
  return value;
}

/** Python's str(value): a str as it is, anything else as its repr. */
export const pythonStr = (value: PythonValue): string => (typeof value === 'string' ? value : pythonRepr(value));

function pythonRepr(value: PythonValue): string {
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number') return pythonFloatRepr(value);
  if (typeof value === 'string') return pythonStrRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${pythonStrRepr(k)}: ${pythonRepr(v)}`).join(', ')}}`;
}
