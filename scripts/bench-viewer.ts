// npm run bench, the viewer: a run of 30,000 instances (the size of TurkingBench's train run)
// grown from a real one, its viewer written, and opened in the benchmark's browser from
// file://: until the list shows, and until an instance shows once its row is clicked (each
// in a chunk not loaded yet), beside the browser's own floor (an empty page from file://);
// and the viewer's files against the rest of the run folder.
// Usage: tsx scripts/bench-viewer.ts [run folder to grow from] [instances]
//   (default: a run of the bundled tasks by the oracle and do-nothing, every step's screenshot kept)
import { cpSync, existsSync, mkdirSync, realpathSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import config from '../playwright.config.ts';
import type { InstanceRow, RunRecord } from '../src/record/results.ts';
import { assembleResults } from '../src/runs/assemble.ts';
import { JOURNAL, JournalWriter, readJournal } from '../src/runs/journal.ts';
import { SCREENSHOTS } from '../src/runs/screenshot-files.ts';
import { readTrajectories, TRAJECTORIES } from '../src/runs/trajectories.ts';
import { writeReport } from '../src/runs/write-report.ts';
import { seededRandom } from '../src/seeded-random.ts';
import { VIEWER, writeViewer } from '../src/viewer/write-viewer.ts';
import { runPlaywrightAsync, tempDir } from '../test/helpers.ts';
import { recordFigure } from './bench-figures.ts';
import { folderSize } from './folder-size.ts';

/** Names the viewer and the tables group by, kept as they are. */
const KEPT = new Set(['project', 'agent', 'task', 'split', 'outcome', 'status', 'type', 'metric', 'evaluator', 'end', 'tags', 'sites', 'role', 'field']);

const work = tempDir('benchwright-bench-viewer-');
const wanted = Number(process.argv[3] ?? 30_000);
const source = process.argv[2] ? realpathSync(process.argv[2]) : await sourceRun();
const run = join(work, 'grown');
mkdirSync(run);

// Copies of each instance, renamed, their content disguised: each copy's letters swapped by a
// permutation of its own, as another instance of the same task would read (its structure kept:
// names of projects, tasks, fields and kinds, and a tree's roles and refs; its texts changed),
// so gzip finds in a copy what it finds in another instance of a real run, not a repetition.
const journal = readJournal(source);
const instances = journal.records.filter((r): r is Extract<RunRecord, { instance: InstanceRow }> => 'instance' in r);
const copies = Math.ceil(wanted / instances.length);
const renamed = <T extends { instance: string }>(row: T, copy: number): T => (copy ? { ...disguised(row, letterSwap(copy)), instance: `${row.instance}-${copy}` } : row);
const writer = new JournalWriter(join(run, JOURNAL), journal.meta);
const records: RunRecord[] = [];
for (let copy = 0; copy < copies; copy++) {
  for (const r of instances) {
    if (records.length >= wanted) break;
    const record = { instance: renamed(r.instance, copy), fields: r.fields.map((f) => renamed(f, copy)), evaluations: r.evaluations.map((e) => renamed(e, copy)) };
    writer.append(record);
    records.push(record);
  }
}
writer.close({ status: 'passed', date: new Date().toISOString() });
// Each instance's steps as the run's readers see them (a line saying an instance has none is no episode to copy).
const steps = readTrajectories(source);
const trajectories: string[] = [];
for (let copy = 0; copy < copies; copy++) for (const record of steps) trajectories.push(JSON.stringify(renamed(record, copy)));
writeFileSync(join(run, TRAJECTORIES), `${trajectories.slice(0, wanted).join('\n')}\n`);
// The originals keep their screenshots; under screenshot auto a run this size keeps a few.
if (existsSync(join(source, SCREENSHOTS))) cpSync(join(source, SCREENSHOTS), join(run, SCREENSHOTS), { recursive: true });
const results = assembleResults(journal.meta, records, () => 0);
writeReport(run, results, { resamples: 100 });

const writing = performance.now();
const page = writeViewer(run, results);
const writeSeconds = (performance.now() - writing) / 1000;
const viewerBytes = folderSize(join(run, VIEWER)).bytes;
const runBytes = folderSize(run).bytes - viewerBytes;

const browser = await chromium.launch(config.use?.launchOptions);
const blank = join(work, 'blank.html');
writeFileSync(blank, '<!doctype html><p>blank</p>');
const timed = async (act: () => Promise<unknown>) => {
  const start = performance.now();
  await act();
  return (performance.now() - start) / 1000;
};
const floor = await timed(async () => (await browser.newPage()).goto(pathToFileURL(blank).href));
const tab = await browser.newPage({ viewport: { width: 1400, height: 900 } });
const listSeconds = await timed(async () => {
  await tab.goto(pathToFileURL(page).href);
  await tab.locator('.row').first().waitFor();
});
// Rows spread over the run, each in a chunk of its own: a search shows it, then it is clicked.
const opened: number[] = [];
for (const n of [1, 4, 7, 9].map((tenth) => Math.floor((records.length * tenth) / 10))) {
  const { instance } = (records[n] as { instance: InstanceRow }).instance;
  await tab.locator('input[name=text]').fill(instance);
  await tab.locator('.row', { hasText: instance }).first().waitFor();
  opened.push(await timed(async () => {
    await tab.locator('.row', { hasText: instance }).first().click();
    await tab.locator(`#instance[data-loaded$="${instance}"]`).waitFor();
  }));
}
await browser.close();

const kb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
console.log(`\nThe viewer of a run of ${records.length.toLocaleString('en')} instances (grown from ${source}):`);
console.log(`  written in                         ${writeSeconds.toFixed(1)} s`);
console.log(`  its files                          ${kb(viewerBytes)}, ${((100 * viewerBytes) / runBytes).toFixed(1)}% of the rest of the run folder (${kb(runBytes)}); target <= 10%`);
console.log(`  an empty page from file:// (floor) ${floor.toFixed(2)} s`);
console.log(`  the list shown                     ${listSeconds.toFixed(2)} s; target <= 2 s`);
console.log(`  an instance shown, once clicked    ${opened.map((s) => s.toFixed(2)).join(', ')} s (max ${Math.max(...opened).toFixed(2)}); target <= 1 s`);
console.log(`  (the run: ${run})`);
recordFigure({ figure: `viewer of ${records.length.toLocaleString('en')} instances, the list shown (s)`, value: listSeconds, floor: { value: floor, name: 'an empty page from file://' }, target: { max: 2 } });
recordFigure({ figure: 'viewer, an instance shown once clicked (slowest, s)', value: Math.max(...opened), floor: { value: floor, name: 'an empty page from file://' }, target: { max: 1 } });
recordFigure({ figure: 'viewer, its share of the run folder (%)', value: (100 * viewerBytes) / runBytes, target: { max: 10 } });

function disguised(value: unknown, swap: (text: string) => string, key = ''): any {
  if (KEPT.has(key)) return value;
  if (typeof value === 'string') return swap(value);
  if (Array.isArray(value)) return value.map((v) => disguised(v, swap));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, disguised(v, swap, k)]));
  return value;
}

/** A permutation of the lower-case letters, one per copy (seeded). */
function letterSwap(copy: number): (text: string) => string {
  const random = seededRandom(copy);
  const letters = [...'abcdefghijklmnopqrstuvwxyz'];
  for (let i = letters.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [letters[i], letters[j]] = [letters[j]!, letters[i]!];
  }
  const swap = (text: string) => text.replace(/[a-z]/g, (c) => letters[c.charCodeAt(0) - 97]!);
  // A tree's texts are its names in quotes and what follows text: and /url:.
  return (text) => (text.includes('[ref=') ? text.replace(/"[^"\n]*"|(?<=(?:text|\/url): ).*$/gm, swap) : swap(text));
}

async function sourceRun(): Promise<string> {
  const reports = join(work, 'source');
  const ran = await runPlaywrightAsync(['test', '--project=oracle', '--project=do-nothing', '--workers=2'], { BENCHWRIGHT_REPORT_DIR: reports, BENCHWRIGHT_SCREENSHOT: 'steps', BENCHWRIGHT_ALLURE: 'off' });
  if (!existsSync(join(reports, 'latest'))) throw new Error(`the source run wrote no run folder:\n${ran.stdout}\n${ran.stderr}`);
  return realpathSync(join(reports, 'latest'));
}
