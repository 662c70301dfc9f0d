// Python's float(text) and repr(float), whose accepted inputs and written forms differ from Number() and String().
import { isPythonSpace } from './str.ts';

const DECIMAL_DIGIT = /^\p{Nd}$/u;

/** Unicode assigns decimal digits in runs of ten, 0 to 9, so a digit's value is its place in its run. */
function decimalDigitValue(codePoint: number): number | undefined {
  const isDigit = (c: number) => DECIMAL_DIGIT.test(String.fromCodePoint(c));
  if (!isDigit(codePoint)) return undefined;
  let first = codePoint;
  while (isDigit(first - 1)) first--;
  return (codePoint - first) % 10;
}

/**
 * float(text) before parsing: CPython turns Unicode spaces into ' ' and Unicode decimal digits into
 * ASCII ones, and gives up at any other non-ASCII character.
 */
function toAsciiNumberText(text: string): string | undefined {
  let ascii = '';
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint < 127) ascii += char;
    else if (isPythonSpace(char)) ascii += ' ';
    else {
      const digit = decimalDigitValue(codePoint);
      if (digit === undefined) return undefined;
      ascii += String(digit);
    }
  }
  return ascii;
}

const FLOAT_LITERAL = /^[+-]?(?:(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?|inf|infinity|nan)$/i;
// Underscores are allowed only between two digits (1_000).
const MISPLACED_UNDERSCORE = /(?<!\d)_|_(?!\d)/;

/** Python's float(text): the number, or undefined where Python raises ValueError. */
export function pythonFloat(text: string): number | undefined {
  const ascii = toAsciiNumberText(text);
  if (ascii === undefined || MISPLACED_UNDERSCORE.test(ascii)) return undefined;
  // After the transformation above only ASCII whitespace is stripped: '\x1c' stays and fails.
  const literal = ascii.replaceAll('_', '').replace(/^[ \t\n\v\f\r]+|[ \t\n\v\f\r]+$/g, '');
  if (!FLOAT_LITERAL.test(literal)) return undefined;
  const unsigned = literal.replace(/^[+-]/, '').toLowerCase();
  const sign = literal.startsWith('-') ? -1 : 1;
  if (unsigned === 'nan') return NaN;
  if (unsigned.startsWith('inf')) return sign * Infinity;
  return Number(literal);
}

/**
 * The digits of a finite value >= 0 that repr(float) writes, and the decimal exponent of the first: String()
 * gives the same shortest round-trip digits, closest to the value, as Python's repr; only the layout differs.
 */
function shortestDigits(value: number): { digits: string; exponent: number } {
  if (value === 0) return { digits: '0', exponent: 0 };
  const [mantissa = '', power = '0'] = String(value).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const allDigits = whole + fraction;
  const significant = allDigits.replace(/^0+/, '');
  const leadingZeros = allDigits.length - significant.length;
  return { digits: significant.replace(/0+$/, ''), exponent: whole.length - 1 - leadingZeros + Number(power) };
}

/** repr(float): the shortest round-trip digits, positional for exponents -4..15, always with a fraction. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const { digits, exponent } = shortestDigits(Math.abs(value));
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  return `${sign}${digits.slice(0, exponent + 1).padEnd(exponent + 1, '0')}.${digits.slice(exponent + 1) || '0'}`;
}
