import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { completeLines } from '../src/file-lines.ts';
import { tempDir } from './helpers.ts';

test('a file read in pieces: a character whose bytes two reads split stays whole; what follows the last new line is left out', () => {
  const file = join(tempDir(), 'lines.jsonl');
  // "é" is two bytes: its first is the last byte of the first megabyte read.
  const long = `${'a'.repeat(2 ** 20 - 1)}é`;
  writeFileSync(file, `${long}\n\nshort ✓\ncut sho`);
  assert.deepEqual([...completeLines(file)], [long, '', 'short ✓']);
  writeFileSync(file, '');
  assert.deepEqual([...completeLines(file)], []);
});
