// WebArena's program_html does `str(page.evaluate(locator))` in Python. These reproduce what playwright-python
// hands back for a page.evaluate result and how Python's str() writes it.

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
  if (typeof value === 'number') return floatRepr(value);
  if (typeof value === 'string') return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  return `{${Object.entries(value).map(([k, v]) => `${stringRepr(k)}: ${pythonRepr(v)}`).join(', ')}}`;
}

/** repr(float): the shortest round-trip digits, positional for exponents -4..15, always with a fraction. */
function floatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const [mantissa = '', exponentText = ''] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  if (exponent < -4 || exponent >= 16) {
    const fraction = digits.length > 1 ? `.${digits.slice(1)}` : '';
    return `${sign}${digits[0]}${fraction}e${exponent < 0 ? '-' : '+'}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  return `${sign}${digits.slice(0, exponent + 1).padEnd(exponent + 1, '0')}.${digits.slice(exponent + 1) || '0'}`;
}

// Py_UNICODE_ISPRINTABLE is false for these general categories (the space itself excepted).
const NOT_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;
const SHORT_ESCAPES = new Map([['\t', '\\t'], ['\n', '\\n'], ['\r', '\\r']]);

/** repr(str): single quotes unless only single quotes occur; escapes for controls and unprintables. */
function stringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const hex = code.toString(16);
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (SHORT_ESCAPES.has(char)) out += SHORT_ESCAPES.get(char);
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex.padStart(2, '0')}`;
    else if (code < 0x7f || !NOT_PRINTABLE.test(char)) out += char;
    else if (code <= 0xff) out += `\\x${hex}`;
    else if (code <= 0xffff) out += `\\u${hex.padStart(4, '0')}`;
    else out += `\\U${hex.padStart(8, '0')}`;
  }
  return out + quote;
}
