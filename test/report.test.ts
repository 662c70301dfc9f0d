import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { parse } from 'csv-parse/sync';
import { Parser } from 'htmlparser2';
import type { FullConfig, Suite, TestCase, TestResult } from '@playwright/test/reporter';
import { summarizeProjects } from '../src/analysis/aggregate.ts';
import { bootstrap } from '../src/analysis/bootstrap.ts';
import { collectResults } from '../src/runs/assemble.ts';
import { fieldScoresCsv } from '../src/record/attachments.ts';
import { RESULTS_FORMAT, type BenchmarkResults, type FieldRow, type InstanceRow } from '../src/record/results.ts';
import { readResults } from '../src/runs/results-file.ts';
import { serializeResults } from '../src/runs/results-file.ts';
import { rescore } from '../src/analysis/rescore.ts';
import { tableNotes } from '../src/render/tables.ts';
import { writeReport } from '../src/runs/write-report.ts';
import { runCli, tempDir } from './helpers.ts';

const SETTINGS = { resamples: 1000, seed: 1 };

/** A results file by hand: per project, task and instance, its fields as [type, score, prediction, gold]. */
function results(spec: Record<string, Record<string, Record<string, [string, number | null, string | string[], (string | string[])[]][] | 'errored'>>>): BenchmarkResults {
  const instances: InstanceRow[] = [];
  const fields: FieldRow[] = [];
  for (const [project, tasks] of Object.entries(spec)) {
    for (const [task, byInstance] of Object.entries(tasks)) {
      for (const [instance, rows] of Object.entries(byInstance)) {
        const base = { project, agent: project, task, instance, status: 'passed', retries: 0 };
        if (rows === 'errored') {
          instances.push({ ...base, outcome: 'errored', status: 'failed', score: null, ceiling: null, error: 'page crashed' });
          continue;
        }
        const scored = rows.filter((r) => r[1] !== null);
        const score = scored.length ? scored.reduce((s, r) => s + r[1]!, 0) / scored.length : null;
        instances.push({ ...base, outcome: score === null ? 'not scored' : 'scored', score, ceiling: score === null ? null : 1 });
        rows.forEach(([type, value, prediction, gold], i) => {
          const metric = type === 'checkbox' ? 'checkbox-exact' : type === 'text' ? 'rouge-l' : 'majority-exact';
          fields.push({ project, task, instance, field: `${type}${i}`, type: type as FieldRow['type'], gold, prediction, score: value, ...(value === null ? { reason: 'not visible' } : { metric, ceiling: 1 }) });
        });
      }
    }
  }
  return { format: RESULTS_FORMAT, meta: { date: '2026-01-01T00:00:00.000Z', versions: {}, projects: {}, selection: { seed: 1 } }, instances, fields, evaluations: [], taskErrors: [] };
}

test('bootstrap: identical scores have standard error 0; the same seed gives the same numbers', () => {
  const ones = [[{ sums: [2, 2], counts: [2, 2] }, { sums: [1, 1], counts: [1, 1] }], [{ sums: [3, 3], counts: [3, 3] }]];
  const e = bootstrap(ones, 2, 500, 7);
  assert.deepEqual(e.benchmark, { value: 1, se: 0 });
  assert.deepEqual(e.columns, [{ value: 1, se: 0 }, { value: 1, se: 0 }]);
  const mixed = [[0, 1, 0.5, 0.25, 1].map((s) => ({ sums: [s], counts: [1] })), [1, 0].map((s) => ({ sums: [s], counts: [1] }))];
  assert.deepEqual(bootstrap(mixed, 1, 300, 3), bootstrap(mixed, 1, 300, 3));
  assert.notDeepEqual(bootstrap(mixed, 1, 300, 3).benchmark.se, bootstrap(mixed, 1, 300, 4).benchmark.se);
});

test('bootstrap: the standard error of one task matches the textbook one (sd of the scores / sqrt n)', () => {
  const scores = Array.from({ length: 40 }, (_, i) => (i * 37) % 11 / 10);
  const n = scores.length;
  const mean = scores.reduce((a, b) => a + b, 0) / n;
  // The bootstrap estimates the plug-in standard error: population sd / sqrt(n).
  const expected = Math.sqrt(scores.reduce((a, s) => a + (s - mean) ** 2, 0) / n) / Math.sqrt(n);
  const e = bootstrap([scores.map((s) => ({ sums: [s], counts: [1] }))], 1, 4000, 11);
  assert.equal(e.benchmark.value, mean);
  assert.ok(Math.abs(e.benchmark.se! - expected) / expected < 0.05, `bootstrap se ${e.benchmark.se} vs ${expected}`);
});

test('summarizeProjects: benchmark = mean over tasks of task means, beside the mean over all fields; errored instances counted, not averaged', () => {
  const r = results({
    agent: {
      // task a: 4 fields, mean 0.25; task b: 1 field, 1.0
      a: { i1: [['radio', 0, 'x', ['y']], ['radio', 1, 'y', ['y']]], i2: [['checkbox', 0, [], [['p']]], ['text', 0, 'no', ['yes']]], i3: 'errored' },
      b: { j1: [['radio', 1, 'y', ['y']], ['text', null, '', ['z']]] },
    },
  });
  const [s] = summarizeProjects(r, SETTINGS);
  assert.equal(s!.benchmark.value, (0.25 + 1) / 2);
  assert.equal(s!.allFields.value, 2 / 5);
  assert.deepEqual(Object.keys(s!.byType), ['checkbox', 'radio', 'text']);
  assert.equal(s!.byType.radio!.value, 2 / 3);
  assert.equal(s!.byType.radio!.fields, 3);
  assert.equal(s!.byType.text!.fields, 1); // the field that was not visible is not scored
  assert.deepEqual([s!.tasks, s!.instances, s!.errored, s!.fields], [2, 4, 1, 5]);
  assert.deepEqual(s!.perTask.map((t) => [t.task, t.instances, t.fields, t.errored, t.score.value]), [['a', 3, 4, 1, 0.25], ['b', 1, 1, 0, 1]]);
  assert.equal(s!.ceiling, 1);
  // Annotators who disagree on a field lower what a perfect agent reaches; the tables say so.
  r.fields[0]!.ceiling = 0.5;
  const [lower] = summarizeProjects(r, SETTINGS);
  assert.equal(lower!.ceiling, ((0.5 + 3) / 4 + 1) / 2);
  assert.ok(tableNotes([lower!], SETTINGS).includes('agent: a perfect agent would score 0.938 (where annotators disagree on a range no single answer scores 1, and no option of a radio or select may match their answers).'));
});

test('rescore: only the named field type changes; task-set metrics and unscored fields stay', async () => {
  const r = results({ p: { t: { i: [['checkbox', 0, ['a', 'b'], [['a'], ['a', 'c']]], ['radio', 1, 'y', ['y']], ['checkbox', null, [], [['a']]]] } } });
  r.fields.push({ ...r.fields[0]!, field: 'fixed', metricSetByTask: true });
  const after = await rescore(r, { metricByType: { checkbox: 'checkbox-iou' } });
  assert.deepEqual(after.fields.map((f) => [f.field, f.metric, f.score]), [
    ['checkbox0', 'checkbox-iou', 0.5],
    ['radio1', 'majority-exact', 1],
    ['checkbox2', undefined, null],
    ['fixed', 'checkbox-exact', 0],
  ]);
  assert.equal(after.instances[0]!.score, (0.5 + 1 + 0) / 3);
  assert.deepEqual(after.meta.rescored, { checkbox: 'checkbox-iou' });
  assert.deepEqual(r.fields[0]!.metric, 'checkbox-exact', 'the input is not changed');
});

test('results.json: written one row per line, read back equal; a wrong file is named with what was expected', () => {
  const dir = tempDir();
  const r = results({ p: { t: { i: [['radio', 1, 'y', ['y']]] } } });
  const file = join(dir, 'results.json');
  writeFileSync(file, serializeResults(r));
  assert.deepEqual(readResults(file), r);
  assert.equal(readFileSync(file, 'utf8').split('\n').filter((l) => l.startsWith('{"project"')).length, 2);
  writeFileSync(file, '{"format": "something else"}');
  assert.throws(() => readResults(file), { message: `${file}: expected a benchwright results file ("format": "${RESULTS_FORMAT}"), found "something else"` });
  writeFileSync(file, '{"format": ');
  assert.throws(() => readResults(file), new RegExp(`^Error: ${file}: cannot read results: `));
});

test('writeReport: results.json first, then summary.md, CSV files and index.html from the same numbers', () => {
  const dir = tempDir();
  const r = results({ good: { t: { i1: [['radio', 1, 'y', ['y']]], i2: [['radio', 1, 'y', ['y']]] } }, bad: { t: { i1: [['radio', 0, 'n', ['y']]], i2: 'errored' } } });
  const report = writeReport(dir, r, { width: 200 });
  assert.deepEqual(report.problems, []);
  assert.match(report.text, /^project\s+agent\s+benchmark\s+all fields\s+radio\s+tasks\s+instances\s+fields\s+errored$/m);
  assert.match(report.text, /^good\s+good\s+1\.000 ± 0\.000\s+1\.000 ± 0\.000\s+1\.000 ± 0\.000\s+1\s+2\s+2\s+0$/m);
  assert.match(report.text, /^bad\s+bad\s+0\.000 ± 0\.000\s+0\.000 ± 0\.000\s+0\.000 ± 0\.000\s+1\s+2\s+1\s+1$/m);
  assert.match(report.text, /bad: 1 errored instance/);
  const md = readFileSync(join(dir, 'summary.md'), 'utf8');
  assert.match(md, /^\| good \| good \| 1\.000 ± 0\.000 \| 1\.000 ± 0\.000 \| 1\.000 ± 0\.000 \| 1 \| 2 \| 2 \| 0 \|$/m);
  assert.match(md, /^\| t \|  \| 2 \| 1\.000 ± 0\.000 \| 0\.000 ± 0\.000 \|$/m);
  const perTask = parse(readFileSync(join(dir, 'per-task.csv')), { columns: true }) as Record<string, string>[];
  assert.deepEqual(perTask.map((row) => [row.project, row.task, row.instances, row.errored, row.score]), [['good', 't', '2', '0', '1'], ['bad', 't', '2', '1', '0']]);
  assert.match(readFileSync(join(dir, 'index.html'), 'utf8'), /<svg [^>]+>[\s\S]*<rect [^>]*width="520\.0"/);
  assert.deepEqual(readResults(join(dir, 'results.json')), r);
});

test('writeReport: a file that cannot be written is reported; results.json and the other files are still written', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'index.html'));
  const r = results({ p: { t: { i: [['radio', 1, 'y', ['y']]] } } });
  const report = writeReport(dir, r);
  assert.equal(report.problems.length, 1);
  assert.match(report.problems[0]!, /^index\.html: EISDIR/);
  assert.deepEqual(readResults(join(dir, 'results.json')), r);
  for (const file of ['summary.md', 'per-task.csv', 'per-field-type.csv']) assert.ok(existsSync(join(dir, file)), file);
});

test('benchwright report results.json --checkbox iou: only checkbox-related numbers change', () => {
  const dir = tempDir();
  const r = results({
    agent: {
      boxes: { i1: [['checkbox', 0, ['a', 'b'], [['a']]], ['radio', 1, 'y', ['y']]], i2: [['checkbox', 1, ['c'], [['c']]]] },
      radios: { j1: [['radio', 0, 'n', ['y']], ['text', 0.5, 'a b', ['a c']]] },
    },
  });
  writeFileSync(join(dir, 'results.json'), serializeResults(r));
  const plain = runCli(['report', join(dir, 'results.json')]);
  assert.equal(plain.code, 0, plain.stderr);
  const iou = runCli(['report', join(dir, 'results.json'), '--checkbox', 'iou']);
  assert.equal(iou.code, 0, iou.stderr);
  assert.match(iou.stdout, /rescored-checkbox-iou\/index\.html/);
  const read = (sub: string, file: string) => parse(readFileSync(join(dir, sub, file)), { columns: true }) as Record<string, string>[];
  const before = read('.', 'per-field-type.csv');
  const after = read('rescored-checkbox-iou', 'per-field-type.csv');
  const changed = before.filter((row, i) => JSON.stringify(row) !== JSON.stringify(after[i])).map((row) => row.field_type);
  assert.deepEqual(changed, ['all', 'checkbox']);
  const tasksChanged = read('.', 'per-task.csv').filter((row, i) => JSON.stringify(row) !== JSON.stringify(read('rescored-checkbox-iou', 'per-task.csv')[i])).map((row) => row.task);
  assert.deepEqual(tasksChanged, ['boxes']);
  assert.match(readFileSync(join(dir, 'rescored-checkbox-iou', 'summary.md'), 'utf8'), /^Re-scored with: checkbox checkbox-iou {2}$/m);
  // The results read are left as they were.
  assert.deepEqual(readResults(join(dir, 'results.json')), r);
});

test('collectResults: one unreadable evaluations.json loses only its instance; a broken task file is listed with its errors', () => {
  const fieldsJson = JSON.stringify([{ evaluator: 'fields', score: 1, ceiling: 1, records: [{ field: 'q', type: 'radio', gold: ['y'], prediction: 'y', metric: 'majority-exact', score: 1, ceiling: 1 }] }]);
  const project = { name: 'oracle', metadata: { agent: 'oracle' } };
  const test = (annotations: Record<string, string>, result: Partial<TestResult>) =>
    ({ annotations: Object.entries(annotations).map(([type, description]) => ({ type, description })), results: [{ status: 'passed', annotations: [], attachments: [], ...result }], parent: { project: () => project } }) as unknown as TestCase;
  const suite = {
    allTests: () => [
      test({ task: 't', instance: 'b' }, { attachments: [{ name: 'evaluations.json', contentType: 'application/json', path: join(tempDir(), 'gone.json') }] }),
      test({ task: 't', instance: 'a' }, { attachments: [{ name: 'evaluations.json', contentType: 'application/json', body: Buffer.from(fieldsJson) }] }),
      test({ task: 'broken', errors: 'broken.yaml:3:1: fields.q.type: unknown field type' }, { status: 'failed' }),
      test({}, {}), // a harness test
    ],
  } as unknown as Suite;
  const config = { projects: [project], metadata: {}, version: '1.0.0', workers: 1, shard: null } as unknown as FullConfig;
  const results = collectResults(suite, config, new Date(0));
  assert.deepEqual(results.instances.map((i) => [i.instance, i.agent, i.outcome, i.score]), [['a', 'oracle', 'scored', 1], ['b', 'oracle', 'errored', null]]);
  assert.match(results.instances[1]!.error!, /^evaluations\.json could not be read: ENOENT/);
  assert.deepEqual(results.fields.map((f) => [f.instance, f.field, f.score]), [['a', 'q', 1]]);
  assert.deepEqual(results.evaluations, [{ project: 'oracle', task: 't', instance: 'a', evaluator: 'fields', score: 1, ceiling: 1 }]);
  assert.deepEqual(results.taskErrors, [{ project: 'oracle', task: 'broken', error: 'broken.yaml:3:1: fields.q.type: unknown field type' }]);
});

test('benchwright report: bad arguments are usage errors, a missing input names the path', () => {
  const dir = tempDir();
  const none = runCli(['report'], { BENCHWRIGHT_REPORT_DIR: dir });
  assert.equal(none.code, 1);
  assert.match(none.stderr, new RegExp(`^benchwright report: latest: no such file or folder, nor a run of that name in ${dir} \\(benchwright runs lists them\\)$`, 'm'));
  // Several runs are merged (a sharded run's): runs that are not there say so.
  const two = runCli(['report', 'a', 'b'], { BENCHWRIGHT_REPORT_DIR: dir });
  assert.equal(two.code, 1);
  assert.match(two.stderr, /^benchwright report: a: no such file or folder/m);
  const bad = runCli(['report', join(dir, 'x.json'), '--metric', 'chekbox=checkbox-iou']);
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /--metric chekbox=checkbox-iou: unknown field type "chekbox"/);
  const missing = runCli(['report', join(dir, 'nothing.json')]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /nothing\.json: no such file or folder/);
  const noBlobs = runCli(['report', dir]);
  assert.equal(noBlobs.code, 1);
  assert.match(noBlobs.stderr, /: not a run: expected a run folder \(with journal\.jsonl\), its results\.json, or a report folder with a latest run/);
});

test('untrusted names and messages render as text: summary.md, CSV files (no formulas), index.html, field scores', () => {
  const dir = tempDir();
  const benchmark = '<img src=x onerror=alert(1)> **bold** | pipe';
  const formula = '=HYPERLINK("http://x")';
  const dde = "-2+3+cmd|' /C calc'!A0";
  const listMarker = '- [x](javascript:alert(1)) <script>alert(2)</script>';
  const task = '@<u>task</u>';
  const r = results({ [dde]: { [task]: { i: [[formula, -0.5, 'y', ['y']]] } }, [listMarker]: { [task]: { i: 'errored' } } });
  r.meta.benchmark = benchmark;
  const error = 'line 1 | col 2\n# Heading\n<script>alert(1)</script> `code`';
  r.taskErrors = [{ project: dde, task: 'broken', error }];
  assert.deepEqual(writeReport(dir, r).problems, []);

  const md = readFileSync(join(dir, 'summary.md'), 'utf8');
  assert.equal(md.split('\n')[0], '# Benchmark results: &lt;img src=x onerror=alert(1)&gt; \\*\\*bold\\*\\* \\| pipe');
  assert.doesNotMatch(md, /</, 'no HTML tag can open');
  assert.ok(md.includes('| broken | line 1 \\| col 2 \\# Heading &lt;script&gt;alert(1)&lt;/script&gt; \\`code\\` |'), md);
  assert.ok(md.includes('\n- \\- \\[x\\](javascript:alert(1)) &lt;script&gt;alert(2)&lt;/script&gt;: 1 errored instance'), 'a name opens no nested list, link or tag');
  // Every row of every table has as many cells as its header (| inside a cell is escaped).
  const cellCount = (row: string) => row.match(/\\.|\|/g)!.filter((m) => m === '|').length;
  const tables = md.trimEnd().split('\n\n').filter((block) => block.startsWith('|'));
  assert.equal(tables.length, 4);
  for (const table of tables) {
    const rows = table.split('\n');
    assert.ok(rows.every((row) => cellCount(row) === cellCount(rows[0]!)), table);
  }

  const csv = (file: string) => parse(readFileSync(join(dir, file)), { columns: true }) as Record<string, string>[];
  const [perTask] = csv('per-task.csv');
  assert.deepEqual([perTask!.project, perTask!.task, perTask!.score], [`'${dde}`, `'${task}`, '-0.5']);
  assert.deepEqual(csv('per-field-type.csv').map((row) => [row.project, row.field_type, row.score]), [
    [`'${dde}`, 'all', '-0.5'],
    [`'${dde}`, `'${formula}`, '-0.5'],
    [`'${listMarker}`, 'all', ''],
  ]);
  const [field] = parse(fieldScoresCsv(r.fields), { columns: true }) as Record<string, string>[];
  assert.deepEqual([field!.field, field!.type, field!.score], [`'${formula}0`, `'${formula}`, '-0.5']);

  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  // The page as a browser parses it: which elements, and the text of each.
  const elements = new Set<string>();
  const texts = new Map<string, string[]>();
  const open = [{ name: '#document', text: '' }];
  new Parser({
    onopentag: (name) => {
      elements.add(name);
      open.push({ name, text: '' });
    },
    ontext: (text) => void (open.at(-1)!.text += text),
    onclosetag: () => {
      const { name, text } = open.pop()!;
      texts.set(name, [...(texts.get(name) ?? []), text]);
    },
  }).end(html);
  assert.ok(['img', 'script', 'u', 'a'].every((name) => !elements.has(name)), [...elements].join(' '));
  assert.deepEqual(texts.get('h1'), [`Benchmark results: ${benchmark}`]);
  assert.ok(texts.get('title')!.some((t) => t.startsWith(`${dde} · ${task}: -0.500`)), 'the chart\'s tooltip names the project as it is');
  assert.ok(texts.get('text')!.includes(task));
  assert.ok(texts.get('span')!.includes(listMarker));
});

test('goal tasks: success over every episode, each task its mean instance score, steps and answered; the form benchmark is left as it was', () => {
  const r = results({ p: { form: { a: [['text', 0.5, 'x', ['y']]], b: [['radio', 1, 'y', ['y']]] } } });
  const formOnly = summarizeProjects(r, SETTINGS)[0]!;
  const episode = (task: string, instance: string, score: number | null, steps: number, answer?: string): InstanceRow => ({
    project: 'p', agent: 'p', task, instance, status: 'passed', retries: 0, outcome: score === null ? 'not scored' : 'scored', score, ceiling: score === null ? null : 1,
    episode: { steps, end: answer === undefined ? 'max steps' : 'answered', ...(answer !== undefined && { answer }) },
  });
  // Three episodes in one task, one in the other: success is over the four (WebArena's rate), not the mean of the tasks' means.
  r.instances.push(episode('shop', '1', 1, 2, '9.99'), episode('shop', '2', 0, 30), episode('shop', '3', 0, 4, 'ten'), episode('wiki', '1', 1, 6, 'Paris'), episode('wiki', '2', null, 3, 'Lyon'));
  const [s] = summarizeProjects(r, SETTINGS);
  assert.deepEqual(s!.benchmark, formOnly.benchmark);
  assert.deepEqual(s!.allFields, formOnly.allFields);
  assert.equal(s!.goals!.success.value, 2 / 4);
  assert.deepEqual([s!.goals!.count, s!.goals!.meanSteps, s!.goals!.answered], [5, 45 / 5, 4 / 5]);
  const shop = s!.perTask.find((t) => t.task === 'shop')!;
  assert.equal(shop.score.value, 1 / 3);
  assert.deepEqual(shop.episodes, { count: 3, meanSteps: 36 / 3, answered: 2 / 3 });
  assert.equal(s!.perTask.find((t) => t.task === 'wiki')!.score.value, 1);
  assert.deepEqual(s!.perTask.map((t) => t.task), ['form', 'shop', 'wiki']);
  assert.equal(s!.tasks, 3);
  assert.equal(formOnly.goals, undefined);
});
