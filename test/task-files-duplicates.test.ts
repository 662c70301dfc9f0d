// A task id used by two files fails both, naming the other; one file reached through links is one task.
import assert from 'node:assert/strict';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { formatError } from '../src/task/errors.ts';
import { taskFiles, resolveManifest } from '../src/task/manifest.ts';
import { tempDir } from './helpers.ts';

const task = (id: string) => `id: ${id}\ntitle: ${id}\nsplit: train\nhtml: <input name="q">\ninstances:\n  - gold: { q: [a] }\n`;

function folder(files: Record<string, string>): string {
  const dir = tempDir();
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

const errorLines = (dir: string) => loadBenchmark(dir, { cache: false }).tasks.flatMap((t) => t.errors.map((e) => formatError(e, dir)));

test('a task id used twice fails both files, each naming the other', () => {
  // A BOM is not a column of the error.
  const dir = folder({ 'a/original.yaml': task('same'), 'b/copy.yaml': task('same'), 'c/third.yaml': `\uFEFF${task('same')}`, 'other.yaml': task('other') });
  assert.deepEqual(errorLines(dir), [
    'a/original.yaml:1:5: id: duplicate task id "same" (also in ../b/copy.yaml, ../c/third.yaml)',
    'b/copy.yaml:1:5: id: duplicate task id "same" (also in ../a/original.yaml, ../c/third.yaml)',
    'c/third.yaml:1:5: id: duplicate task id "same" (also in ../a/original.yaml, ../b/copy.yaml)',
  ]);
  const benchmark = loadBenchmark(dir, { cache: false });
  assert.deepEqual(benchmark.tasks.map((t) => [t.id, t.instances.length]), [['same', 0], ['same', 0], ['same', 0], ['other', 1]]);
});

test('one file reached through links is one task, listed by its own path', () => {
  const dir = folder({ 'tasks/one.yaml': task('one') });
  symlinkSync('one.yaml', join(dir, 'tasks', 'a-link.yaml'));
  symlinkSync('.', join(dir, 'tasks', 'loop'));
  assert.deepEqual(taskFiles(resolveManifest(dir).manifest).map((f) => f.file), [join(dir, 'tasks', 'one.yaml')]);
  assert.deepEqual(errorLines(dir), []);
});

test('links that loop into each other neither hang nor repeat a task', () => {
  const dir = folder({ 'a/one.yaml': task('one'), 'b/two.yaml': task('two') });
  symlinkSync('../b', join(dir, 'a', 'to-b'));
  symlinkSync('../a', join(dir, 'b', 'to-a'));
  symlinkSync('..', join(dir, 'a', 'up'));
  const benchmark = loadBenchmark(dir, { cache: false });
  assert.deepEqual(benchmark.tasks.map((t) => [t.file.slice(dir.length + 1), t.id, t.errors]), [['a/one.yaml', 'one', []], ['b/two.yaml', 'two', []]]);
});
