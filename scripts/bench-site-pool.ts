// npm run bench: what a pool of site copies gains, on the notes stand-in (test/sites) whose
// reset takes 2 s, as a real site's restore takes minutes; the oracle runs, and every instance
// resets its site (so it holds its copy alone).
// 1. The 9 instances of test/fixtures/site-tasks: one copy and one worker (the way WebArena
//    runs), one copy and three workers (they take turns), three copies and three workers.
// 2. The scheduler (src/runner/schedule.ts): 12 instances on two sites, written one site's
//    after the other's, two copies of each and four workers: spread over the run, both sites'
//    copies are busy at once.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readResults } from '../src/runs/results-file.ts';
import { ROOT, runPlaywrightAsync, tempDir } from '../test/helpers.ts';
import { NotesSite } from '../test/sites/notes-site.ts';

const RESET_MS = 2000;

/** The oracle's run: its wall time, every instance at 1 or an error. */
async function wallTime(workers: number, env: Record<string, string>): Promise<number> {
  const started = performance.now();
  const run = await runPlaywrightAsync(['test', '--project=oracle', `--workers=${workers}`], { BENCHWRIGHT_ALLURE: 'off', ...env });
  const seconds = (performance.now() - started) / 1000;
  const scores = readResults(join(run.dir, 'benchwright-report', 'latest', 'results.json')).instances.map((i) => i.score);
  if (run.code !== 0 || scores.some((s) => s !== 1)) throw new Error(run.output);
  return seconds;
}

/** Two sites of notes, a task on each opening notes six times (one after the other in the task set). */
function twoSiteTasks(): string {
  const folder = tempDir('benchwright-two-sites-');
  const manifest = 'name: two sites\ntasks: [notes.yaml, pad.yaml]\nsites:\n  notes: { env: BENCHWRIGHT_NOTES_URL, reset: /reset }\n  pad: { env: BENCHWRIGHT_PAD_URL, reset: /reset }\n';
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'tasks.yaml'), manifest);
  const solution = `["fill(\\"role=textbox[name='Username']\\", \\"alice\\")", 'fill("input[name=password]", "wonderland")', "click(\\"role=button[name='Sign in']\\")", "click(\\"role=link[name='\${title}']\\")"]`;
  const instances = [1, 2, 3, 1, 2, 3].map((id, i) => `  - { id: open-${i}, values: { title: ${['Groceries', 'Reading list', 'Garden'][id - 1]}, id: "${id}" }, solution: ${solution} }`).join('\n');
  for (const site of ['notes', 'pad']) {
    writeFileSync(join(folder, `${site}.yaml`), `id: ${site}-open\ntitle: Open a note\nsplit: test\nsite: ${site}\nstart_url: /notes\nrequire_reset: true\ngoal: 'Sign in as alice (password: wonderland) and open the note titled "\${title}".'\neval:\n  - url: { reference_url: "/notes/\${id}" }\ninstances:\n${instances}\n`);
  }
  return join(folder, 'tasks.yaml');
}

const copies = await Promise.all([0, 1, 2, 3].map(() => NotesSite.start()));
for (const copy of copies) copy.resetMs = RESET_MS;
const urls = (from: number, count: number) => copies.slice(from, from + count).map((c) => c.url).join(',');
try {
  const rows: [string, number][] = [];
  for (const [count, workers] of [[1, 1], [1, 3], [3, 3]] as const) {
    const seconds = await wallTime(workers, { BENCHWRIGHT_TASKS: join(ROOT, 'test', 'fixtures', 'site-tasks', 'tasks.yaml'), BENCHWRIGHT_NOTES_URL: urls(0, count) });
    rows.push([`${count} cop${count > 1 ? 'ies' : 'y'}, ${workers} worker${workers > 1 ? 's' : ''}`, seconds]);
  }
  console.log(`Site pool: 9 instances that reset their site (${RESET_MS / 1000} s a reset), oracle, wall time of the whole run:`);
  for (const [label, seconds] of rows) console.log(`${label.padEnd(20)}  ${seconds.toFixed(1).padStart(5)} s  ${(rows[0]![1] / seconds).toFixed(2)}x`);
  const tasks = twoSiteTasks();
  const one = await wallTime(1, { BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_NOTES_URL: urls(0, 1), BENCHWRIGHT_PAD_URL: urls(2, 1) });
  const pooled = await wallTime(4, { BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_NOTES_URL: urls(0, 2), BENCHWRIGHT_PAD_URL: urls(2, 2) });
  console.log(`Scheduler: 12 instances on two sites (6 of each, written one site's after the other's), oracle:`);
  console.log(`1 copy of each, 1 worker     ${one.toFixed(1).padStart(5)} s  1.00x`);
  console.log(`2 copies of each, 4 workers  ${pooled.toFixed(1).padStart(5)} s  ${(one / pooled).toFixed(2)}x (at most 4x: 4 instances at once)`);
} finally {
  await Promise.all(copies.map((c) => c.close()));
}
