// AssistantBench's number handling: fix_number (two variants) and the log-ratio score of evaluate_numbers.py.

import { pythonFloat } from '../../../python/float.ts';
import { pythonStrip } from '../../../python/str.ts';
import { describe, pyFloat, UnscorableInput, type PyValue } from '../../../python/value.ts';

/** Currency, percent and area units are dropped and a comma is read as a decimal point ("1,5" is 1.5). */
function numberText(text: string): string {
  return pythonStrip(text.replaceAll('$', ' ').replaceAll('%', ' ').replaceAll('sqft', ' ')).replaceAll(',', '.');
}

/** float(int): Python raises where the integer is beyond the float range. */
function intToFloat(value: bigint): number {
  const float = Number(value);
  if (!Number.isFinite(float)) throw new UnscorableInput(`the integer ${value} is too large to convert to a float`);
  return float;
}

/** The evaluator's fix_number: a text that reads as a number (after the clean-up) or an int becomes a float. */
export function fixNumber(value: PyValue): { value: PyValue; isNumber: boolean } {
  if (value.type === 'int') return { value: pyFloat(intToFloat(value.value)), isNumber: true };
  if (value.type !== 'str') return { value, isNumber: true };
  const number = pythonFloat(numberText(value.value).replaceAll(' square kilometers', ''));
  return number === undefined ? { value, isNumber: false } : { value: pyFloat(number), isNumber: true };
}

/** evaluate_dicts' fix_number, which does not strip " square kilometers". */
export function fixDictNumber(value: PyValue): PyValue {
  if (value.type === 'int') return pyFloat(intToFloat(value.value));
  if (value.type !== 'str') return value;
  const number = pythonFloat(numberText(value.value));
  return number === undefined ? value : pyFloat(number);
}

/**
 * 1 - ln(larger / smaller), floored at 0; a zero is taken as 1e-4. Python's max(0, x) returns 0 for
 * NaN, and two negative numbers score above 1 (-2 against -4 gives 1 + ln 2).
 */
export function logDistanceScore(prediction: number, gold: number): number {
  if (prediction === 0 && gold === 0) return 1;
  const p = prediction === 0 ? 1e-4 : prediction;
  const g = gold === 0 ? 1e-4 : gold;
  const score = 1 - Math.log(p > g ? p / g : g / p);
  return score > 0 ? score : 0;
}

/** evaluate_numbers: a text that is not a number scores 0; a list, pair or object cannot be read at all. */
export function evaluateNumbers(prediction: PyValue, gold: number): number {
  switch (prediction.type) {
    case 'float': return logDistanceScore(prediction.value, gold);
    case 'str': {
      const number = pythonFloat(prediction.value);
      return number === undefined ? 0 : logDistanceScore(number, gold);
    }
    default: throw new UnscorableInput(`the prediction became ${describe(prediction)}, which the number scorer cannot read as a number`);
  }
}
