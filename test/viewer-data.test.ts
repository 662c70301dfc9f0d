import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { runInNewContext } from 'node:vm';
import { RESULTS_FORMAT, type BenchmarkResults, type InstanceRow } from '../src/record/results.ts';
import { JOURNAL } from '../src/runs/journal.ts';
import { instanceFileId, SCREENSHOTS } from '../src/runs/screenshot-files.ts';
import { appendTrajectory } from '../src/runs/trajectories.ts';
import type { InstanceView } from '../src/viewer/instance-view.ts';
import { base85 } from '../src/viewer/packed.ts';
import { verdictOf } from '../src/viewer/verdict.ts';
import type { ViewerIndex } from '../src/viewer/viewer-index.ts';
import { viewerIsCurrent, writeViewer } from '../src/viewer/write-viewer.ts';
import { ROOT, tempDir } from './helpers.ts';

/** The page's own reading of a data script (src/viewer/page/data.js, run in a sandbox): base 85, then gunzip. */
async function unpack(script: string, inflate = true): Promise<unknown> {
  const page = { window: {} as Record<string, (length: number, digits: string) => void>, Uint8Array, DataView, Blob, DecompressionStream, Response, JSON };
  const BW = runInNewContext(`${readFileSync(join(ROOT, 'src', 'viewer', 'page', 'data.js'), 'utf8')}\nBW`, page) as { bytes: (p: unknown) => Uint8Array; inflate: (p: unknown) => Promise<unknown> };
  let packed: unknown;
  runInNewContext(script, { benchwrightData: (length: number, digits: string) => (packed = { length, digits }) });
  return inflate ? BW.inflate(packed) : [...BW.bytes(packed)];
}

const row = (n: number, extra: Partial<InstanceRow> = {}): InstanceRow => ({
  project: n % 2 ? 'oracle' : 'do-nothing', agent: 'x', task: `task-${n % 7}`, instance: `i${n}`, outcome: 'scored', status: 'passed', retries: 0, score: 1, ceiling: 1, ...extra,
});

test('base 85: 5 digits per 4 bytes, none a quote or a backslash, any length; the page reads back what was written', async () => {
  for (const length of [0, 1, 3, 4, 5, 1000]) {
    const bytes = Buffer.from(Array.from({ length }, (_, i) => (i * 97 + 13) % 256));
    const digits = base85(bytes);
    assert.equal(digits.length, Math.ceil(length / 4) * 5);
    assert.doesNotMatch(digits, /["\\]/);
    assert.deepEqual(await unpack(`benchwrightData(${length},"${digits}");\n`, false), [...bytes]);
  }
  // Zero is the first digit; the last group is padded with zeros.
  assert.equal(base85(Buffer.from([0, 0, 0, 0, 0])), '##########');
  assert.deepEqual(await unpack(`benchwrightData(4,"${base85(Buffer.from([0xff, 0xff, 0xff, 0xff]))}");\n`, false), [0xff, 0xff, 0xff, 0xff]);
});

test('one class per instance: what stopped it before how it scored', () => {
  assert.equal(verdictOf(row(1)), 'won');
  assert.equal(verdictOf(row(1, { score: 0.9, ceiling: 0.9 })), 'won');
  assert.equal(verdictOf(row(1, { score: 0.5 })), 'partial');
  assert.equal(verdictOf(row(1, { score: 0 })), 'lost');
  assert.equal(verdictOf(row(1, { outcome: 'not scored', score: null, ceiling: null })), 'not scored');
  assert.equal(verdictOf(row(1, { outcome: 'errored', score: null })), 'errored');
  assert.equal(verdictOf(row(1, { outcome: 'not run', score: null })), 'not run');
  assert.equal(verdictOf(row(1, { score: 0, budgetReached: 'maxCalls 3' })), 'budget reached');
  assert.equal(verdictOf(row(1, { score: 0.5, pageLimited: ['f'] })), 'page-limited');
});

test("a run's viewer: an index of every row, instances in chunks with their episode, fields, evidence and screenshots", async () => {
  const run = tempDir();
  writeFileSync(join(run, JOURNAL), '{}\n');
  const instances = Array.from({ length: 900 }, (_, n) => row(n, n === 5 ? { score: 0, tags: ['hard'], episode: { steps: 1, end: 'answered' }, usage: { calls: 1, promptTokens: 10, completionTokens: 2, cost: 0.01, cached: 0 } } : {}));
  const results: BenchmarkResults = {
    format: RESULTS_FORMAT, meta: { date: '2026-11-27T00:00:00Z', versions: {}, projects: {} }, instances, taskErrors: [{ project: 'oracle', task: 'broken', error: 'broken.yaml:3:1: expected a page' }],
    fields: [{ project: 'do-nothing', task: 'task-3', instance: 'i10', field: 'name', gold: ['a', 'b'], prediction: 'a', score: 1, ceiling: 1, type: 'text' }],
    evaluations: [{ project: 'oracle', task: 'task-5', instance: 'i5', evaluator: 'answer', score: 0, expected: '42', got: '41', inputs: { evidence: '41', expected: '42' } }],
  };
  appendTrajectory(run, { project: 'oracle', task: 'task-5', instance: 'i5', score: 0, ceiling: 1, trajectory: {
    goal: 'find it', end: 'answered', answer: '41',
    steps: [{ step: 1, action: 'send_msg_to_user("41")', ok: true, url: 'http://x/', snapshotChars: 9, ms: 5 }],
    observations: [{ step: 0, url: 'http://x/', title: 'X', tabs: [{ index: 0, url: 'http://x/', title: 'X', focused: true }], snapshot: '- main [ref=e1]' }],
  } });
  const id = instanceFileId(instances[5]!);
  mkdirSync(join(run, SCREENSHOTS, id), { recursive: true });
  for (const name of ['step-1.jpg', 'final.jpg']) writeFileSync(join(run, SCREENSHOTS, id, name), 'jpeg');
  writeFileSync(join(run, SCREENSHOTS, id, 'final.json'), JSON.stringify({ width: 10, height: 10, boxes: { name: [1, 2, 3, 4] } }));

  const page = writeViewer(run, results);
  assert.equal(page, join(run, 'viewer', 'index.html'));
  const data = join(run, 'viewer', 'data');
  const index = await unpack(readFileSync(join(data, 'index.js'), 'utf8')) as ViewerIndex;
  assert.equal(index.rows.length, 900);
  assert.equal(index.chunks, 3);
  assert.deepEqual(index.taskErrors, results.taskErrors, 'task files that did not load: said above the list');
  assert.deepEqual(readdirSync(data).sort(), ['0.js', '1.js', '2.js', 'index.js']);
  const [project, task, instance, verdict, score, ceiling, steps, end, cost, tags, chunk, at] = index.rows[5]!;
  assert.deepEqual([index.projects[project], index.tasks[task], instance, index.verdicts[verdict], score, ceiling, steps, index.ends[end], cost, tags.map((t) => index.tags[t])], ['oracle', 'task-5', 'i5', 'lost', 0, 1, 1, 'answered', 0.01, ['hard']]);
  const view = ((await unpack(readFileSync(join(data, `${chunk}.js`), 'utf8'))) as InstanceView[])[at]!;
  assert.equal(view.row.instance, 'i5');
  assert.deepEqual(view.episode?.seen, [{ snapshot: '- main [ref=e1]' }]);
  assert.deepEqual(view.evaluations, [{ evaluator: 'answer', score: 0, expected: '42', got: '41' }]);
  assert.deepEqual(view.shots, { final: `../screenshots/${id}/final.jpg`, steps: { 1: `../screenshots/${id}/step-1.jpg` }, boxes: { width: 10, height: 10, boxes: { name: [1, 2, 3, 4] } } });
  const [, , , , , , , , , , chunk10, at10] = index.rows[10]!;
  assert.deepEqual(((await unpack(readFileSync(join(data, `${chunk10}.js`), 'utf8'))) as InstanceView[])[at10]!.fields?.map((f) => f.field), ['name']);
  // The page, its script and style beside the data.
  for (const file of ['index.html', 'data.js', 'list.js', 'episode.js', 'instance.js', 'main.js', 'viewer.css']) assert.ok(readdirSync(join(run, 'viewer')).includes(file), file);

  // Current until the journal changes (a run still going, a resumed one).
  assert.equal(viewerIsCurrent(run), true);
  appendFileSync(join(run, JOURNAL), '{}\n');
  const later = new Date(Date.now() + 5000);
  utimesSync(join(run, JOURNAL), later, later);
  assert.equal(viewerIsCurrent(run), false);
});
