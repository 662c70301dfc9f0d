import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { before, test } from 'node:test';
import { chromium } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import config from '../playwright.config.ts';
import { readResults } from '../src/runs/results-file.ts';
import { FORM_TASKS, ROOT, runCli, runPlaywright, SHARED_TURKINGBENCH, tempDir, withoutRunLine } from './helpers.ts';

// The benchmark reporter end to end: real runs of the bundled tasks, as a user starts them.

const PROJECTS = ['--project=oracle', '--project=do-nothing', '--project=random'];
const BUNDLED_INSTANCES = 10;
let full: ReturnType<typeof runPlaywright>;

before(() => {
  full = runPlaywright(['test', ...PROJECTS]);
  assert.equal(full.code, 0, full.output);
});

const report = (dir: string, file: string) => join(dir, 'benchwright-report', 'latest', file);

test('the table prints after Playwright\'s own summary: oracle 1.000 with standard error 0', () => {
  const lines = full.stdout.split('\n');
  const passed = lines.findIndex((l) => /^\s+\d+ passed/.test(l));
  const header = lines.findIndex((l) => /^project\s+agent\s+benchmark\s+all fields/.test(l));
  assert.ok(passed >= 0 && header > passed, full.stdout);
  assert.match(full.stdout, /^oracle\s+oracle\s+1\.000 ± 0\.000\s+1\.000 ± 0\.000\s+1\.000 ± 0\.000/m);
  assert.match(full.stdout, /^do-nothing\s+do-nothing\s+0\.\d{3} ± 0\.\d{3}/m);
  assert.match(full.stdout, /^project\s+.*\btasks\s+instances\s+fields\s+errored$/m);
  assert.match(full.stdout, new RegExp(`^oracle\\s+4\\s+${BUNDLED_INSTANCES}\\s+52\\s+0$`, 'm'));
});

test('results.json holds every field record with its run metadata; the tables parse', () => {
  const results = readResults(report(full.dir, 'results.json'));
  assert.equal(results.instances.length, 3 * BUNDLED_INSTANCES);
  assert.deepEqual([...new Set(results.instances.map((i) => `${i.project}:${i.agent}`))], ['oracle:oracle', 'do-nothing:do-nothing', 'random:random']);
  assert.ok(results.instances.every((i) => i.outcome === 'scored' && i.status === 'passed'));
  assert.equal(results.fields.filter((f) => f.score !== null).length, 3 * 52);
  assert.ok(results.fields.filter((f) => f.score === null).every((f) => f.reason), 'an unscored field says why');
  for (const f of results.fields) {
    for (const key of ['project', 'task', 'instance', 'field', 'type', 'gold', 'prediction', 'metric', 'score'] as const) assert.ok(key in f, `${key} missing in ${JSON.stringify(f)}`);
  }
  assert.match(results.meta.versions.playwright ?? '', /^1\.\d+\.\d+$/);
  assert.match(results.meta.versions.browser ?? '', /^chromium \d+\./);
  // The manifest's path as a user would write it from the working directory.
  assert.deepEqual(results.meta.selection, { tasks: relative(ROOT, FORM_TASKS), instances: 'all', seed: 1 });
  assert.deepEqual(results.meta.projects.oracle, { agent: 'oracle', minScore: 1 });
  const perTask = parse(readFileSync(report(full.dir, 'per-task.csv')), { columns: true }) as Record<string, string>[];
  assert.equal(perTask.length, 3 * 4);
  assert.ok(perTask.filter((r) => r.project === 'oracle').every((r) => r.score === '1' && r.se === '0'));
  const perType = parse(readFileSync(report(full.dir, 'per-field-type.csv')), { columns: true }) as Record<string, string>[];
  assert.deepEqual(perType.filter((r) => r.project === 'oracle' && r.field_type === 'all').map((r) => [r.fields, r.score, r.se]), [['52', '1', '0']]);
  assert.match(readFileSync(report(full.dir, 'summary.md'), 'utf8'), /^\| oracle \| oracle \| 1\.000 ± 0\.000 \| 1\.000 ± 0\.000 \|/m);
});

test('index.html opens from disk in the browser and is not blank: tables and one bar per task and project', async () => {
  const browser = await chromium.launch(config.use?.launchOptions);
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(pathToFileURL(report(full.dir, 'index.html')).href);
    assert.equal(await page.locator('svg rect').count(), 3 * 4);
    assert.equal(await page.locator('table').count(), 3);
    const shot = await page.screenshot();
    // Count pixels in the screenshot: not blank, and the oracle's bars are drawn in its colour.
    const counts = await page.evaluate(async (png) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width: image.width, height: image.height });
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      let ink = 0;
      let oracleBlue = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (data[i]! < 200 || data[i + 1]! < 200 || data[i + 2]! < 200) ink++;
        if (data[i] === 0x1f && data[i + 1] === 0x77 && data[i + 2] === 0xb4) oracleBlue++;
      }
      return { ink: ink / (data.length / 4), oracleBlue };
    }, shot.toString('base64'));
    assert.ok(counts.ink > 0.03, `only ${(counts.ink * 100).toFixed(1)}% of the page is drawn`);
    assert.ok(counts.oracleBlue > 4 * 500, `oracle bars: ${counts.oracleBlue} pixels`);
  } finally {
    await browser.close();
  }
});

test('--shard=1/2 and 2/2 with the blob reporter, merged with merge-reports: the same tables, byte for byte', () => {
  const blobs = join(tempDir(), 'all-blobs');
  mkdirSync(blobs);
  for (const shard of ['1/2', '2/2']) {
    const blobDir = join(tempDir(), 'blob');
    const run = runPlaywright(['test', ...PROJECTS, `--shard=${shard}`, '--reporter=blob'], { PLAYWRIGHT_BLOB_OUTPUT_DIR: blobDir });
    assert.equal(run.code, 0, run.output);
    for (const zip of readdirSync(blobDir)) copyFileSync(join(blobDir, zip), join(blobs, zip));
  }
  const merged = runPlaywright(['merge-reports', '-c', 'playwright.config.ts', blobs]);
  assert.equal(merged.code, 0, merged.output);
  const summary = readFileSync(report(full.dir, 'summary.md'), 'utf8');
  assert.equal(withoutRunLine(readFileSync(report(merged.dir, 'summary.md'), 'utf8')), withoutRunLine(summary));
  for (const file of ['per-task.csv', 'per-field-type.csv']) assert.equal(readFileSync(report(merged.dir, file), 'utf8'), readFileSync(report(full.dir, file), 'utf8'), file);
  // `benchwright report <blob folder>` merges the same way.
  const out = join(tempDir(), 'from-blobs');
  const cli = runCli(['report', blobs, '--out', out], { BENCHWRIGHT_REPORT_DIR: join(tempDir(), 'reports') });
  assert.equal(cli.code, 0, cli.stderr);
  assert.equal(withoutRunLine(readFileSync(join(out, 'summary.md'), 'utf8')), withoutRunLine(summary));
});

test('instances that error and task files that do not load are counted and kept, not lost', () => {
  const tasks = tempDir();
  copyFileSync(join(ROOT, 'tasks', 'review-sentiment.yaml'), join(tasks, 'review-sentiment.yaml'));
  copyFileSync(join(ROOT, 'test', 'fixtures', 'malformed', 'unknown-field-type.yaml'), join(tasks, 'broken.yaml'));
  // A 1 ms test timeout: every instance fails before its fields are scored.
  const run = runPlaywright(['test', '--project=do-nothing', '--timeout=1'], { BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 1, run.output);
  assert.match(run.stdout, /^do-nothing\s+do-nothing\s+–\s+–\s+0\s+3\s+0\s+3$/m);
  assert.match(run.stdout, /do-nothing: 3 errored instances/);
  const results = readResults(report(run.dir, 'results.json'));
  assert.deepEqual(results.instances.map((i) => [i.instance, i.outcome, i.status]), [['desk-lamp', 'errored', 'timedOut'], ['headphones', 'errored', 'timedOut'], ['kettle', 'errored', 'timedOut']]);
  assert.ok(results.instances.every((i) => /timeout of 1ms exceeded/i.test(i.error ?? '')), JSON.stringify(results.instances));
  assert.equal(results.taskErrors.length, 1);
  assert.equal(results.taskErrors[0]!.task, 'unknown-field-type');
  assert.match(results.taskErrors[0]!.error, /unknown field type "radios"/);
  assert.match(readFileSync(report(run.dir, 'summary.md'), 'utf8'), /## Task files that failed to load/);
});

test('real TurkingBench tasks: the oracle reaches each instance\'s ceiling; with --range nearest it is 1.000 ± 0.000', { skip: !existsSync(SHARED_TURKINGBENCH) && 'no ../shared/turkingbench' }, () => {
  const source = tempDir();
  // A range task whose annotators disagree, a checkbox-heavy one and a radio one.
  for (const name of ['Commongen Evals (RLUE)', 'Annotate WaNLI', 'Annotation Rating']) {
    cpSync(join(SHARED_TURKINGBENCH, 'tasks', name), join(source, name), { recursive: true });
  }
  const tasks = join(tempDir(), 'tb');
  const imported = runCli(['import', 'turkingbench', source, '--out', tasks]);
  assert.equal(imported.code, 0, imported.stderr);
  const run = runPlaywright(['test', '--project=oracle', '--project=do-nothing', '--workers=2'], { BENCHWRIGHT_TASKS: tasks, BENCHWRIGHT_INSTANCES: '4', BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  assert.match(run.stdout, /^oracle\s+oracle\s+\d\.\d{3} ± \d\.\d{3}/m);
  const results = readResults(report(run.dir, 'results.json'));
  assert.equal(results.meta.benchmark, 'TurkingBench');
  const oracle = results.instances.filter((i) => i.project === 'oracle');
  assert.equal(oracle.length, 12);
  for (const i of oracle) assert.ok(Math.abs(i.score! - i.ceiling!) < 1e-12, `${i.task} ${i.instance}: ${i.score} < ceiling ${i.ceiling}`);
  const nearest = runCli(['report', report(run.dir, 'results.json'), '--range', 'nearest']);
  assert.equal(nearest.code, 0, nearest.stderr);
  assert.match(nearest.stdout, /^oracle\s+oracle\s+1\.000 ± 0\.000\s+1\.000 ± 0\.000\s/m);
});

test('Allure: labels, parameters and attachments per instance, the records left out; `allure generate` works without network', (t) => {
  const resultsDir = join(full.dir, 'allure-results');
  const results = readdirSync(resultsDir).filter((f) => f.endsWith('-result.json')).map((f) => JSON.parse(readFileSync(join(resultsDir, f), 'utf8')));
  const kettle = results.find((r) => r.name === 'kettle' && r.parameters.some((p: { value: string }) => p.value === 'random'));
  assert.ok(kettle, 'the random agent\'s kettle instance');
  const labels = Object.fromEntries(kettle.labels.map((l: { name: string; value: string }) => [l.name, l.value]));
  assert.deepEqual([labels.epic, labels.feature, labels.story, labels.parentSuite], ['benchwright examples', 'review-sentiment', 'train', 'random']);
  const parameters = Object.fromEntries(kettle.parameters.map((p: { name: string; value: string }) => [p.name, p.value]));
  assert.deepEqual([parameters.instance, parameters.agent], ['kettle', 'random']);
  const attachments = (step: { attachments?: { name: string }[]; steps?: unknown[] }): string[] => [
    ...(step.attachments ?? []).map((a) => a.name),
    ...((step.steps ?? []) as (typeof step)[]).flatMap(attachments),
  ];
  const names = attachments(kettle);
  for (const name of ['field scores.csv', 'actions.json', 'final page']) assert.ok(names.includes(name), `${name} in ${names.join(', ')}`);
  // The records programs read are in the run folder and the HTML report, not in Allure (reporters/allure.ts).
  for (const name of ['evaluations.json', 'field-trajectory.json']) assert.ok(!names.includes(name), `${name} left out of Allure: ${names.join(', ')}`);

  if (spawnSync('unshare', ['--net', 'true']).status !== 0) {
    t.skip('cannot make a network namespace here (unshare --net)');
    return;
  }
  const out = join(tempDir(), 'allure-report');
  // A network namespace of its own: only a loopback that is down, nothing can be reached.
  const generate = spawnSync('unshare', ['--net', process.execPath, join(ROOT, 'node_modules', 'allure', 'cli.js'), 'generate', resultsDir, '-o', out], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(generate.status, 0, generate.stdout + generate.stderr);
  assert.ok(existsSync(join(out, 'index.html')));
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8')) as { stats: { total: number; passed: number } };
  assert.deepEqual(summary.stats, { total: 3 * (BUNDLED_INSTANCES + 1), passed: 3 * (BUNDLED_INSTANCES + 1) });
});
