// The original harness's normalisations (TurkingBench src/evaluation_class.py).

const PYTHON_FLOAT = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** Python's try_numeric: a value that parses as a number is written canonically ("1.0" -> "1"). */
export function normalizeNumber(value: string): string {
  const text = value.trim();
  if (!PYTHON_FLOAT.test(text)) return value;
  const number = Number(text);
  if (!Number.isFinite(number)) return value;
  if (Number.isInteger(number)) return BigInt(number).toString();
  // Python prints exponents with at least two digits: 1.5e-07, JavaScript 1.5e-7.
  return String(number).replace(/e([+-])(\d)$/, 'e$10$2');
}

const PUNCTUATION = /[!"#$%&'()*+,\-./:;<=>?@[\\\]^_`{|}~]/g;

/** SQuAD's normalize_answer without article removal: lower-case, drop ASCII punctuation, collapse spaces. */
export function normalizeAnswer(value: string): string {
  return value.toLowerCase().replace(PUNCTUATION, '').split(/\s+/).filter((w) => w !== '').join(' ');
}

/**
 * The cells the original harness reads as empty: what pandas' read_csv (pandas 1.5.3, its
 * pinned version) takes for NaN by default, and the empty objects some exports wrote. An
 * annotator's "N/A" is an empty answer there, so here; "None" is text (pandas 2 reads it as NaN).
 */
const EMPTY_CELLS = new Set(['', 'nan', '{}', "'{}'", '#N/A', '#N/A N/A', '#NA', '-1.#IND', '-1.#QNAN', '-NaN', '-nan', '1.#IND', '1.#QNAN', '<NA>', 'N/A', 'NA', 'NULL', 'NaN', 'n/a', 'null']);

export function isEmptyAnswer(value: string): boolean {
  return EMPTY_CELLS.has(value);
}
