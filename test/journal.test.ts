import assert from 'node:assert/strict';
import { appendFileSync, mkdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { test } from 'node:test';
import { JOURNAL, JournalWriter, readJournal, stillWriting } from '../src/runs/journal.ts';
import { type RunRecord } from '../src/record/results.ts';
import type { RunMetadata } from '../src/record/results.ts';
import { createRunFolder, LATEST, listRuns, locateResults, pointLatestAt, readRun, resolveRun, runFolderName } from '../src/runs/run-folders.ts';
import { planResume } from '../src/runs/resume.ts';
import { mergeRuns } from '../src/runs/merge-runs.ts';
import { runCli, tempDir } from './helpers.ts';

const meta: RunMetadata = { date: '2026-11-23T10:00:00.000Z', versions: {}, selection: { seed: 1 }, projects: { oracle: { agent: 'oracle' } } };

const record = (instance: string, score: number, outcome: 'scored' | 'errored' = 'scored'): RunRecord => ({
  instance: { project: 'oracle', agent: 'oracle', task: 't', instance, outcome, status: 'passed', retries: 0, score, ceiling: 1 },
  fields: [{ project: 'oracle', task: 't', instance, field: 'q', type: 'radio', gold: ['a'], prediction: 'a', metric: 'majority-exact', score, ceiling: 1 }],
  evaluations: [{ project: 'oracle', task: 't', instance, evaluator: 'fields', score, ceiling: 1 }],
});

function journalWith(records: RunRecord[]): string {
  const folder = tempDir();
  const writer = new JournalWriter(join(folder, JOURNAL), meta);
  for (const r of records) writer.append(r);
  return folder;
}

test('a journal is read back record by record; a later record of an instance replaces the earlier one', () => {
  const folder = journalWith([record('a', 0, 'errored'), record('b', 1), record('a', 1)]);
  const { meta: read, records, end } = readJournal(folder);
  assert.deepEqual(read, meta);
  assert.equal(end, undefined);
  assert.deepEqual(records, [record('b', 1), record('a', 1)]);
});

test('a last line cut short by a crash is ignored; a bad line before it is an error naming the file and line', () => {
  const folder = journalWith([record('a', 1), record('b', 1)]);
  const file = join(folder, JOURNAL);
  appendFileSync(file, JSON.stringify(record('c', 1)).slice(0, 40));
  assert.deepEqual(readJournal(folder).records.map((r) => 'instance' in r && r.instance.instance), ['a', 'b']);

  const lines = readFileSync(file, 'utf8').split('\n');
  writeFileSync(file, [lines[0], lines[1]!.slice(0, 30), lines[2], ''].join('\n'));
  assert.throws(() => readJournal(folder), new RegExp(`^Error: ${file}:2: not a journal record: `));

  writeFileSync(file, '{"format": "benchwright-results/1"}\n');
  assert.throws(() => readJournal(folder), /journal.jsonl:1: expected a benchwright journal \("journal": "benchwright-journal\/1"\), found null/);
  assert.throws(() => readJournal(tempDir()), /: not a benchwright run \(no journal.jsonl\)$/);
});

test('a closed journal records how the run ended; the run reads as results in a fixed order', () => {
  const folder = tempDir();
  new JournalWriter(join(folder, JOURNAL), meta).close({ status: 'interrupted', date: meta.date });
  assert.deepEqual(readJournal(folder).end, { status: 'interrupted', date: meta.date });
  assert.equal(readRun(folder).running, false);
  assert.throws(() => new JournalWriter(join(folder, JOURNAL), meta), /EEXIST/, 'a journal is never written over');

  const run = journalWith([record('z', 1), record('a', 0.5)]);
  const { results, end, running } = readRun(run);
  assert.equal(end, undefined);
  assert.equal(running, true, 'this process wrote it and is alive');
  assert.deepEqual(results.instances.map((i) => i.instance), ['a', 'z']);
  assert.deepEqual(results.fields.map((f) => f.score), [0.5, 1]);
});

test('run folders: named by time and projects, never reused, `latest` the newest; names resolve', () => {
  const reports = tempDir();
  const name = runFolderName(new Date('2026-11-23T22:45:03.123Z'), ['oracle', 'gpt 4/o']);
  assert.equal(name, '2026-11-23T22-45-03Z_oracle+gpt-4-o');
  const first = createRunFolder(reports, name);
  const second = createRunFolder(reports, name);
  assert.equal(second, `${first}-2`);
  for (const folder of [first, second]) {
    new JournalWriter(join(folder, JOURNAL), meta).close({ status: 'passed', date: meta.date });
    pointLatestAt(folder);
  }
  assert.equal(readlinkSync(join(reports, LATEST)), `${name}-2`);
  mkdirSync(join(reports, 'not-a-run'));
  assert.deepEqual(listRuns(reports), [first, second]);

  assert.equal(resolveRun(undefined, reports), second);
  assert.equal(resolveRun(LATEST, reports), second);
  assert.equal(resolveRun(name, reports), first);
  assert.equal(resolveRun(join(first, JOURNAL), reports), first);
  assert.equal(resolveRun(reports, tempDir()), second, 'a report folder names its latest run');
  assert.throws(() => resolveRun('nope', reports), /^Error: nope: no such file or folder, nor a run of that name in .* \(benchwright runs lists them\)$/);
  assert.throws(() => resolveRun(undefined, tempDir()), /^Error: latest: no such file or folder/);
  assert.throws(() => resolveRun(join(reports, 'not-a-run'), reports), /not-a-run: not a run: expected a run folder/);
});

test('a run still being written cannot be resumed; a run of other choices is refused naming each difference', () => {
  const reports = tempDir();
  const folder = createRunFolder(reports, 'run');
  const writer = new JournalWriter(join(folder, JOURNAL), meta);
  pointLatestAt(folder);
  writer.append(record('a', 1));
  const choice = { selection: { seed: 1 }, projects: [{ name: 'oracle', metadata: { agent: 'oracle' } }] };
  assert.throws(() => planResume('latest', reports, choice), new RegExp(`^Error: BENCHWRIGHT_RESUME: ${folder} is still running \\(process ${process.pid}\\): resume it once it has stopped$`));
  writer.close({ status: 'interrupted', date: meta.date });
  assert.deepEqual([...planResume('latest', reports, choice).finished.keys()], ['oracle']);
  assert.match(' oracle pages/t.spec.js t @train @t a', planResume('latest', reports, choice).finished.get('oracle')!);
  assert.match(' oracle sites.spec.js t @train @t a', planResume('latest', reports, choice).finished.get('oracle')!);
  assert.doesNotMatch(' oracle pages/t.spec.js t @train @t ab', planResume('latest', reports, choice).finished.get('oracle')!);
  assert.throws(() => planResume('latest', reports, { selection: { seed: 2, instances: 3 }, projects: [{ name: 'oracle', metadata: { agent: 'random' } }] }),
    /cannot be resumed by this run: it chose instances all \(not set\), this run 3; it chose seed 1, this run 2; project oracle ran with \{"agent":"oracle"\}, now \{"agent":"random"\}$/);
});

test('shards that chose differently are refused naming each difference, as a resume is; a manifest written from here or in full is the same', () => {
  const reports = tempDir();
  const shard = (current: number, choice: Partial<RunMetadata>, instance: string) => {
    const folder = createRunFolder(reports, `shard-${current}`);
    const writer = new JournalWriter(join(folder, JOURNAL), { ...meta, shard: { current, total: 2 }, ...choice });
    writer.append(record(instance, 1));
    writer.close({ status: 'passed', date: meta.date });
    return folder;
  };
  const tasks = { selection: { seed: 1, tasks: 'tasks.yaml' } };
  const merged = mergeRuns([shard(1, tasks, 'a'), shard(2, { selection: { seed: 1, tasks: resolve('tasks.yaml') } }, 'b')], reports);
  assert.deepEqual(merged.results.instances.map((i) => i.instance), ['a', 'b']);
  const other = { selection: { seed: 2, tasks: 'tasks.yaml' }, projects: { oracle: { agent: 'random' } } };
  assert.throws(() => mergeRuns([shard(1, tasks, 'a'), shard(2, other, 'b')], reports),
    /is not a shard of the same run as .*: seed 1 against 2; project oracle ran with \{"agent":"oracle"\} against \{"agent":"random"\}$/);
});

test('a writer is told apart from a later process with its id; a report folder names its latest run before any stale results.json', () => {
  const folder = journalWith([record('a', 1)]);
  const journal = readJournal(folder);
  assert.equal(stillWriting(journal), true, 'this very process');
  assert.equal(stillWriting({ ...journal, writer: { ...journal.writer!, started: '1' } }), false, 'same pid, another process');
  assert.equal(stillWriting({ ...journal, writer: { ...journal.writer!, boot: 'another-boot' } }), false, 'same pid, before a reboot');

  const reports = tempDir();
  const [older, run] = [createRunFolder(reports, 'a'), createRunFolder(reports, 'b')];
  for (const folder of [older, run]) {
    new JournalWriter(join(folder, JOURNAL), meta).close({ status: 'passed', date: meta.date });
    pointLatestAt(folder);
  }
  writeFileSync(join(reports, 'results.json'), '{}'); // left by an older version, at the top
  assert.equal(locateResults(reports).folder, realpathSync(run));
  rmSync(run, { recursive: true }); // latest's folder deleted: the other runs still list
  const runs = runCli(['runs', reports]);
  assert.equal(runs.code, 0, runs.stderr);
  assert.match(runs.stdout, /^  a  .* complete \(passed\)$/m);
});
