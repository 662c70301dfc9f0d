import { closeSync, openSync, readSync } from 'node:fs';

/**
 * A file's complete lines (each ended by a new line) as bytes, with where each starts, read four
 * megabytes at a time: a file of hundreds of megabytes is never one string. What follows the
 * last new line is left out: empty, or a line a crash cut short.
 */
export function* completeLineBytes(file: string): Generator<{ bytes: Buffer; offset: number }> {
  const fd = openSync(file, 'r');
  try {
    const block = Buffer.alloc(1 << 22);
    let carry = Buffer.alloc(0);
    let carryAt = 0;
    for (let read: number; (read = readSync(fd, block, 0, block.length, null)) > 0; ) {
      const bytes = Buffer.concat([carry, block.subarray(0, read)]);
      let start = 0;
      for (let nl = bytes.indexOf(10); nl !== -1; start = nl + 1, nl = bytes.indexOf(10, start)) yield { bytes: bytes.subarray(start, nl), offset: carryAt + start };
      carry = Buffer.from(bytes.subarray(start));
      carryAt += start;
    }
  } finally {
    closeSync(fd);
  }
}

/** completeLineBytes as text: a new line's byte is never part of another UTF-8 character, so each line decodes whole. */
export function* completeLines(file: string): Generator<string> {
  for (const { bytes } of completeLineBytes(file)) yield bytes.toString('utf8');
}
