import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { SETTINGS } from '../src/settings/table.ts';
import { ROOT } from './helpers.ts';

// docs/configuration.md against the code: every variable benchwright reads is there, none is
// there that nothing reads, and its table of options is the settings table the parser reads.

const REFERENCE = readFileSync(join(ROOT, 'docs', 'configuration.md'), 'utf8');
const VARIABLE = /\bBENCHWRIGHT_[A-Z][A-Z0-9_]*[A-Z0-9]\b/g;
/** What ships or runs as benchwright: its code (not its tests, benchmark scripts or fixtures). */
const CODE = ['src', 'config', 'fixtures', 'agents', 'reporters', 'specs', 'bin', 'examples', 'plugin.ts', 'index.ts', 'playwright.config.ts'];

function codeFiles(path: string): string[] {
  const full = join(ROOT, path);
  if (/\.(ts|js|py)$/.test(path)) return [full];
  return readdirSync(full, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|js|py)$/.test(e.name) && !e.parentPath.includes('node_modules') && !e.parentPath.includes(`${join('specs', 'harness')}`))
    .map((e) => join(e.parentPath, e.name));
}

const namesIn = (text: string) => new Set(text.match(VARIABLE) ?? []);

test('every BENCHWRIGHT_ variable the code reads is in docs/configuration.md, and none there that nothing reads', () => {
  const read = new Set(CODE.flatMap(codeFiles).flatMap((file) => [...namesIn(readFileSync(file, 'utf8'))]));
  const documented = namesIn(REFERENCE);
  assert.deepEqual([...read].filter((name) => !documented.has(name)).sort(), [], 'read by the code, missing from the reference');
  assert.deepEqual([...documented].filter((name) => !read.has(name)).sort(), [], 'in the reference, read by nothing');
});

test("the reference's table of options is the settings table: each option beside its variable", () => {
  const rows = REFERENCE.split('\n').filter((line) => /^\| `\w+` \| `BENCHWRIGHT_/.test(line)).map((line) => line.split('|').slice(1, 3).map((cell) => cell.trim().replaceAll('`', '')));
  assert.deepEqual(rows, Object.entries(SETTINGS).map(([option, setting]) => [option, setting.variable]));
});
