import { Decimal } from 'decimal.js';
import { pythonFloat } from '../../../python/float.ts';
import { fromEvaluateResult, pythonStr, type EvaluateResult } from '../../../python/value.ts';
import type { ValueType } from './types.ts';

// Numbers, money and lengths as WebArena-Verified reads them (data_types/number.py,
// currency.py with price-parser 0.5, distance.py with pint).

/** Python's str() of a JSON value (a whole number as an int: JSON.parse keeps no 6.0). */
export const text = (raw: unknown) => (typeof raw === 'string' ? raw : pythonStr(fromEvaluateResult(raw as EvaluateResult)));

const SMALL = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const WORDS = new Map<string, number>([...SMALL.map((w, i) => [w, i] as const), ...TENS.map((w, i) => [w, 20 + 10 * i] as const), ['hundred', 100], ['thousand', 1e3], ['million', 1e6], ['billion', 1e9]]);

/** word2number 1.1's word_to_num: the number words of a text ("about six" is 6), none: an error. */
export function wordsToNumber(sentence: string): number {
  const words = sentence.replace(/-/g, ' ').toLowerCase();
  if (/^\d+$/.test(words)) return Number(words);
  const found = words.trim().split(/\s+/).filter((w) => WORDS.has(w) || w === 'point');
  if (!found.length) throw new Error(`no valid number words in "${sentence}"`);
  const point = found.indexOf('point');
  const [whole, fraction] = point < 0 ? [found, []] : [found.slice(0, point), found.slice(point + 1)];
  let total = 0;
  let current = 0;
  for (const word of whole) {
    const value = WORDS.get(word)!;
    if (value === 100) current = (current || 1) * 100;
    else if (value >= 1000) {
      total += (current || 1) * value;
      current = 0;
    } else current += value;
  }
  const digits = fraction.map((w) => WORDS.get(w)).filter((v): v is number => v !== undefined && v < 10).join('');
  return total + current + (digits ? Number(`0.${digits}`) : 0);
}

export const number: ValueType = {
  normalize(raw) {
    if (typeof raw === 'boolean') return raw ? 1 : 0;
    if (typeof raw === 'number') return raw;
    if (!raw) throw new Error(`not a number: ${JSON.stringify(raw)}`);
    return pythonFloat(text(raw).replace(/[, ]/g, '')) ?? wordsToNumber(text(raw));
  },
  equal: (a, b) => a.some((x) => b.some((y) => x === y)),
};

/** price-parser's Price.fromstring: the first number of the text, read with the decimal separator the text uses last. */
function priceOf(value: string): Decimal {
  const negative = value.startsWith('-');
  const unsigned = negative ? value.replace(/-/g, '') : value;
  const separator = unsigned.lastIndexOf('.') > unsigned.lastIndexOf(',') ? '.' : ',';
  const collapsed = unsigned.replace(/\s+/g, ' ').trim();
  const found = collapsed.toLowerCase() === 'free' ? '0' : /([.]?\d[\d\s.,']*)\s*?(?:[^%\d]|$)/.exec(collapsed)?.[1];
  if (found === undefined) throw new Error(`no amount in "${value}"`);
  let amount = found.trim().replace(/[,.]+$/, '').replace(/'/g, '');
  if ((amount.match(/\./g) ?? []).length !== 1) amount = amount.replace(/^[,.]+/, '');
  amount = amount.replace(/\s/g, '');
  amount = separator === '.' ? amount.replace(/,/g, '') : amount.replace(/\./g, '').replace(/,/g, '.');
  // The reference goes through a float: Decimal(str(float(amount))).
  const parsed = new Decimal(String(Number(amount)));
  return negative ? parsed.negated() : parsed;
}

const CURRENCY_TOLERANCE = new Decimal('0.1');

export const currency: ValueType = {
  normalize: (raw) => priceOf(text(raw)),
  // The reference compares the first alternative of each side only.
  equal: (a, b) => (a[0] as Decimal).minus(b[0] as Decimal).abs().lte(CURRENCY_TOLERANCE),
  report: (value) => (value as Decimal).toString(),
};

const METRES: Record<string, number> = {
  m: 1, meter: 1, meters: 1, metre: 1, metres: 1, km: 1000, kilometer: 1000, kilometers: 1000, kilometre: 1000, kilometres: 1000,
  cm: 0.01, centimeter: 0.01, centimeters: 0.01, mm: 0.001, millimeter: 0.001, millimeters: 0.001,
  mi: 1609.344, mile: 1609.344, miles: 1609.344, ft: 0.3048, foot: 0.3048, feet: 0.3048, yd: 0.9144, yard: 0.9144, yards: 0.9144, in: 0.0254, inch: 0.0254, inches: 0.0254,
};

export const distance: ValueType = {
  normalize(raw) {
    const value = text(raw).replace(/(\d+(?:\.\d+)?)\s*k(?=\s|$)/gi, '$1 km');
    if (pythonFloat(value) !== undefined) throw new Error(`a distance needs its unit: "${value}"`);
    const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]+)\s*$/i.exec(value);
    const factor = match ? METRES[match[2]!.toLowerCase()] : undefined;
    if (!match || factor === undefined) throw new Error(`not a distance: "${value}"`);
    return new Decimal(match[1]!).times(factor);
  },
  equal: (a, b) => a.some((x) => b.some((y) => {
    const [p, q] = [x as Decimal, y as Decimal];
    return p.minus(q).abs().lte(Decimal.max(10, Decimal.max(p, q).times('0.02')));
  })),
  report: (value) => (value as Decimal).toString(),
};
