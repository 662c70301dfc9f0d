import assert from 'node:assert/strict';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { TestResult } from '@playwright/test/reporter';
import type { RunRecord } from '../src/record/results.ts';
import { carryInstanceFiles } from '../src/runs/carry-files.ts';
import { keepNetwork, networkFile } from '../src/runs/network-files.ts';
import { instanceFileId, keepScreenshots, SCREENSHOTS } from '../src/runs/screenshot-files.ts';
import { instanceKey } from '../src/record/keys.ts';
import { appendTrajectory, keepTrajectory, locateTrajectories, readTrajectories, TRAJECTORIES, type Steps } from '../src/runs/trajectories.ts';
import { tempDir } from './helpers.ts';

// A resumed or merged run takes over the files of the instances its earlier run's journal holds,
// and only those: a run killed after an instance's files and before its journal line runs that
// instance again, and its new attempt's files must not meet the old ones.

const FINISHED = { project: 'oracle', task: 'review', instance: 'done' };
const CUT_SHORT = { project: 'oracle', task: 'review', instance: 'cut-short' };
const record = (key: typeof FINISHED) => ({ instance: { ...key, outcome: 'scored', score: 1, ceiling: 1 }, fields: [], evaluations: [] }) as unknown as RunRecord;
const withFinalPage = { attachments: [{ name: 'final page', contentType: 'image/jpeg', body: Buffer.from([0xff, 0xd8, 1]) }] } as unknown as TestResult;

/** A killed run's folder: both instances' files written, only the first's journal line. */
function killedRun(): string {
  const run = tempDir();
  const har = join(tempDir(), 'network.har');
  writeFileSync(har, '{"log":{"entries":[]}}');
  for (const key of [FINISHED, CUT_SHORT]) {
    appendTrajectory(run, { ...key, score: 1, ceiling: 1, fieldTrajectory: { title: 't', description: '', steps: [] } });
    keepNetwork(run, key, har);
    keepScreenshots(run, key, withFinalPage);
  }
  return run;
}

test('a resumed run carries the files of the instances in the earlier journal, not those of one the kill cut short of its line', () => {
  const earlier = killedRun();
  const resumed = tempDir();
  const { withSteps } = carryInstanceFiles(earlier, resumed, [record(FINISHED), { taskError: { project: 'oracle', task: 'broken', error: 'no such file' } }]);
  assert.deepEqual(readTrajectories(resumed).map((t) => t.instance), ['done']);
  // The resumed run's reporter knows which carried instances have steps (a rerun without any says so).
  assert.deepEqual([...withSteps], [instanceKey(FINISHED)]);
  assert.ok(existsSync(networkFile(resumed, FINISHED.project, FINISHED.task, FINISHED.instance)));
  assert.ok(!existsSync(networkFile(resumed, CUT_SHORT.project, CUT_SHORT.task, CUT_SHORT.instance)));
  assert.deepEqual(readdirSync(join(resumed, SCREENSHOTS)), [instanceFileId(FINISHED)]);
});

test('a journal of no instance carries nothing; a cut last line is left out', () => {
  const earlier = killedRun();
  writeFileSync(join(earlier, TRAJECTORIES), '{"project":"oracle","task":"review","instance":"done","score":1', { flag: 'a' });
  const resumed = tempDir();
  carryInstanceFiles(earlier, resumed, []);
  assert.deepEqual(readTrajectories(resumed), []);
  assert.deepEqual(readdirSync(join(resumed, SCREENSHOTS)), []);
});

test('an attempt that recorded no traffic leaves no HAR of an earlier attempt', () => {
  const run = killedRun();
  keepNetwork(run, FINISHED, undefined);
  assert.ok(!existsSync(networkFile(run, FINISHED.project, FINISHED.task, FINISHED.instance)));
  assert.ok(existsSync(networkFile(run, CUT_SHORT.project, CUT_SHORT.task, CUT_SHORT.instance)));
});

test("an attempt that recorded no steps after one that did: the earlier attempt's steps are not the instance's", () => {
  const run = tempDir();
  const written = new Set<string>();
  const scored = { ...FINISHED, score: 0, ceiling: 1 };
  const episode = { trajectory: { goal: 'g', steps: [], end: 'answered' } } as unknown as Steps;
  keepTrajectory(run, { ...CUT_SHORT, score: 0, ceiling: 1 }, undefined, written);
  assert.ok(!existsSync(join(run, TRAJECTORIES)), 'an instance that never had steps writes no line');
  keepTrajectory(run, scored, episode, written);
  assert.deepEqual([...locateTrajectories(run).keys()], [instanceKey(FINISHED)]);
  keepTrajectory(run, scored, undefined, written);
  assert.deepEqual(readTrajectories(run), []);
  assert.equal(locateTrajectories(run).size, 0);
  keepTrajectory(run, scored, episode, written);
  assert.deepEqual(readTrajectories(run).map((t) => t.instance), ['done']);
  assert.equal(locateTrajectories(run).size, 1);
});
