import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { importTurkingBench } from '../src/benchmarks/turkingbench/import.ts';
import type { TaskImportSummary } from '../src/task/import-summary.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { loadTaskFile } from '../src/task/load-task.ts';
import { ROOT, SHARED_TURKINGBENCH, STACK_FRAME, runCli, tempDir } from './helpers.ts';

/** A small checkout in TurkingBench's layout, with the awkward parts of the real one. */
function writeCheckout(): string {
  const root = tempDir('turkingbench-');
  const task = (name: string, template: string, csv: string) => {
    mkdirSync(join(root, 'tasks', name), { recursive: true });
    writeFileSync(join(root, 'tasks', name, 'template.html'), template);
    writeFileSync(join(root, 'tasks', name, 'batch.csv'), `\uFEFF${csv}`);
  };
  const long = 'x'.repeat(200_000);
  task('Story Eval [Quality]', '<script src="https://code.jquery.com/jquery-3.3.1.min.js"></script><p>${story}</p>' +
    '<input type="radio" name="q" value="1"><input type="radio" name="q" value="2"><script>let s = `${SENTENCES" + id + "}`;</script>' +
    '<input type="submit" name="submitButtonTimer" value="Submit">',
    `Title,Description,Keywords,story,Answer.q,Answer.made_by_script,Answer.submitButtonTimer\r\nT,"Rate, the story",k,"<b>a ""quoted""\r\nstory</b>",1,x,29.353\r\nT,"Rate, the story",k,"<b>a ""quoted""\r\nstory</b>",2,y,8.1\r\nT,"Rate, the story",k,${long},1,z,3\r\n`);
  task("Don't Stop – Café", '<img src="img/cup.svg"><p>${no_such_column}</p><textarea name="why"></textarea><input type="checkbox" name="c" value="a"><input type="checkbox" name="c" value="b">',
    'Title,Description,Keywords,Answer.c,Answer.why\nT,D,K,a|b,because\nT,D,K,b,so\n');
  task('日本語タスク', '<p>${文}</p><select name="s"><option>yes</option></select>', 'Title,Description,Keywords,x,Answer.s\nT,D,K,1,yes\n');
  task('ToTTo Evals (v2)', '<input type="range" name="r" min="1" max="5">${a}', 'Title,Description,Keywords,a,Answer.r\nT,D,K,1,3\nT,D,K,2,4\n');
  mkdirSync(join(root, 'tasks', "Don't Stop – Café", 'img'));
  writeFileSync(join(root, 'tasks', "Don't Stop – Café", 'img', 'cup.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(root, 'data', 'splits'), { recursive: true });
  writeFileSync(join(root, 'data', 'splits', 'evaluation_tasks_easy.txt'), 'Some other task\r\nStory Eval [Quality]');
  writeFileSync(join(root, 'data', 'splits', 'evaluation_tasks_hard.txt'), "Don't Stop – Café\n");
  writeFileSync(join(root, 'data', 'splits', 'subjective_evaluation_tasks.txt'), '日本語タスク\n\n');
  return root;
}

test('import: safe ids, exact titles, splits, grouped instances, dynamic fields, a loadable benchmark', () => {
  const checkout = writeCheckout();
  const out = join(tempDir(), 'out');
  const { code, stdout, stderr } = runCli(['import', 'turkingbench', checkout, '--out', out, '--json']);
  assert.equal(code, 0, stderr);
  const rows = JSON.parse(stdout) as TaskImportSummary[];
  const brief = rows.map((r) => [r.id, r.title, r.split, r.instances, r.annotations, r.fields.byType, r.dynamic, r.errors]);
  assert.deepEqual(brief, [
    ['dont-stop-cafe', "Don't Stop – Café", 'challenge', 1, 2, { checkbox: 1, textarea: 1 }, [], []],
    // A submit button named in the gold columns is in the template, not made by a script.
    ['story-eval-quality', 'Story Eval [Quality]', 'test', 2, 3, { radio: 1, dynamic: 1, submit: 1 }, ['made_by_script'], []],
    ['totto-evals-v2', 'ToTTo Evals (v2)', 'train', 2, 2, { range: 1 }, [], []],
    [rows[3]!.id, '日本語タスク', 'subjective', 1, 1, { select: 1 }, [], []],
  ]);
  assert.match(rows[3]!.id, /^task-[0-9a-f]{8}$/);

  const story = loadTaskFile(join(out, 'story-eval-quality', 'task.yaml')).task!;
  assert.equal(story.description, 'Rate, the story');
  assert.equal(story.instances[0]!.values.story, '<b>a "quoted"\r\nstory</b>');
  assert.deepEqual(story.instances[0]!.gold, { q: ['1', '2'], made_by_script: ['x', 'y'], submitButtonTimer: ['29.353', '8.1'] });
  assert.deepEqual(story.fields.find((f) => f.name === 'submitButtonTimer'), { name: 'submitButtonTimer', type: 'submit', score: true, dynamic: false });
  assert.equal(story.instances[1]!.values.story!.length, 200_000);
  assert.deepEqual(loadTaskFile(join(out, 'dont-stop-cafe', 'task.yaml')).task!.instances[0]!.gold.c, [['a', 'b'], ['b']]);
  // Files beside the template come along; a placeholder no column fills stays as written, as in Turkle.
  assert.ok(existsSync(join(out, 'dont-stop-cafe', 'img', 'cup.svg')));
  assert.ok(!existsSync(join(out, 'dont-stop-cafe', 'batch.csv')));
  assert.match(readFileSync(join(out, 'dont-stop-cafe', 'task.yaml'), 'utf8'), /^keep_placeholders:\n {2}- no_such_column$/m);
  // The template is kept byte for byte (rendering, CDN files and scripts are the runner's business).
  assert.equal(readFileSync(join(out, 'story-eval-quality', 'template.html'), 'utf8'), readFileSync(join(checkout, 'tasks', 'Story Eval [Quality]', 'template.html'), 'utf8'));
  // Editors find the schema from the task file: a path to this package's schemas/.
  const schema = /^# yaml-language-server: \$schema=(.*)$/m.exec(readFileSync(join(out, 'story-eval-quality', 'task.yaml'), 'utf8'))?.[1];
  assert.equal(resolve(out, 'story-eval-quality', schema ?? ''), join(ROOT, 'schemas', 'task.schema.json'));

  const benchmark = loadBenchmark(out);
  assert.deepEqual(benchmark.tasks.flatMap((t) => t.errors), []);
  // Importing again over the same folder replaces it.
  assert.equal(runCli(['import', 'turkingbench', checkout, '--out', out]).code, 0);
  assert.deepEqual(Object.keys(benchmark.manifest.splits!), ['train', 'test', 'challenge', 'subjective']);
});

test('import of one task folder, and the text summary', () => {
  const checkout = writeCheckout();
  const out = join(tempDir(), 'one');
  const { code, stdout } = runCli(['import', 'turkingbench', join(checkout, 'tasks', 'ToTTo Evals (v2)'), '--out', out]);
  assert.equal(code, 0);
  assert.match(stdout, /^totto-evals-v2\s+train\s+2\s+1\s+1\s+range 1\s+0$/m);
  assert.match(stdout, /^total: 1 tasks \(1 converted, 0 with errors\), 2 instances, 2 annotations, 1 fields \(range 1\), 0 dynamic$/m);
});

test('import reports a task folder it cannot convert, and converts the others', () => {
  const checkout = writeCheckout();
  mkdirSync(join(checkout, 'tasks', 'Half a task'));
  writeFileSync(join(checkout, 'tasks', 'Half a task', 'template.html'), '<input name="a">');
  const { code, stdout, stderr } = runCli(['import', 'turkingbench', checkout, '--out', join(tempDir(), 'out')]);
  assert.equal(code, 1);
  assert.doesNotMatch(stdout + stderr, STACK_FRAME);
  assert.match(stdout, /total: 5 tasks \(4 converted, 1 with errors\)/);
  assert.match(stdout, /^error: Half a task: .*Half a task: missing batch\.csv$/m);
});

test('import copies links that stay inside a task folder, and refuses files that lead out of it', () => {
  const checkout = writeCheckout();
  const tasks = join(checkout, 'tasks');
  const linked = join(tasks, 'Linked Page');
  mkdirSync(join(linked, 'pages'), { recursive: true });
  writeFileSync(join(linked, 'pages', 'page.html'), '<img src="cup.svg"><p>${a}</p><input name="q">');
  writeFileSync(join(linked, 'pages', 'cup.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  symlinkSync('pages/page.html', join(linked, 'template.html'));
  symlinkSync('pages/cup.svg', join(linked, 'cup.svg'));
  writeFileSync(join(linked, 'batch.csv'), 'a,Answer.q\n1,x\n');
  writeFileSync(join(checkout, 'secret.csv'), 'a,Answer.q\nsecret,x\n');
  mkdirSync(join(tasks, 'Stolen Rows'));
  writeFileSync(join(tasks, 'Stolen Rows', 'template.html'), '<p>${a}</p><input name="q">');
  symlinkSync(join(checkout, 'secret.csv'), join(tasks, 'Stolen Rows', 'batch.csv'));

  const out = join(tempDir(), 'out');
  const result = importTurkingBench(checkout, out);
  assert.deepEqual(result.tasks.filter((t) => t.error).map((t) => t.error), [`${join(tasks, 'Stolen Rows')}: batch.csv is a link to a file outside the task folder`]);
  assert.ok(!existsSync(join(out, 'stolen-rows')), 'nothing of it is written');
  const { task, errors } = loadTaskFile(join(out, 'linked-page', 'task.yaml'));
  assert.deepEqual(errors, []);
  assert.equal(task!.instances[0]!.values.a, '1');
  assert.equal(readFileSync(join(out, 'linked-page', 'cup.svg'), 'utf8'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});

test('CLI usage errors are one message, exit code 2', () => {
  for (const args of [['import', 'nosuch', 'x', '--out', 'y'], ['import', 'turkingbench'], ['frobnicate'], ['validate', '--bogus']]) {
    const { code, stdout, stderr } = runCli(args);
    assert.equal(code, 2, args.join(' '));
    assert.doesNotMatch(stdout + stderr, STACK_FRAME);
  }
  const missing = runCli(['import', 'turkingbench', '/no/such/folder', '--out', join(tempDir(), 'o')]);
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr.trim(), 'benchwright import: /no/such/folder: no such folder');
});

/** Distinct input rows (grouping on all non-Answer. columns) over all batch.csv files. */
function countDistinctInputs(tasksDir: string): number {
  let total = 0;
  for (const name of readdirSync(tasksDir)) {
    const [header, ...rows] = parse(readFileSync(join(tasksDir, name, 'batch.csv')), { bom: true }) as string[][];
    const inputs = header!.flatMap((h, i) => (h.startsWith('Answer.') ? [] : [i]));
    total += new Set(rows.map((r) => JSON.stringify(inputs.map((i) => r[i])))).size;
  }
  return total;
}

test('the 117 real TurkingBench tasks import without error into 26,532 instances', { skip: !existsSync(SHARED_TURKINGBENCH) && 'no ../shared/turkingbench' }, () => {
  const out = join(tempDir(), 'tb');
  const cacheDir = join(tempDir(), 'cache');
  const result = importTurkingBench(SHARED_TURKINGBENCH, out);
  assert.equal(result.tasks.length, 117);
  assert.deepEqual(result.tasks.filter((t) => t.error), []);
  const expected = countDistinctInputs(join(SHARED_TURKINGBENCH, 'tasks'));
  assert.equal(expected, 26_532);

  const { code, stdout } = runCli(['validate', out, '--quiet'], { BENCHWRIGHT_CACHE_DIR: cacheDir });
  assert.equal(code, 0, stdout);
  assert.equal(stdout.trim(), `117 task files, ${expected} instances, 0 errors`);
  process.env.BENCHWRIGHT_CACHE_DIR = cacheDir; // filled by the validate run above
  try {
    const titles = loadBenchmark(out).tasks.map((t) => t.title).sort();
    assert.deepEqual(titles, readdirSync(join(SHARED_TURKINGBENCH, 'tasks')).sort());
  } finally {
    delete process.env.BENCHWRIGHT_CACHE_DIR;
  }
});
