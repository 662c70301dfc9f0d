import { closeSync, openSync, readSync } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

/**
 * A text file's complete lines (each ended by a new line), read a megabyte at a time: a file of
 * hundreds of megabytes is never one string. What follows the last new line is left out: empty,
 * or a line a crash cut short.
 */
export function* completeLines(file: string): Generator<string> {
  const fd = openSync(file, 'r');
  try {
    // Keeps a character whose bytes two reads split.
    const decoder = new StringDecoder('utf8');
    const buffer = Buffer.alloc(2 ** 20);
    let rest = '';
    for (let read; (read = readSync(fd, buffer, 0, buffer.length, null)) > 0; ) {
      const lines = (rest + decoder.write(buffer.subarray(0, read))).split('\n');
      rest = lines.pop()!;
      yield* lines;
    }
  } finally {
    closeSync(fd);
  }
}
