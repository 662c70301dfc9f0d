// Python's str methods whose JavaScript counterparts differ: Python's whitespace set, code point lengths, isnumeric.
import { PY_SPACE } from './regex.ts';

const OUTER_SPACE = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, 'gu');
const TRAILING_SPACE = new RegExp(`${PY_SPACE}+$`, 'u');
const SPACE_RUN = new RegExp(`${PY_SPACE}+`, 'u');
const ALL_SPACE = new RegExp(`^${PY_SPACE}+$`, 'u');

/** str.strip() without arguments. */
export const pythonStrip = (text: string): string => text.replace(OUTER_SPACE, '');

/** str.rstrip() without arguments. */
export const pythonRstrip = (text: string): string => text.replace(TRAILING_SPACE, '');

/** str.split() without arguments: whitespace runs, no empty pieces. */
export const pythonSplit = (text: string): string[] => text.split(SPACE_RUN).filter((piece) => piece !== '');

/** str.isspace(): not empty, and whitespace only. */
export const isPythonSpace = (text: string): boolean => ALL_SPACE.test(text);

/** len(text): Python counts code points, JavaScript UTF-16 units. */
export const pythonStrLength = (text: string): number => [...text].length;

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
export const isPythonNumeric = (text: string): boolean => NUMERIC.test(text);
