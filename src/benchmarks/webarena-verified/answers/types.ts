import { pythonStrip } from '../../../python/str.ts';
import { isRegexp, normalizeText } from './normalize-text.ts';
import { text } from './quantities.ts';

/** One of WebArena-Verified's value types (data_types/): how a raw value reads, and when two read alike. */
export interface ValueType {
  /** What a text goes through before `normalize` (default: the text pipeline, normalizeText). */
  prepare?(text: string): string;
  /** A list that is one value, not alternatives (a [lat, lon] pair). */
  isOne?(raw: unknown): boolean;
  /** One alternative's normal form (a text has been through normalizeText); throws when the value is not of the type. */
  normalize(raw: unknown): unknown;
  /** Whether two values, each one or more alternatives, match. */
  equal(a: unknown[], b: unknown[]): boolean;
  /** How a normal form is written in a report (default: as it is). */
  report?(value: unknown): unknown;
}

/** A value read as its type: its alternatives' normal forms (a list of two or more in the data means "any of these"). */
export interface Normalized {
  type: ValueType;
  alternatives: unknown[];
}

const EDGE = /^['"`.,;:!?]+|['"`.,;:!?]+$/g;

export const string: ValueType = {
  normalize(raw) {
    if (typeof raw === 'string') return isRegexp(raw) ? pythonStrip(raw) : pythonStrip(raw.toLowerCase());
    return raw ? pythonStrip(text(raw).toLowerCase()) : '';
  },
  // A regular expression on either side is matched whole, case-insensitively; then equal (a
  // regex written as the other's text too), or equal once quotes and punctuation at the ends are gone.
  equal(a, b) {
    const [as, bs] = [a as string[], b as string[]];
    const matches = (pattern: string, other: string) => {
      try {
        return new RegExp(`^(?:${pattern})$`, 'i').test(other);
      } catch {
        return false;
      }
    };
    if (as.some((x) => bs.some((y) => (isRegexp(x) && matches(x, y)) || (isRegexp(y) && matches(y, x))))) return true;
    return as.some((x) => bs.includes(x)) || as.some((x) => bs.some((y) => x.replace(EDGE, '') === y.replace(EDGE, '')));
  },
};

/** thefuzz's token_sort_ratio: words sorted, then the Indel similarity in percent (written here: a few lines, not a library). */
export function tokenSortRatio(a: string, b: string): number {
  const sorted = (s: string) => s.replace(/[^A-Za-z0-9]+/g, ' ').toLowerCase().trim().split(/\s+/).filter(Boolean).sort().join(' ');
  const [x, y] = [sorted(a), sorted(b)];
  if (!x.length || !y.length) return 0;
  let previous = new Array<number>(y.length + 1).fill(0);
  for (const cx of x) {
    const row = [0];
    for (let j = 1; j <= y.length; j++) row[j] = cx === y[j - 1] ? previous[j - 1]! + 1 : Math.max(previous[j]!, row[j - 1]!);
    previous = row;
  }
  return (200 * previous[y.length]!) / (x.length + y.length);
}

export const locationName: ValueType = {
  normalize(raw) {
    if (raw === null || raw === undefined) throw new Error('no location name');
    return pythonStrip(text(raw).toLowerCase());
  },
  // thefuzz rounds the ratio half to even before comparing it with 80.
  equal: (a, b) => a.some((x) => b.some((y) => (!x || !y ? x === y : tokenSortRatio(x as string, y as string) >= 79.5))),
};

const TRUE = ['true', 'yes', 'y', '1', 't', 'on'];
const FALSE = ['false', 'no', 'n', '0', 'f', 'off'];

export const boolean: ValueType = {
  normalize(raw) {
    if (typeof raw === 'boolean') return raw;
    if (typeof raw === 'number') return raw !== 0;
    const word = pythonStrip(String(raw)).toLowerCase();
    if (TRUE.includes(word)) return true;
    if (FALSE.includes(word)) return false;
    throw new Error(`not a boolean: "${raw}"`);
  },
  equal: (a, b) => a.some((x) => b.includes(x)),
};

/** The part of a JSON Schema the reference reads: a value's type and format, an array's items, an object's properties. */
export interface Schema {
  type?: string;
  format?: string;
  items?: Schema;
  properties?: Record<string, Schema>;
}

/**
 * A raw value read as `type`: a list of two or more is alternatives; a list of one is refused,
 * as the reference refuses it. `derender`: the run's site URLs back to their placeholders, in
 * texts with "http" that go through the text pipeline (the reference's step 0).
 */
export function normalizeAs(type: ValueType, raw: unknown, derender?: (text: string) => string): Normalized {
  const prepare = type.prepare ?? ((text: string) => normalizeText(derender && text.includes('http') && !isRegexp(text) ? derender(text) : text));
  const one = (value: unknown) => type.normalize(typeof value === 'string' ? prepare(value) : value);
  if (Array.isArray(raw) && !type.isOne?.(raw)) {
    if (raw.length < 2) throw new Error('alternatives require 2 or more items');
    return { type, alternatives: raw.map(one) };
  }
  return { type, alternatives: [one(raw)] };
}

export const isNormalized = (value: unknown): value is Normalized => typeof value === 'object' && value !== null && 'alternatives' in value && 'type' in value;

/** The reference's NormalizedType equality: same type, then the type's own rule. */
export const sameValue = (a: Normalized, b: Normalized) => a.type === b.type && a.type.equal(a.alternatives, b.alternatives);

/** A normalised value as a report shows it: one normal form, or the list of alternatives. */
export function reportOf(value: Normalized): unknown {
  const shown = value.alternatives.map((v) => value.type.report?.(v) ?? v);
  return shown.length === 1 ? shown[0] : shown;
}

/**
 * Python's == as the reference's comparator meets it: a normalised value equals one of its own
 * type by the type's rule, and a text by reading it as a string; raw values as Python compares
 * them (1 == 1.0 == True, lists in order, dicts by keys).
 */
export function valuesEqual(e: unknown, a: unknown): boolean {
  if (isNormalized(e) && isNormalized(a)) return sameValue(e, a);
  if (isNormalized(e) || isNormalized(a)) {
    const [typed, other] = isNormalized(e) ? [e, a] : [a as Normalized, e];
    if (typed.type !== string || typeof other !== 'string') return false;
    try {
      return sameValue(typed, normalizeAs(string, other));
    } catch {
      return false;
    }
  }
  const scalar = (v: unknown) => typeof v === 'number' || typeof v === 'boolean';
  if (scalar(e) && scalar(a)) return Number(e) === Number(a);
  if (Array.isArray(e) || Array.isArray(a)) return Array.isArray(e) && Array.isArray(a) && e.length === a.length && e.every((x, i) => valuesEqual(x, a[i]));
  if (typeof e === 'object' && e !== null && typeof a === 'object' && a !== null) {
    const [ek, ak] = [Object.keys(e), Object.keys(a)];
    return ek.length === ak.length && ek.every((k) => k in a && valuesEqual((e as Record<string, unknown>)[k], (a as Record<string, unknown>)[k]));
  }
  return e === a || (e == null && a == null);
}
