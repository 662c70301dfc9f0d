import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { readResults } from '../src/runs/results-file.ts';
import { runPlaywright, tempDir } from './helpers.ts';

// Task pages and task files that misbehave, run as a user runs them: each instance keeps to
// its own budget, and the next one starts on a browser that works.

const results = (dir: string) => readResults(join(dir, 'benchwright-report', 'latest', 'results.json'));

test('a page stuck in a script costs its own instance\'s time once (not a second timeout in teardown); the run goes on', () => {
  const tasks = tempDir();
  writeFileSync(join(tasks, 'loops.yaml'), `id: loops
title: A page that never lets go
split: test
html: <input name="q" value="x"><script>setTimeout(() => { for (;;) {} }, 0);</script>
instances: [{ id: stuck, values: {}, gold: { q: [x] } }]
`);
  writeFileSync(join(tasks, 'then.yaml'), `id: then
title: The instance after it
split: test
html: <input name="q" value="x">
instances: [{ id: fine, values: {}, gold: { q: [x] } }]
`);
  // One worker: the stuck page and the next instance share it.
  const report = join(tempDir(), 'report.json');
  const run = runPlaywright(['test', '--project=do-nothing', '--workers=1', '--timeout=20000', '--reporter=./reporters/benchmark.ts,json'], { BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_ALLURE: 'off', PLAYWRIGHT_JSON_OUTPUT_FILE: report });
  assert.equal(run.code, 1, run.output);
  const rows = results(run.dir).instances.map((i) => [i.task, i.outcome, i.error?.replace(/^Test timeout of \d+(\.\d+)?ms exceeded\.$/, 'timed out')]);
  assert.deepEqual(rows, [['loops', 'errored', 'timed out'], ['then', 'scored', undefined]]);
  // Its 20 s, then the teardown's 5 s bound and a new page: an unbounded teardown used to wait
  // on the stuck page for a second test timeout (40 s and more).
  const tests = JSON.parse(readFileSync(report, 'utf8'), (key, value) => (key === 'stats' ? undefined : value));
  const durations = [...JSON.stringify(tests).matchAll(/"duration":(\d+)/g)].map((m) => Number(m[1]));
  assert.ok(durations.length === 3 && Math.max(...durations) < 30_000, `test durations ${durations.join(', ')} ms`);
});

test('a task of 200K instances is read outside the instances\' time: the first one passes within a 2 s timeout', () => {
  const tasks = tempDir();
  const rows = Array.from({ length: 200_000 }, (_, i) => `"sentence number ${i}, long enough to be like the text of a real crowdsourcing task row",answer ${i % 7}`);
  writeFileSync(join(tasks, 'instances.csv'), ['text,Answer.q', ...rows].join('\n'));
  writeFileSync(join(tasks, 'big.yaml'), 'id: big\ntitle: Big\nsplit: test\nhtml: <p>${text}</p><input name="q">\ninstances: { csv: instances.csv }\n');
  // Reading 21 MB of CSV takes about 2 s here, in the worker that runs the first instance.
  const run = runPlaywright(['test', '--project=do-nothing', '--workers=1', '--timeout=2000'], { BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_INSTANCES: '2', BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  assert.deepEqual(results(run.dir).instances.map((i) => i.outcome), ['scored', 'scored']);
});
