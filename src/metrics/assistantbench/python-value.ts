import { pythonFloatRepr } from '../python/float.ts';
import { pythonStrRepr } from '../python/str-repr.ts';
import { pythonStrLength } from '../python/str.ts';

// The scorer branches on Python types (int vs float, bool vs int, tuple vs list), so values keep them.

export type PyValue =
  | { type: 'str'; value: string }
  | { type: 'int'; value: bigint }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'None' }
  | { type: 'list'; items: PyValue[] }
  | { type: 'dict'; entries: Map<string, PyValue> }
  // Only ever built by the scorer's fix_number(...) returning (value, is_number) where a value was meant.
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
