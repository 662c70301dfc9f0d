import { positionOf } from './errors.ts';
import type { TaskError } from './types.ts';

// fatal: a byte that is not UTF-8 is an error, not a silent U+FFFD ("café" read as "caf\uFFFD").
// A UTF-8 byte order mark is dropped (ignoreBOM is false).
const strict = new TextDecoder('utf-8', { fatal: true });
const lenient = new TextDecoder('utf-8');

/** Byte order marks of the encodings a text editor may save in instead (UTF-32 first: FF FE 00 00 starts with FF FE). */
const OTHER_BOMS: [number[], string][] = [
  [[0xff, 0xfe, 0x00, 0x00], 'UTF-32'],
  [[0x00, 0x00, 0xfe, 0xff], 'UTF-32'],
  [[0xff, 0xfe], 'UTF-16'],
  [[0xfe, 0xff], 'UTF-16'],
];
const UTF8_BOM = [0xef, 0xbb, 0xbf];

/**
 * The text of a task's file (task file, template, CSV, manifest), which must be UTF-8 (a BOM
 * is fine); else an error at the first byte that is not, and undefined.
 */
export function decodeUtf8(file: string, bytes: Uint8Array, errors: TaskError[]): string | undefined {
  const error = (at: { line: number; col: number }, message: string) => {
    errors.push({ file, ...at, path: '', message });
    return undefined;
  };
  const other = OTHER_BOMS.find(([bom]) => startsWith(bytes, bom));
  if (other) return error({ line: 1, col: 1 }, `the file is ${other[1]}; save it as UTF-8`);
  let text: string;
  try {
    text = strict.decode(bytes);
  } catch {
    const bad = firstInvalidByte(bytes);
    const byte = `0x${bytes[bad.offset]!.toString(16).toUpperCase().padStart(2, '0')}`;
    return error(bad, `not valid UTF-8 (byte ${byte} at line ${bad.line}, column ${bad.col}); save the file as UTF-8`);
  }
  const nul = text.indexOf('\0');
  if (nul === -1) return text;
  const at = positionOf(text, nul);
  return error(at, `the file contains a NUL byte (at line ${at.line}, column ${at.col}); save it as UTF-8 text (is it UTF-16?)`);
}

/**
 * Where the first byte that is not UTF-8 is: the first U+FFFD of a lenient decoding that the
 * file does not hold as the three bytes EF BF BD (the decoder validates, this only locates).
 */
function firstInvalidByte(bytes: Uint8Array): { offset: number; line: number; col: number } {
  const text = lenient.decode(bytes);
  let offset = startsWith(bytes, UTF8_BOM) ? UTF8_BOM.length : 0;
  let counted = 0;
  for (let i = text.indexOf('\uFFFD'); i !== -1; i = text.indexOf('\uFFFD', i + 1)) {
    offset += Buffer.byteLength(text.slice(counted, i));
    counted = i;
    if (!startsWith(bytes.subarray(offset), [0xef, 0xbf, 0xbd])) return { offset, ...positionOf(text, i) };
  }
  throw new Error('the UTF-8 decoder refused bytes it decodes leniently without a replacement');
}

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}
