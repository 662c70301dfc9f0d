import { pythonStrip } from '../python/str.ts';
import { isRegexp, normalizeText } from './normalize-text.ts';
import { currency, distance, number, text } from './quantities.ts';
import { date, duration, month } from './times.ts';

/** One of WebArena-Verified's value types (data_types/): how a raw value reads, and when two read alike. */
export interface ValueType {
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
  // A regular expression on either side is matched whole, case-insensitively; else equal, or
  // equal once quotes and punctuation at the ends are gone.
  equal(a, b) {
    const [as, bs] = [a as string[], b as string[]];
    const matches = (pattern: string, other: string) => {
      try {
        return new RegExp(`^(?:${pattern})$`, 'i').test(other);
      } catch {
        return false;
      }
    };
    if ([...as, ...bs].some(isRegexp)) return as.some((x) => bs.some((y) => (isRegexp(x) && matches(x, y)) || (isRegexp(y) && matches(y, x))));
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

/** The reference's TYPE_REGISTRY: a schema's `format` wins over its `type`. */
const REGISTRY: Record<string, ValueType> = { string, number, integer: number, boolean, currency, date, month, duration, distance, 'location-name': locationName };

export function typeOf(schema: { type?: string; format?: string } | undefined): ValueType {
  return (schema?.format !== undefined && REGISTRY[schema.format]) || (schema?.type !== undefined && REGISTRY[schema.type]) || string;
}

/** A raw value read as `type`: a list of two or more is alternatives; a list of one is refused, as the reference refuses it. */
export function normalizeAs(type: ValueType, raw: unknown): Normalized {
  const one = (value: unknown) => type.normalize(typeof value === 'string' ? normalizeText(value) : value);
  if (Array.isArray(raw)) {
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
