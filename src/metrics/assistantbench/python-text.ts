// Python's str and float behaviour where it differs from JavaScript's.

/** The characters Python's str.split() and str.strip() treat as whitespace (str.isspace). */
const PYTHON_SPACE = '\\t\\n\\x0b\\x0c\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';
const SPACE_RUNS = new RegExp(`[${PYTHON_SPACE}]+`);
const EDGE_SPACE = new RegExp(`^[${PYTHON_SPACE}]+|[${PYTHON_SPACE}]+$`, 'g');
const PYTHON_SPACE_CHAR = new RegExp(`^[${PYTHON_SPACE}]$`);

/** str.split() without arguments. */
export function pythonSplit(text: string): string[] {
  return text.split(SPACE_RUNS).filter((word) => word !== '');
}

/** str.strip() without arguments. */
export function pythonStrip(text: string): string {
  return text.replace(EDGE_SPACE, '');
}

// Python (Unicode 14) counts these Han numerals as numeric although their category is Lo, not N.
const CJK_NUMERALS = [
  '\\u{3405}\\u{3483}\\u{382a}\\u{3b4d}\\u{4e00}\\u{4e03}\\u{4e07}\\u{4e09}\\u{4e5d}\\u{4e8c}\\u{4e94}\\u{4e96}\\u{4ebf}\\u{4ec0}',
  '\\u{4edf}\\u{4ee8}\\u{4f0d}\\u{4f70}\\u{5104}\\u{5146}\\u{5169}\\u{516b}\\u{516d}\\u{5341}\\u{5343}\\u{5344}\\u{5345}\\u{534c}',
  '\\u{53c1}\\u{53c2}\\u{53c3}\\u{53c4}\\u{56db}\\u{58f1}\\u{58f9}\\u{5e7a}\\u{5efe}\\u{5eff}\\u{5f0c}\\u{5f0d}\\u{5f0e}\\u{5f10}',
  '\\u{62fe}\\u{634c}\\u{67d2}\\u{6f06}\\u{7396}\\u{767e}\\u{8086}\\u{842c}\\u{8cae}\\u{8cb3}\\u{8d30}\\u{9621}\\u{9646}\\u{964c}',
  '\\u{9678}\\u{96f6}\\u{f96b}\\u{f973}\\u{f978}\\u{f9b2}\\u{f9d1}\\u{f9d3}\\u{f9fd}\\u{20001}\\u{20064}\\u{200e2}\\u{20121}\\u{2092a}',
  '\\u{20983}\\u{2098c}\\u{2099c}\\u{20aea}\\u{20afd}\\u{20b19}\\u{22390}\\u{22998}\\u{23b1b}\\u{2626d}\\u{2f890}',
].join('');
const NUMERIC = new RegExp(`^[\\p{N}${CJK_NUMERALS}]+$`, 'u');

/** str.isnumeric(). */
export function isPythonNumeric(text: string): boolean {
  return NUMERIC.test(text);
}

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
    else if (PYTHON_SPACE_CHAR.test(char)) ascii += ' ';
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

/** repr(float): shortest round-trip digits, exponent form below 1e-4 and from 1e16 on. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  // JavaScript's String() already gives the shortest closest digits; only the layout differs.
  const [mantissa = '', exponent = '0'] = String(Math.abs(value)).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  const allDigits = whole + fraction;
  const digits = allDigits.replace(/^0+/, '').replace(/0+$/, '');
  // The value is 0.<digits> x 10^point.
  const point = whole.length + Number(exponent) - (allDigits.length - allDigits.replace(/^0+/, '').length);
  if (point <= -4 || point > 16) {
    const power = point - 1;
    const mantissaText = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mantissaText}e${power < 0 ? '-' : '+'}${String(Math.abs(power)).padStart(2, '0')}`;
  }
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}.0`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}
