import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pairProjects } from '../src/cli/compare.ts';
import { UsageError } from '../src/usage-error.ts';
import { percentileInterval } from '../src/analysis/bootstrap.ts';
import { compareRuns, type Comparison } from '../src/analysis/compare.ts';
import { renderCompareMarkdown, renderCompareText } from '../src/render/compare.ts';
import { RESULTS_FORMAT, type BenchmarkResults, type FieldRow, type InstanceRow, type InstanceOutcome } from '../src/record/results.ts';
import { serializeResults } from '../src/runs/results-file.ts';
import { runCli, tempDir } from './helpers.ts';

/** Per project, task and instance: its field scores (scored when there is one), or an outcome without scores. */
type Spec = Record<string, Record<string, Record<string, number[] | Exclude<InstanceOutcome, 'scored'>>>>;

function run(spec: Spec): BenchmarkResults {
  const instances: InstanceRow[] = [];
  const fields: FieldRow[] = [];
  for (const [project, tasks] of Object.entries(spec)) {
    for (const [task, byInstance] of Object.entries(tasks)) {
      for (const [instance, scores] of Object.entries(byInstance)) {
        const base = { project, agent: project, task, instance, status: 'passed', retries: 0, ceiling: null };
        if (typeof scores === 'string') {
          instances.push({ ...base, outcome: scores, score: null });
          continue;
        }
        instances.push({ ...base, outcome: 'scored', score: scores.reduce((a, b) => a + b, 0) / scores.length });
        scores.forEach((score, i) => fields.push({ project, task, instance, field: `f${i}`, type: 'radio', gold: ['y'], prediction: 'y', score, metric: 'majority-exact' }));
      }
    }
  }
  return { format: RESULTS_FORMAT, meta: { date: '2026-01-01T00:00:00.000Z', versions: {}, projects: {}, selection: { seed: 1 } }, instances, fields, evaluations: [], taskErrors: [] };
}

const OPTIONS = { resamples: 500, seed: 1 };
const compare = (a: BenchmarkResults, b: BenchmarkResults, pairs: [string, string][] = [['p', 'p']], options = OPTIONS) =>
  compareRuns({ name: 'a.json', results: a }, { name: 'b.json', results: b }, pairs, options);

const BASE: Spec = { p: { t: { i1: [1, 1], i2: [0], i3: [1], i4: [0.5] }, u: { j1: [0.2], j2: [0.8], j3: [0.4] } } };

test('compare: two identical runs differ by 0 everywhere, with interval [0, 0] and no changed instance', () => {
  const c = compare(run(BASE), run(BASE));
  const [pair] = c.pairs;
  for (const d of [pair!.benchmark, ...pair!.tasks]) {
    assert.equal(d.difference, 0);
    assert.deepEqual(d.interval, [0, 0]);
  }
  assert.deepEqual([pair!.instances, pair!.changed, pair!.onlyInA, pair!.onlyInB], [7, [], [], []]);
  const text = renderCompareText(c);
  assert.match(text, /^p\s+p\s+7\s+0\s+0\s+0\s+0\.583\s+0\.583\s+0\.000\s+\[0\.000, 0\.000\]$/m);
  assert.match(text, /^p vs p, changed instances: none$/m);
});

test('compare: a changed instance is listed; scores are field-weighted over the instances both runs scored; B - A has B\'s sign', () => {
  const b: Spec = { p: { t: { ...BASE.p!.t!, i2: [1] }, u: BASE.p!.u! } };
  const [pair] = compare(run(BASE), run(b)).pairs;
  const t = pair!.tasks.find((x) => x.task === 't')!;
  // Task t: fields 1, 1, 0, 1, 0.5 in A (i1 has two) and 1, 1, 1, 1, 0.5 in B; task u is unchanged.
  assert.deepEqual([t.a, t.b, t.changed], [0.7, 0.9, 1]);
  assert.ok(Math.abs(t.difference! - 0.2) < 1e-12);
  assert.ok(t.interval![0] <= t.difference! && t.difference! <= t.interval![1], `${t.interval} contains ${t.difference}`);
  assert.ok(t.interval![1] > t.interval![0], 'the resamples that miss i2 show no difference');
  assert.ok(Math.abs(pair!.benchmark.difference! - 0.1) < 1e-12, 'the benchmark: the mean over tasks');
  assert.deepEqual(pair!.changed, [{ task: 't', instance: 'i2', a: { outcome: 'scored', score: 0 }, b: { outcome: 'scored', score: 1 } }]);
  assert.match(renderCompareText(compare(run(BASE), run(b))), /^t\s+i2\s+0\.000\s+1\.000$/m);
});

test('compare: an outcome that changed is listed with its outcomes and left out of the scores; instances in one run are listed', () => {
  const a: Spec = { p: { t: { i1: [1], i2: [0.5], i3: [1] } } };
  const b: Spec = { p: { t: { i1: [1], i2: 'errored', i4: [0] } } };
  const [pair] = compare(run(a), run(b)).pairs;
  assert.deepEqual(pair!.changed, [{ task: 't', instance: 'i2', a: { outcome: 'scored', score: 0.5 }, b: { outcome: 'errored', score: null } }]);
  assert.deepEqual([pair!.instances, pair!.benchmark.a, pair!.benchmark.b], [1, 1, 1]);
  assert.deepEqual(pair!.onlyInA, [{ task: 't', instance: 'i3' }]);
  assert.deepEqual(pair!.onlyInB, [{ task: 't', instance: 'i4' }]);
  const text = renderCompareText(compare(run(a), run(b)));
  assert.match(text, /^t\s+i2\s+0\.500\s+errored$/m);
  assert.match(text, /^t\s+i3\s+A\n^t\s+i4\s+B$/m);
});

test('compare: the bootstrap is paired: B = A + 0.1 on every instance gives the interval [0.1, 0.1]', () => {
  const scores = [0, 0.3, 0.9, 0.5, 0.2, 0.6];
  const shifted = (by: number): Spec => ({ p: { t: Object.fromEntries(scores.map((s, i) => [`i${i}`, [s + by]])) } });
  const [pair] = compare(run(shifted(0)), run(shifted(0.1))).pairs;
  for (const bound of pair!.benchmark.interval!) assert.ok(Math.abs(bound - 0.1) < 1e-12, `${pair!.benchmark.interval}`);
});

test('compare: the same runs print the same numbers; another seed moves the bounds', () => {
  const b: Spec = { p: { t: { i1: [0], i2: [1], i3: [0], i4: [1] }, u: { j1: [0.9], j2: [0.1], j3: [0.4] } } };
  assert.equal(renderCompareText(compare(run(BASE), run(b))), renderCompareText(compare(run(BASE), run(b))));
  const other = compare(run(BASE), run(b), [['p', 'p']], { ...OPTIONS, seed: 2 });
  assert.notDeepEqual(other.pairs[0]!.benchmark.interval, compare(run(BASE), run(b)).pairs[0]!.benchmark.interval);
  const none = compare(run(BASE), run(b), [['p', 'p']], { ...OPTIONS, resamples: 0 });
  assert.equal(none.pairs[0]!.benchmark.interval, null);
  assert.match(renderCompareText(none), /^p\s+p\s+7\s+6\s+0\s+0\s+0\.583\s+0\.483\s+-0\.100\s+–$/m);
});

test('percentileInterval: linear interpolation between order statistics; none without values', () => {
  const [lo, hi] = percentileInterval(Array.from({ length: 101 }, (_, i) => 101 - i), 0.95)!;
  assert.ok(Math.abs(lo - 3.5) < 1e-9 && Math.abs(hi - 98.5) < 1e-9, `[${lo}, ${hi}]`);
  assert.deepEqual(percentileInterval([NaN, 2], 0.95), [2, 2]);
  assert.equal(percentileInterval([NaN], 0.95), null);
});

test('pairProjects: same names, else one project each, else --pair; anything else names the projects of each run', () => {
  assert.deepEqual(pairProjects(['x', 'y', 'z'], ['z', 'x'], []), [['x', 'x'], ['z', 'z']]);
  assert.deepEqual(pairProjects(['oracle'], ['do-nothing'], []), [['oracle', 'do-nothing']]);
  assert.deepEqual(pairProjects(['x', 'y'], ['x', 'z'], ['y=z', 'x=z']), [['y', 'z'], ['x', 'z']]);
  const error = (message: RegExp) => (e: unknown) => e instanceof UsageError && message.test(e.message);
  assert.throws(() => pairProjects(['x', 'y'], ['z'], []), error(/^the runs share no project name.*run A has projects "x", "y"; run B has projects "z"/));
  assert.throws(() => pairProjects(['x'], ['z'], ['x=q']), error(/^--pair x=q: no such project \(run A has projects "x"; run B has projects "z"\)$/));
  assert.throws(() => pairProjects(['x'], ['z'], ['x']), error(/^--pair expects <A project>=<B project>, not "x"$/));
});

test('compare: projects left out of every pair are named under the table', () => {
  const c = compare(run({ ...BASE, q: BASE.p! }), run(BASE));
  assert.deepEqual(c.notCompared, { a: ['q'], b: [] });
  assert.match(renderCompareText(c), /^Not compared \(run A\): q\.$/m);
});

test('compare: Markdown escapes every name from the runs', () => {
  const spec: Spec = { 'p|<b>x</b>': { 'a|b <b>bold</b>': { '[i](http://x)': [1] } } };
  const changed: Spec = { 'p|<b>x</b>': { 'a|b <b>bold</b>': { '[i](http://x)': [0] } } };
  const md = renderCompareMarkdown(compare(run(spec), run(changed), [['p|<b>x</b>', 'p|<b>x</b>']]));
  assert.doesNotMatch(md, /<b>|[^\\]\]\(/);
  assert.match(md, /^\| a\\\|b &lt;b&gt;bold&lt;\/b&gt; \| \\\[i\\\]\(http:\/\/x\) \| 1\.000 \| 0\.000 \|$/m);
  assert.match(md, /^## p\\\|&lt;b&gt;x&lt;\/b&gt; vs p\\\|&lt;b&gt;x&lt;\/b&gt;, per task$/m);
});

test('benchwright compare: folders or results.json files; text and JSON; errors name the file', () => {
  const dir = tempDir();
  const write = (name: string, spec: Spec) => {
    mkdirSync(join(dir, name));
    writeFileSync(join(dir, name, 'results.json'), serializeResults(run(spec)));
  };
  write('oracle', { oracle: { t: { i1: [1], i2: [1] } } });
  write('nothing', { 'do-nothing': { t: { i1: [0], i2: [1] } } });
  const text = runCli(['compare', join(dir, 'oracle'), join(dir, 'nothing', 'results.json')]);
  assert.equal(text.code, 0, text.stderr);
  assert.match(text.stdout, /^oracle\s+do-nothing\s+2\s+1\s+0\s+0\s+1\.000\s+0\.500\s+-0\.500\s+\[-1\.000, 0\.000\]$/m);
  const json = runCli(['compare', join(dir, 'oracle'), join(dir, 'nothing'), '--json']);
  const parsed = JSON.parse(json.stdout) as Comparison;
  assert.deepEqual(Object.keys(parsed), ['a', 'b', 'resamples', 'seed', 'pairs', 'notCompared']);
  assert.deepEqual(parsed.pairs[0]!.changed, [{ task: 't', instance: 'i1', a: { outcome: 'scored', score: 1 }, b: { outcome: 'scored', score: 0 } }]);
  assert.equal(parsed.pairs[0]!.benchmark.difference, -0.5);
  const missing = runCli(['compare', join(dir, 'oracle'), join(dir, 'gone')]);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, new RegExp(`^benchwright compare: ${join(dir, 'gone')}: no such file or folder, nor a run of that name in `));
  const empty = runCli(['compare', dir, join(dir, 'oracle')]);
  assert.deepEqual([empty.code, empty.stderr.trim()], [1, `benchwright compare: ${dir}: not a run: expected a run folder (with journal.jsonl), its results.json, or a report folder with a latest run`]);
  const format = runCli(['compare', join(dir, 'oracle'), join(dir, 'nothing'), '--format', 'html']);
  assert.equal(format.code, 2);
  assert.equal(format.stderr, 'benchwright compare: unknown --format "html"; expected one of: text, markdown, json\nsee `benchwright compare --help`\n');
});
