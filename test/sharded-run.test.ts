// A run spread over machines: Playwright's --shard, each shard a process with folders of its
// own (nothing shared), one of them resumed, then `benchwright report <shard runs...>` merging
// their runs into one: its results, tables and viewer those of the same run unsharded.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readResults } from '../src/runs/results-file.ts';
import { readTrajectories } from '../src/runs/trajectories.ts';
import { journalled, killedRun, runCli, runPlaywrightAsync, tempDir, withoutRunLine } from './helpers.ts';

const PROJECTS = ['test', '--project=oracle', '--project=do-nothing'];
const OFF = { BENCHWRIGHT_ALLURE: 'off' };
const rows = (folder: string) => readResults(join(folder, 'results.json')).instances;

test('three shards in folders of their own, one killed halfway and resumed, merged: the same results, tables and viewer as the run unsharded', async () => {
  const whole = await runPlaywrightAsync(PROJECTS, OFF);
  assert.equal(whole.code, 0, whole.output);
  const unsharded = join(whole.dir, 'benchwright-report', 'latest');
  const shards = [];
  for (const shard of ['1/3', '2/3', '3/3']) {
    const reports = join(tempDir(), 'reports');
    const env = { ...OFF, BENCHWRIGHT_REPORT_DIR: reports };
    if (shard === '2/3') {
      // Shard 2's machine dies after 2 instances; resumed, the shard runs the rest of its own share, not a share moved by what it finished.
      const killed = await killedRun([...PROJECTS, `--shard=${shard}`, '--workers=1'], env, 2);
      const resumed = await runPlaywrightAsync([...PROJECTS, `--shard=${shard}`], { ...env, BENCHWRIGHT_RESUME: 'latest' });
      assert.equal(resumed.code, 0, resumed.output);
      const finished = journalled(killed.folder);
      assert.ok(finished.length >= 2 && finished.length < 7, finished.join(', '));
      assert.match(resumed.output, new RegExp(`${finished.length} skipped`));
    } else assert.equal((await runPlaywrightAsync([...PROJECTS, `--shard=${shard}`], env)).code, 0);
    shards.push(reports);
  }
  const mergedReports = join(tempDir(), 'merged');
  const merged = runCli(['report', ...shards], { BENCHWRIGHT_REPORT_DIR: mergedReports });
  assert.equal(merged.code, 0, merged.stderr);
  const latest = join(mergedReports, 'latest');
  assert.deepEqual(rows(latest), rows(unsharded));
  assert.equal(withoutRunLine(readFileSync(join(latest, 'summary.md'), 'utf8')), withoutRunLine(readFileSync(join(unsharded, 'summary.md'), 'utf8')));
  for (const file of ['per-task.csv', 'per-field-type.csv']) assert.equal(readFileSync(join(latest, file), 'utf8'), readFileSync(join(unsharded, file), 'utf8'), file);
  const trajectories = (folder: string) => readTrajectories(folder).map((r) => `${r.project} ${r.task} ${r.instance}`).sort();
  assert.deepEqual(trajectories(latest), trajectories(unsharded));
  assert.match(readFileSync(join(latest, 'viewer', 'index.html'), 'utf8'), /<html/i);
  assert.equal(readResults(join(latest, 'results.json')).meta.mergedFrom?.length, 3);

  // A shard given twice, or one missing: refused, naming it.
  const twice = runCli(['report', shards[0]!, shards[0]!, shards[1]!, shards[2]!], { BENCHWRIGHT_REPORT_DIR: join(tempDir(), 'again') });
  assert.equal(twice.code, 1, twice.stdout);
  assert.match(twice.stderr, /shard 1\/3 is given twice/);
  const partial = runCli(['report', shards[0]!, shards[2]!], { BENCHWRIGHT_REPORT_DIR: join(tempDir(), 'partial') });
  assert.equal(partial.code, 1, partial.stdout);
  assert.match(partial.stderr, /shard 2\/3 missing: merge the runs of every shard/);
});
