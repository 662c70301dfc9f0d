import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { formatError } from '../src/task/errors.ts';
import { deriveInstanceId } from '../src/task/instances.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { taskFiles, resolveManifest } from '../src/task/manifest.ts';
import { readSchema } from '../src/task/schema-check.ts';
import { taskSchema } from '../src/task/task-schema.ts';
// Registers the built-in benchmarks: their parts of the task schema.
import '../src/benchmarks/index.ts';
import { cacheStats } from '../src/task/task-index.ts';
import { scanTemplate } from '../src/task/template.ts';
import { FIELD_TYPES, type Task } from '../src/task/types.ts';
import { FORM_TASKS, ROOT, tempDir } from './helpers.ts';

function load(file: string): Task {
  const loaded = loadTaskFile(file);
  assert.deepEqual(loaded.errors, []);
  return loaded.task!;
}

function writeTask(dir: string, name: string, yaml: string, files: Record<string, string> = {}): string {
  mkdirSync(dir, { recursive: true });
  for (const [f, content] of Object.entries(files)) writeFileSync(join(dir, f), content);
  writeFileSync(join(dir, name), yaml);
  return join(dir, name);
}

test('the bundled form tasks load, use every field type, have gold labels and load nothing external', () => {
  const benchmark = loadBenchmark(FORM_TASKS, { cache: false });
  assert.deepEqual(benchmark.errors, []);
  assert.ok(benchmark.tasks.length >= 4);
  const used = new Set<string>();
  for (const summary of benchmark.tasks) {
    assert.deepEqual(summary.errors, [], summary.file);
    const task = load(summary.file);
    task.fields.forEach((f) => f.type && used.add(f.type));
    assert.ok(task.instances.every((i) => i.annotators >= 2), `${task.id}: every instance has several annotators`);
    const page = [task.html, ...task.instances.flatMap((i) => Object.values(i.values))].join('\n');
    assert.doesNotMatch(page, /\b(src|href)\s*=\s*["']?(https?:)?\/\//i, `${task.id} references an external resource`);
    assert.doesNotMatch(page, /url\(\s*["']?(https?:)?\/\/|@import/i, `${task.id} references an external stylesheet`);
  }
  assert.deepEqual([...used].sort(), [...FIELD_TYPES].sort());
});

test('the field types of the schema are the ones the code knows', () => {
  const schema = readSchema('task') as { definitions: { field: { properties: { type: { enum: string[] } } } } };
  assert.deepEqual(schema.definitions.field.properties.type.enum, [...FIELD_TYPES]);
});

test('the published task schema is the core\'s with the built-in benchmarks\' parts (tsx scripts/write-task-schema.ts writes it)', () => {
  const published = JSON.parse(readFileSync(join(ROOT, 'schemas', 'task.schema.json'), 'utf8')) as unknown;
  assert.deepEqual(published, taskSchema(true));
});

test('CSV rows with identical inputs are one instance with several annotators', () => {
  const task = load(join(ROOT, 'tasks', 'caption-check', 'task.yaml'));
  assert.deepEqual(task.instances.map((i) => [i.id, i.annotators]), [['suns', 2], ['boat', 3], ['tree', 2]]);
  const boat = task.instances[1]!;
  assert.deepEqual(boat.gold.fit, ['wrong', 'partly', 'wrong']);
  assert.deepEqual(boat.gold.shapes, ['4', '3', '4']);
  assert.match(boat.values.picture!, /^<svg /);
});

test('values and answers keep the exact text written in YAML (1.0 stays 1.0, no stays no)', () => {
  const dir = tempDir();
  const file = writeTask(dir, 'task.yaml', `id: exact-text
title: Exact text
split: train
html: '<p>\${n}</p><input type="radio" name="q" value="no"><input type="checkbox" name="c" value="a"><input type="checkbox" name="c" value="b">'
instances:
  - values: { n: 1.0 }
    gold: { q: [no, 1.0], c: ['a|b', [b], ''] }
`);
  const [inst] = load(file).instances;
  assert.deepEqual(inst!.values, { n: '1.0' });
  assert.deepEqual(inst!.gold, { q: ['no', '1.0'], c: [['a', 'b'], ['b'], []] });
  assert.equal(inst!.annotators, 3);
});

test('keep_placeholders: a placeholder left as written is not missing a value', () => {
  const dir = tempDir();
  const yaml = (keep: string) => `id: keep\ntitle: Keep\nsplit: train\n${keep}html: <p>\${a} \${later}</p><input name="q">\ninstances:\n  - values: { a: x }\n`;
  assert.equal(loadTaskFile(writeTask(dir, 'strict.yaml', yaml(''))).errors.length, 1);
  load(writeTask(dir, 'kept.yaml', yaml('keep_placeholders: [later]\n')));
});

test('instance ids: explicit, or derived from the values whatever their order', () => {
  assert.equal(deriveInstanceId({ a: '1', b: '2' }), deriveInstanceId({ b: '2', a: '1' }));
  assert.notEqual(deriveInstanceId({ a: '1', b: '2' }), deriveInstanceId({ a: '2', b: '1' }));
  assert.match(deriveInstanceId({}), /^[0-9a-f]{12}$/);
  const task = load(join(ROOT, 'tasks', 'parts-of-speech.yaml'));
  assert.deepEqual(task.instances.map((i) => i.id), task.instances.map((i) => deriveInstanceId(i.values)));
  assert.deepEqual(load(join(ROOT, 'tasks', 'review-sentiment.yaml')).instances.map((i) => i.id), ['kettle', 'headphones', 'desk-lamp']);
});

test('Mechanical Turk results files: Input. columns are the inputs, bookkeeping columns are ignored', () => {
  const dir = tempDir();
  const file = writeTask(dir, 'task.yaml', 'id: mturk\ntitle: MTurk\nsplit: train\nhtml: <p>${x}</p><input name="q">\ninstances: { csv: results.csv }\n', {
    'results.csv': '\uFEFFHITId,WorkerId,Input.x,Answer.q\nH1,W1,hello,a\nH1,W2,hello,b\nH2,W1,bye,c\n',
  });
  const task = load(file);
  assert.deepEqual(task.instances.map((i) => [i.values, i.gold.q]), [[{ x: 'hello' }, ['a', 'b']], [{ x: 'bye' }, ['c']]]);
});

test('template scan: fields with their options and bounds, placeholders outside scripts', () => {
  const scan = scanTemplate(`<p>\${a}</p>
    <input type="radio" name="r" value="x"><input type="radio" name="r" value="y"><input type=RADIO name="r" value="x">
    <select name="s"><option>First one</option><option value="2">Two</option></select>
    <input type="range" name="g" min="0" max="10" step="0.5"><input type="fancy" name="t"><input name="plain">
    <input type="submit" name="go"><input type="checkbox" name="c"><textarea name="ta"></textarea>
    <button name="send">Send</button><button type="RESET" name="clear"></button><input type="submit" name="both"><input name="both">
    <script>const s = \`\${notAPlaceholder}\`; document.write('<input name="made">')</script><b>\${b}</b>`);
  assert.deepEqual(scan.placeholders.map((p) => p.name), ['a', 'b']);
  assert.deepEqual(scan.fields, [
    { name: 'r', type: 'radio', score: true, dynamic: false, options: ['x', 'y'] },
    { name: 's', type: 'select', score: true, dynamic: false, options: ['First one', '2'] },
    { name: 'g', type: 'range', score: true, dynamic: false, min: 0, max: 10, step: 0.5 },
    { name: 't', type: 'text', score: true, dynamic: false },
    { name: 'plain', type: 'text', score: true, dynamic: false },
    // Listed so that a gold column may name it (it is recorded, never scored).
    { name: 'go', type: 'submit', score: true, dynamic: false },
    { name: 'c', type: 'checkbox', score: true, dynamic: false, options: ['on'] },
    { name: 'ta', type: 'textarea', score: true, dynamic: false },
    { name: 'send', type: 'submit', score: true, dynamic: false },
    { name: 'clear', type: 'reset', score: true, dynamic: false },
    // A field beside a button of its name is the field.
    { name: 'both', type: 'text', score: true, dynamic: false },
  ]);
});

test('declared fields override what the template says and add dynamic ones', () => {
  const task = load(join(ROOT, 'tasks', 'parts-of-speech.yaml'));
  const pos1 = task.fields.find((f) => f.name === 'pos1');
  assert.deepEqual(pos1, { name: 'pos1', type: 'select', score: true, dynamic: true, options: ['noun', 'verb', 'adjective', 'adverb', 'other'] });
  const answered = load(join(ROOT, 'tasks', 'review-sentiment.yaml')).fields.find((f) => f.name === 'answered');
  assert.deepEqual(answered, { name: 'answered', type: 'hidden', score: false, dynamic: false });
});

test('manifest: folders, globs, excludes; a folder without a manifest loads every task file in it', () => {
  const dir = tempDir();
  const ok = (id: string) => `id: ${id}\ntitle: ${id}\nsplit: train\nhtml: <input name="q">\ninstances:\n  - gold: { q: [a] }\n`;
  writeTask(join(dir, 'a'), 'one.yaml', ok('one'));
  writeTask(join(dir, 'a', 'deep'), 'two.yml', ok('two'));
  writeTask(join(dir, 'b [x]'), 'three.yaml', ok('three'));
  writeTask(join(dir, 'b [x]'), 'skip.yaml', 'not: a task');
  const implicit = resolveManifest(dir);
  assert.deepEqual(implicit.errors, []);
  assert.equal(taskFiles(implicit.manifest).length, 4);
  writeFileSync(join(dir, 'tasks.yaml'), "tasks: [a, 'b [x]']\nexclude: ['**/skip.yaml']\ndefaults: { instances: 2, seed: 7 }\n");
  const benchmark = loadBenchmark(dir, { cache: false });
  // In path order: a/deep/two.yml sorts before a/one.yaml.
  assert.deepEqual(benchmark.tasks.map((t) => t.id), ['two', 'one', 'three']);
  assert.deepEqual(benchmark.manifest.defaults, { instances: 2, seed: 7, viewport: { width: 1280, height: 800 } });
  writeFileSync(join(dir, 'tasks.yaml'), 'tasks: [nothing/*.yaml]\ndefaults: { instances: none }\n');
  assert.deepEqual(loadBenchmark(dir).errors.map((e) => `${e.line}:${e.col}: ${e.path}: ${e.message}`), [
    '2:24: defaults.instances: expected a number of instances per task (1 or more), or all, got "none"',
  ]);
});

test('clock and random: a task\'s settings and a manifest\'s clock are read as written; a bad one is a located error', () => {
  const dir = tempDir();
  const task = load(writeTask(dir, 'task.yaml', 'id: timed\ntitle: Timed\nsplit: train\nclock: 2021-11-05T14:00:00+01:00\nrandom: real\nhtml: <input name="q">\ninstances:\n  - gold: { q: [a] }\n'));
  assert.deepEqual([task.clock, task.random], ['2021-11-05T14:00:00+01:00', 'real']);
  writeFileSync(join(dir, 'tasks.yaml'), 'tasks: [task.yaml]\ndefaults: { clock: real }\n');
  assert.equal(resolveManifest(dir).manifest.defaults.clock, 'real');
  writeFileSync(join(dir, 'tasks.yaml'), 'tasks: [task.yaml]\ndefaults: { clock: noon }\n');
  assert.deepEqual(resolveManifest(dir).errors.map((e) => `${e.line}:${e.col}: ${e.path}: ${e.message}`), [
    '2:20: defaults.clock: expected a date and time with its zone, such as 2024-06-03T09:00:00Z, or real, got "noon"',
  ]);
});

test('the index cache: hits when nothing changed, rebuilt when any source file changes', () => {
  const dir = tempDir();
  process.env.BENCHWRIGHT_CACHE_DIR = join(dir, 'cache');
  try {
    const file = writeTask(join(dir, 't'), 'task.yaml', 'id: cached\ntitle: Cached\nsplit: train\ntemplate: page.html\ninstances: { csv: rows.csv }\n', {
      'page.html': '<p>${x}</p><input name="q">',
      'rows.csv': 'x,Answer.q\n1,a\n',
    });
    const start = { ...cacheStats };
    assert.equal(loadBenchmark(file).tasks[0]!.instances.length, 1);
    assert.equal(loadBenchmark(file).tasks[0]!.instances.length, 1);
    assert.deepEqual([cacheStats.misses - start.misses, cacheStats.hits - start.hits], [1, 1]);
    writeFileSync(join(dir, 't', 'rows.csv'), 'x,Answer.q\n1,a\n2,b\n');
    assert.equal(loadBenchmark(file).tasks[0]!.instances.length, 2);
    writeFileSync(join(dir, 't', 'page.html'), '<p>${y}</p><input name="q">');
    const failed = loadBenchmark(file).tasks[0]!;
    assert.equal(failed.errors.length, 1);
    // Errors are cached too, and found again without re-reading.
    assert.deepEqual(loadBenchmark(file).tasks[0]!.errors, failed.errors);
    assert.deepEqual([cacheStats.misses - start.misses, cacheStats.hits - start.hits], [3, 2]);
  } finally {
    delete process.env.BENCHWRIGHT_CACHE_DIR;
  }
});

test("the example task file of docs/task-format.md is valid", () => {
  const readme = readFileSync(join(ROOT, 'docs', 'task-format.md'), 'utf8');
  const example = readme.slice(readme.indexOf('## A task file')).match(/```yaml\n([\s\S]*?)```/)![1]!;
  const dir = tempDir();
  mkdirSync(join(dir, 'tasks'));
  const task = load(writeTask(join(dir, 'tasks'), 'example.yaml', example));
  assert.deepEqual(task.instances[0]!.gold.aspects, [['quality'], ['quality', 'price'], []]);
  assert.equal(task.fields.find((f) => f.name === 'reason')!.metric, 'rouge-l');
});

test('a manifest with an alias bomb is a located error, not a crash', () => {
  const dir = tempDir();
  const levels = ['a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
  for (const [up, name] of [...'abcdefgh'].map((c, i) => [c, 'bcdefghi'[i]!])) levels.push(`${name}: &${name} [${Array(10).fill(`*${up}`).join(', ')}]`);
  writeFileSync(join(dir, 'tasks.yaml'), `name: bomb\n${levels.join('\n')}\ntasks: *i\n`);
  const { errors } = resolveManifest(dir);
  assert.deepEqual(errors.map((e) => formatError(e, dir)), [
    'tasks.yaml:11:8: invalid YAML: the document expands too many aliases (more than 100; nested anchors and aliases multiply); write the values out instead',
  ]);
  assert.deepEqual(loadBenchmark(dir).errors, errors);
});

test('a YAML alias with no anchor before it is a located error', () => {
  const dir = tempDir();
  const file = writeTask(dir, 'task.yaml', 'id: alias\ntitle: Alias\nsplit: train\nhtml: <input name="q">\ninstances:\n  - gold: { q: *answers }\n');
  assert.deepEqual(loadTaskFile(file).errors.map((e) => formatError(e, dir)), ['task.yaml:6:16: invalid YAML: alias *answers has no anchor &answers before it']);
});

test('an error about the columns of a CSV names a few of them, each shortened', () => {
  const dir = tempDir();
  const header = Array.from({ length: 10_000 }, (_, i) => `column_${i}_${'x'.repeat(100)}`);
  const file = writeTask(dir, 'task.yaml', 'id: wide\ntitle: Wide\nsplit: train\nhtml: <input name="q">\ninstances: { csv: rows.csv, id_column: item }\n', {
    'rows.csv': `${header.join(',')}\n${header.map(() => 'v').join(',')}\n`,
  });
  const [error] = loadTaskFile(file).errors;
  assert.ok(error!.message.length < 2000, `${error!.message.length} characters`);
  assert.match(error!.message, /^no column "item" \(named by id_column\); columns are: column_0_x+\.\.\., column_1_x+\.\.\., .*, \.\.\. \(10000 in all\)$/);
});
