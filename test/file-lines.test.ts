import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { completeLineBytes, completeLines } from '../src/file-lines.ts';
import { tempDir } from './helpers.ts';

test('a file read in pieces: a character whose bytes two reads split stays whole; what follows the last new line is left out', () => {
  const file = join(tempDir(), 'lines.jsonl');
  // "é" is two bytes: its first is the last byte of the first block read (4 MiB).
  const long = `${'a'.repeat(2 ** 22 - 1)}é`;
  writeFileSync(file, `${long}\n\nshort ✓\ncut sho`);
  assert.deepEqual([...completeLines(file)], [long, '', 'short ✓']);
  // Where each line starts, in bytes: what the viewer seeks to.
  assert.deepEqual([...completeLineBytes(file)].map((l) => [l.offset, l.bytes.length]), [[0, 2 ** 22 + 1], [2 ** 22 + 2, 0], [2 ** 22 + 3, 9]]);
  writeFileSync(file, '');
  assert.deepEqual([...completeLines(file)], []);
});
