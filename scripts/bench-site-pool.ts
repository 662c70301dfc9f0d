// npm run bench: what a pool of site copies gains. The notes stand-in's 9 instances
// (test/fixtures/site-tasks: every one resets the site, so each holds its copy alone), each
// reset taking 2 s as a real site's restore takes minutes, run by the oracle: one copy and one
// worker (the way WebArena runs), one copy and three workers (they take turns), three copies
// and three workers. The wall time of each, and the speed-up over one copy.
import { join } from 'node:path';
import { readResults } from '../src/runs/results-file.ts';
import { ROOT, runPlaywrightAsync } from '../test/helpers.ts';
import { NotesSite } from '../test/sites/notes-site.ts';

const RESET_MS = 2000;
const copies = await Promise.all([0, 1, 2].map(() => NotesSite.start()));
for (const copy of copies) copy.resetMs = RESET_MS;
try {
  const rows: [string, number][] = [];
  for (const [count, workers] of [[1, 1], [1, 3], [3, 3]] as const) {
    const started = performance.now();
    const run = await runPlaywrightAsync(['test', '--project=oracle', `--workers=${workers}`], {
      BENCHWRIGHT_TASKS: join(ROOT, 'test', 'fixtures', 'site-tasks', 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off',
      BENCHWRIGHT_NOTES_URL: copies.slice(0, count).map((c) => c.url).join(','),
    });
    const seconds = (performance.now() - started) / 1000;
    const scores = readResults(join(run.dir, 'benchwright-report', 'latest', 'results.json')).instances.map((i) => i.score);
    if (run.code !== 0 || scores.some((s) => s !== 1)) throw new Error(run.output);
    rows.push([`${count} cop${count > 1 ? 'ies' : 'y'}, ${workers} worker${workers > 1 ? 's' : ''}`, seconds]);
  }
  console.log(`Site pool: 9 instances that reset their site (${RESET_MS / 1000} s a reset), oracle, wall time of the whole run:`);
  for (const [label, seconds] of rows) console.log(`${label.padEnd(20)}  ${seconds.toFixed(1).padStart(5)} s  ${(rows[0]![1] / seconds).toFixed(2)}x`);
} finally {
  await Promise.all(copies.map((c) => c.close()));
}
