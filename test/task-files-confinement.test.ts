// Task sets come from strangers: every file a task is read from stays inside its folder.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { formatError } from '../src/task/errors.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { cacheStats } from '../src/task/task-index.ts';
import { tempDir } from './helpers.ts';

const PAGE = '<p>${x}</p><input name="q">';
const ROWS = 'x,Answer.q\n1,a\n';
const taskYaml = (id: string, template: string, csv: string) =>
  `id: ${id}\ntitle: ${id}\nsplit: train\ntemplate: ${template}\ninstances: { csv: ${csv} }\n`;

/** Writes files (parents created) under a root; returns the root. */
function write(root: string, files: Record<string, string>): string {
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), content);
  }
  return root;
}

const errorsOf = (file: string, base: string) => loadTaskFile(file).errors.map((e) => formatError(e, base));

test('an absolute path in a task file is refused at its value, and the file is never read', () => {
  const dir = write(tempDir(), { 'rows.csv': ROWS, 'page.html': PAGE });
  write(dir, {
    'passwd.yaml': taskYaml('passwd', '/etc/passwd', 'rows.csv'),
    'environ.yaml': taskYaml('environ', '/proc/self/environ', 'rows.csv'),
    'csv.yaml': taskYaml('csv', 'page.html', '/etc/passwd'),
  });
  const inside = 'a path in a task file must stay inside the task\'s folder (write it relative to this file)';
  assert.deepEqual(errorsOf(join(dir, 'passwd.yaml'), dir), [`passwd.yaml:4:11: template: "/etc/passwd" is an absolute path; ${inside}`]);
  assert.deepEqual(errorsOf(join(dir, 'environ.yaml'), dir), [`environ.yaml:4:11: template: "/proc/self/environ" is an absolute path; ${inside}`]);
  const csv = loadTaskFile(join(dir, 'csv.yaml'));
  assert.deepEqual(csv.errors.map((e) => formatError(e, dir)), [`csv.yaml:5:19: instances.csv: "/etc/passwd" is an absolute path; ${inside}`]);
  assert.equal(csv.task, undefined);
  assert.ok(!Object.keys(csv.sources).includes('/etc/passwd'), 'the file was not read');
});

test('a path that leads out of the folder with .. is refused, one that stays inside is fine', () => {
  const root = write(tempDir(), { 'elsewhere/page.html': PAGE, 'elsewhere/rows.csv': ROWS, 'task/sub/page.html': PAGE, 'task/rows.csv': ROWS });
  const dir = join(root, 'task');
  write(dir, {
    'page.yaml': taskYaml('page', '../elsewhere/page.html', 'rows.csv'),
    'csv.yaml': taskYaml('csv', 'sub/page.html', 'sub/../../elsewhere/rows.csv'),
    'in.yaml': taskYaml('in', 'sub/../sub/page.html', './rows.csv'),
  });
  const out = 'leads out of this file\'s folder; a path in a task file must stay inside the task\'s folder (write it relative to this file)';
  assert.deepEqual(errorsOf(join(dir, 'page.yaml'), dir), [`page.yaml:4:11: template: "../elsewhere/page.html" ${out}`]);
  assert.deepEqual(errorsOf(join(dir, 'csv.yaml'), dir), [`csv.yaml:5:19: instances.csv: "sub/../../elsewhere/rows.csv" ${out}`]);
  assert.deepEqual(errorsOf(join(dir, 'in.yaml'), dir), []);
});

test('links are followed to their real path: one inside the folder is fine, one leading outside is refused', () => {
  const root = write(tempDir(), { 'secret.html': PAGE, 'secret.csv': ROWS, 'task/real.html': PAGE, 'task/rows.csv': ROWS });
  const dir = join(root, 'task');
  symlinkSync(join(dir, 'real.html'), join(dir, 'inside.html'));
  symlinkSync(join(root, 'secret.html'), join(dir, 'outside.html'));
  symlinkSync('../secret.csv', join(dir, 'outside.csv'));
  symlinkSync('/etc', join(dir, 'etc'));
  write(dir, {
    'inside.yaml': taskYaml('inside', 'inside.html', 'rows.csv'),
    'outside.yaml': taskYaml('outside', 'outside.html', 'rows.csv'),
    'outside-csv.yaml': taskYaml('outside-csv', 'real.html', 'outside.csv'),
    'etc.yaml': taskYaml('etc', 'etc/passwd', 'rows.csv'),
  });
  assert.deepEqual(errorsOf(join(dir, 'inside.yaml'), dir), []);
  const link = 'is a link to a file outside this file\'s folder; a path in a task file must stay inside the task\'s folder (write it relative to this file)';
  assert.deepEqual(errorsOf(join(dir, 'outside.yaml'), dir), [`outside.yaml:4:11: template: "outside.html" ${link}`]);
  assert.deepEqual(errorsOf(join(dir, 'outside-csv.yaml'), dir), [`outside-csv.yaml:5:19: instances.csv: "outside.csv" ${link}`]);
  assert.deepEqual(errorsOf(join(dir, 'etc.yaml'), dir), [`etc.yaml:4:11: template: "etc/passwd" ${link}`]);
});

test('a task folder reached through a link is judged by its real path', () => {
  const root = write(tempDir(), { 'real/task.yaml': taskYaml('linked', 'page.html', 'rows.csv'), 'real/page.html': PAGE, 'real/rows.csv': ROWS });
  symlinkSync(join(root, 'real'), join(root, 'link'));
  assert.deepEqual(loadTaskFile(join(root, 'link', 'task.yaml')).errors, []);
});

test('the index cache sees a link change target, even to a file with the same content', () => {
  const root = tempDir();
  process.env.BENCHWRIGHT_CACHE_DIR = join(root, 'cache');
  try {
    const dir = write(root, { 'task/task.yaml': taskYaml('relinked', 'page.html', 'rows.csv'), 'task/rows.csv': ROWS, 'task/real.html': PAGE, 'copy.html': PAGE });
    const file = join(dir, 'task', 'task.yaml');
    const link = join(dir, 'task', 'page.html');
    const relink = (target: string) => {
      rmSync(link, { force: true });
      symlinkSync(target, link);
    };
    const start = { ...cacheStats };
    relink(join(dir, 'task', 'real.html'));
    assert.deepEqual(loadBenchmark(file).tasks[0]!.errors, []);
    relink(join(dir, 'copy.html'));
    assert.equal(loadBenchmark(file).tasks[0]!.errors.length, 1, 'same bytes, but outside the folder now');
    assert.equal(loadBenchmark(file).tasks[0]!.errors.length, 1, 'the refusal is cached');
    relink(join(dir, 'task', 'real.html'));
    assert.deepEqual(loadBenchmark(file).tasks[0]!.errors, []);
    assert.deepEqual([cacheStats.misses - start.misses, cacheStats.hits - start.hits], [3, 1]);
  } finally {
    delete process.env.BENCHWRIGHT_CACHE_DIR;
  }
});

test('a manifest may name folders outside its own; links inside a listed folder may not lead out of it', () => {
  const root = write(tempDir(), {
    'tb/one/task.yaml': taskYaml('one', 'page.html', 'rows.csv'),
    'tb/one/page.html': PAGE,
    'tb/one/rows.csv': ROWS,
    'elsewhere/task.yaml': taskYaml('elsewhere', 'page.html', 'rows.csv'),
    'elsewhere/page.html': PAGE,
    'elsewhere/rows.csv': ROWS,
    'mine/tasks.yaml': "tasks: ['../tb', '../tb/*/task.yaml']\n",
  });
  const listed = loadBenchmark(join(root, 'mine'), { cache: false });
  assert.deepEqual(listed.errors, []);
  assert.deepEqual(listed.tasks.map((t) => [t.id, t.errors]), [['one', []]]);

  symlinkSync(join(root, 'elsewhere'), join(root, 'tb', 'link'));
  symlinkSync('/etc/passwd', join(root, 'tb', 'passwd.yaml'));
  const benchmark = loadBenchmark(join(root, 'mine'), { cache: false });
  const why = 'this task file is reached through a link that leads outside the folder the manifest lists it from; links in a task set must stay inside it (list the other folder in the manifest instead)';
  assert.deepEqual(benchmark.tasks.flatMap((t) => t.errors.map((e) => formatError(e, root))), [
    `tb/link/task.yaml:1:1: ${why}`,
    `tb/passwd.yaml:1:1: ${why}`,
  ]);
  assert.deepEqual(benchmark.tasks.map((t) => [t.id, t.instances.length]), [[undefined, 0], ['one', 1], [undefined, 0]]);
});
