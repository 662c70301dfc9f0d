// A task file, template, CSV or manifest that is not UTF-8 is an error at its first bad byte.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { formatError } from '../src/task/errors.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { readManifest } from '../src/task/manifest.ts';
import { tempDir } from './helpers.ts';

const TASK = 'id: enc\ntitle: Encodings\nsplit: train\ntemplate: page.html\ninstances: { csv: rows.csv }\n';
const PAGE = '<p>${x}</p><input name="q">';
const ROWS = 'x,Answer.q\ncafé,a\n';
const BOM = '\uFEFF';

/** Loads a task folder of task.yaml, page.html and rows.csv, each given as text (written as UTF-8) or bytes. */
function errorsOf(files: { task?: string | Buffer; page?: string | Buffer; rows?: string | Buffer }): string[] {
  const dir = tempDir();
  writeFileSync(join(dir, 'task.yaml'), files.task ?? TASK);
  writeFileSync(join(dir, 'page.html'), files.page ?? PAGE);
  writeFileSync(join(dir, 'rows.csv'), files.rows ?? ROWS);
  return loadTaskFile(join(dir, 'task.yaml')).errors.map((e) => formatError(e, dir));
}

const latin1 = (text: string) => Buffer.from(text, 'latin1');
const utf16le = (text: string) => Buffer.from(BOM + text, 'utf16le');
const utf16be = (text: string) => utf16le(text).swap16();

test('UTF-8, with or without a BOM, is read as it is', () => {
  assert.deepEqual(errorsOf({}), []);
  assert.deepEqual(errorsOf({ task: BOM + TASK, page: BOM + PAGE, rows: BOM + ROWS }), []);
  const dir = tempDir();
  writeFileSync(join(dir, 'task.yaml'), TASK);
  writeFileSync(join(dir, 'page.html'), PAGE);
  writeFileSync(join(dir, 'rows.csv'), ROWS);
  assert.equal(loadTaskFile(join(dir, 'task.yaml')).task!.instances[0]!.values.x, 'café');
});

test('invalid UTF-8 is located at its first bad byte, in the task file, the template and the CSV', () => {
  assert.deepEqual(errorsOf({ rows: latin1(ROWS) }), ['rows.csv:2:4: not valid UTF-8 (byte 0xE9 at line 2, column 4); save the file as UTF-8']);
  assert.deepEqual(errorsOf({ page: latin1('<p>${x}</p>\n<b>Déjà</b><input name="q">') }), [
    'page.html:2:5: not valid UTF-8 (byte 0xE9 at line 2, column 5); save the file as UTF-8',
  ]);
  assert.deepEqual(errorsOf({ task: latin1(TASK.replace('Encodings', 'Café')) }), [
    'task.yaml:2:11: not valid UTF-8 (byte 0xE9 at line 2, column 11); save the file as UTF-8',
  ]);
  // Columns count characters, as in every other error; a UTF-8 BOM is not one of them.
  const bytes = Buffer.concat([Buffer.from(`${BOM}x,Answer.q\n日本`), Buffer.from([0xff]), Buffer.from(',a\n')]);
  assert.deepEqual(errorsOf({ rows: bytes }), ['rows.csv:2:3: not valid UTF-8 (byte 0xFF at line 2, column 3); save the file as UTF-8']);
  // A valid U+FFFD written in the file is text, not an error; an encoded surrogate is one.
  const surrogate = Buffer.concat([Buffer.from('x,Answer.q\n\uFFFD'), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(',a\n')]);
  assert.deepEqual(errorsOf({ rows: surrogate }), ['rows.csv:2:2: not valid UTF-8 (byte 0xED at line 2, column 2); save the file as UTF-8']);
  const truncated = Buffer.concat([Buffer.from('x,Answer.q\nab,a'), Buffer.from([0xe2, 0x82])]);
  assert.deepEqual(errorsOf({ rows: truncated }), ['rows.csv:2:5: not valid UTF-8 (byte 0xE2 at line 2, column 5); save the file as UTF-8']);
});

test('UTF-16 and UTF-32 are recognised by their byte order mark and named', () => {
  assert.deepEqual(errorsOf({ task: utf16le(TASK) }), ['task.yaml:1:1: the file is UTF-16; save it as UTF-8']);
  assert.deepEqual(errorsOf({ page: utf16be(PAGE) }), ['page.html:1:1: the file is UTF-16; save it as UTF-8']);
  const utf32le = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), Buffer.from(ROWS, 'utf16le')]);
  assert.deepEqual(errorsOf({ rows: utf32le }), ['rows.csv:1:1: the file is UTF-32; save it as UTF-8']);
  assert.deepEqual(errorsOf({ rows: Buffer.from([0, 0, 0xfe, 0xff, 0, 0, 0, 0x78]) }), ['rows.csv:1:1: the file is UTF-32; save it as UTF-8']);
});

test('a NUL byte is an error, also in UTF-16 without a byte order mark', () => {
  assert.deepEqual(errorsOf({ rows: 'x,Answer.q\nab\0c,a\n' }), [
    'rows.csv:2:3: the file contains a NUL byte (at line 2, column 3); save it as UTF-8 text (is it UTF-16?)',
  ]);
  assert.deepEqual(errorsOf({ task: Buffer.from(TASK, 'utf16le') }), [
    'task.yaml:1:2: the file contains a NUL byte (at line 1, column 2); save it as UTF-8 text (is it UTF-16?)',
  ]);
});

test('a manifest that is not UTF-8 is a located error', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tasks.yaml'), Buffer.concat([Buffer.from('name: Caf'), Buffer.from([0xe9]), Buffer.from('\ntasks: [tasks]\n')]));
  assert.deepEqual(readManifest(join(dir, 'tasks.yaml')).errors.map((e) => formatError(e, dir)), [
    'tasks.yaml:1:10: not valid UTF-8 (byte 0xE9 at line 1, column 10); save the file as UTF-8',
  ]);
  writeFileSync(join(dir, 'tasks.yaml'), utf16le('tasks: [tasks]\n'));
  assert.deepEqual(readManifest(join(dir, 'tasks.yaml')).errors.map((e) => formatError(e, dir)), ['tasks.yaml:1:1: the file is UTF-16; save it as UTF-8']);
});
