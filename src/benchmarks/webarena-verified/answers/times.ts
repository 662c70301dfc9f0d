import { pythonFloat } from '../../../python/float.ts';
import { text } from './quantities.ts';
import type { ValueType } from './types.ts';

// Dates, months and durations as WebArena-Verified reads them (data_types/date.py with
// dateutil, month.py, duration.py with pytimeparse2).

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** A month by its English name or an abbreviation of it (jan, sept): 1-12. */
const monthNamed = (word: string) => {
  const found = MONTHS.findIndex((m) => word.length >= 3 && m.startsWith(word));
  return found < 0 ? undefined : found + 1;
};

/**
 * dateutil.parser.parse for the dates answers hold: ISO (2022-03-02), M/D/Y (a first field
 * above 12 is the day: 16/01/2023), month names (March 2, 2022; Dec 04 2022; 2 March 2022),
 * ordinals (2nd). A missing part is today's, as dateutil's default.
 */
export function parseDate(value: string, today = new Date()): { year: number; month: number; day: number } {
  const tokens = value.replace(/,(?! )/g, ', ').toLowerCase().split(/[\s,/.-]+/).filter(Boolean).map((t) => t.replace(/^(\d+)(st|nd|rd|th)$/, '$1'));
  let month: number | undefined;
  const numbers: string[] = [];
  for (const token of tokens) {
    if (/^\d+$/.test(token)) numbers.push(token);
    else if (monthNamed(token) !== undefined && month === undefined) month = monthNamed(token);
    else throw new Error(`not a date: "${value}"`);
  }
  let year: number | undefined;
  let day: number | undefined;
  const yearAt = numbers.findIndex((n) => n.length === 4);
  if (yearAt >= 0) year = Number(numbers.splice(yearAt, 1)[0]);
  if (yearAt === 0 && month === undefined && numbers.length === 2) [month, day] = numbers.map(Number); // ISO
  else if (month === undefined && numbers.length >= 2) {
    const [a, b] = numbers.map(Number) as [number, number];
    [month, day] = a > 12 ? [b, a] : [a, b];
    if (numbers.length === 3) year = 2000 + (Number(numbers[2]) % 100);
  } else if (numbers.length === 1) day = Number(numbers[0]);
  else if (numbers.length > 1) throw new Error(`not a date: "${value}"`);
  const date = { year: year ?? today.getFullYear(), month: month ?? today.getMonth() + 1, day: day ?? today.getDate() };
  const check = new Date(Date.UTC(date.year, date.month - 1, date.day));
  if (check.getUTCMonth() !== date.month - 1 || check.getUTCDate() !== date.day) throw new Error(`not a date: "${value}"`);
  return date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export const date: ValueType = {
  normalize(raw) {
    if (!raw) throw new Error('an empty date');
    if (typeof raw !== 'string') throw new TypeError(`not a date: ${JSON.stringify(raw)}`);
    const { year, month, day } = parseDate(raw);
    return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
  },
  equal: (a, b) => a.some((x) => b.includes(x)),
};

export const month: ValueType = {
  normalize(raw) {
    const number = typeof raw === 'number' ? raw : /^\s*[+-]?\d+\s*$/.test(String(raw)) ? Number(raw) : undefined;
    if (number !== undefined) {
      if (!Number.isInteger(number) || number < 1 || number > 12) throw new Error(`not a month: ${raw}`);
      return MONTHS[number - 1]!.replace(/^./, (c) => c.toUpperCase());
    }
    const named = parseDate(text(raw), new Date(2000, 0, 1)).month;
    return MONTHS[named - 1]!.replace(/^./, (c) => c.toUpperCase());
  },
  equal: (a, b) => a.some((x) => b.includes(x)),
};

const UNIT_SECONDS: [RegExp, number][] = [
  [/^(y|yrs?|years?)$/, 31_536_000], [/^(mo|mos|months?)$/, 2_592_000], [/^(w|wks?|weeks?)$/, 604_800], [/^(d|dys?|days?)$/, 86_400],
  [/^(h|hrs?|hours?)$/, 3600], [/^(m|mins?|minutes?)$/, 60], [/^(s|secs?|seconds?)$/, 1], [/^(ms|millis|milliseconds?)$/, 0.001],
];

/** pytimeparse2's parse: units (1h 58min, 3 hours 20 minutes, 5h47m, 63 minutes) or clocks (4:13 is m:ss, 1:33:00 h:mm:ss); seconds. */
export function parseDuration(value: string): number {
  const clock = /^\s*([+-])?(?:(\d+):)?(\d+):(\d{2}(?:\.\d+)?)\s*$/.exec(value);
  if (clock) {
    const [, sign, hours, minutes, seconds] = clock;
    const total = Number(hours ?? 0) * 3600 + Number(minutes) * 60 + Number(seconds);
    return sign === '-' ? -total : total;
  }
  const parts = /^\s*([+-])?\s*((?:\d+(?:\.\d+)?\s*[a-z]+\s*[,/]?\s*)+)$/i.exec(value);
  if (!parts) throw new Error(`not a duration: "${value}"`);
  let total = 0;
  for (const [, amount, unit] of parts[2]!.matchAll(/(\d+(?:\.\d+)?)\s*([a-z]+)/gi)) {
    const seconds = UNIT_SECONDS.find(([pattern]) => pattern.test(unit!.toLowerCase()))?.[1];
    if (seconds === undefined) throw new Error(`not a duration: "${value}" (unit "${unit}")`);
    total += Number(amount) * seconds;
  }
  return parts[1] === '-' ? -total : total;
}

export const duration: ValueType = {
  normalize(raw) {
    if (!raw) throw new Error('an empty duration');
    const value = text(raw).replace(/(\d+):(\d+)\s*hours?/g, '$1h$2m');
    if (pythonFloat(value) !== undefined) throw new Error(`a duration needs its unit: "${value}"`);
    return parseDuration(value);
  },
  // Within 3 minutes, or a tenth of the longer.
  equal: (a, b) => a.some((x) => b.some((y) => Math.abs((x as number) - (y as number)) <= Math.max(180, 0.1 * Math.max(x as number, y as number)))),
};
