import { pythonFloatRepr } from '../../python/float.ts';
import { pythonStrRepr } from '../../python/str-repr.ts';

/** repr() of what CDP's accessibility properties hold, as BrowserGym (Python) prints them. */
export function pythonRepr(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  if (value === null || value === undefined) return 'None';
  // CDP's JSON holds no int/float distinction: a whole number was most likely an int.
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : pythonFloatRepr(value);
  return pythonStrRepr(String(value));
}
