// The generated suite (src/runner/suite-plan.ts, suite-files.ts): a spec file per task on
// pages, one for the instances on sites, one for the manifest's check; the same files and test
// ids wherever it is generated, so that shards of one run merge.
import assert from 'node:assert/strict';
import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { taskSpec } from '../src/runner/suite-plan.ts';
import { specSource, UNUSED_SUITE_MS, writeSuite } from '../src/runner/suite-files.ts';
import { FORM_TASKS, ROOT, runPlaywright, tempDir } from './helpers.ts';

interface ListedSuite { title: string; file: string; suites?: ListedSuite[]; specs?: { title: string; id: string }[] }

/** `--list` as JSON: each spec file with the ids of its tests, and the folder the suite was written to. */
function listed(env: Record<string, string>, args: string[] = [], cwd = ROOT): { files: Map<string, string[]>; rootDir: string } {
  const run = runPlaywright(['test', `--config=${join(ROOT, 'playwright.config.ts')}`, '--project=oracle', '--list', '--reporter=json', ...args], { BENCHWRIGHT_ALLURE: 'off', ...env }, cwd);
  assert.equal(run.code, 0, run.output);
  const ids = (suite: ListedSuite): string[] => [...(suite.specs ?? []).map((s) => s.id), ...(suite.suites ?? []).flatMap(ids)];
  const report = JSON.parse(run.stdout) as { config: { rootDir: string }; suites: ListedSuite[] };
  return { files: new Map(report.suites.map((file) => [file.file, ids(file)])), rootDir: report.config.rootDir };
}

test('each task on pages is a spec file of its own, instances on sites share one; the files and test ids are the same wherever they are generated', () => {
  const dir = tempDir();
  const manifest = join(dir, 'tasks.yaml');
  writeFileSync(manifest, [
    'name: pages and sites',
    'tasks:',
    ...['tasks/caption-check', 'tasks/review-sentiment.yaml', 'test/fixtures/site-tasks/open-note.yaml', 'test/fixtures/site-tasks/add-note.yaml'].map((t) => `  - ${join(ROOT, t)}`),
    'sites:',
    '  notes: { env: BENCHWRIGHT_NOTES_URL, reset: /reset }',
    '',
  ].join('\n'));
  const { files: here, rootDir } = listed({ BENCHWRIGHT_TASKS: manifest });
  assert.ok(rootDir.startsWith(join(ROOT, 'node_modules', '.cache', 'benchwright', 'suites')), rootDir);
  // In the order they run: the manifest's check, tasks on pages, instances on sites.
  assert.deepEqual([...here.keys()], ['manifest.spec.js', 'pages/caption-check.spec.js', 'pages/review-sentiment.spec.js', 'sites.spec.js']);
  assert.equal(here.get('pages/caption-check.spec.js')!.length, 3);
  assert.equal(here.get('manifest.spec.js')!.length, 1);
  // Both site tasks' instances, in the one file the schedule spreads them over.
  assert.ok(here.get('sites.spec.js')!.length >= 2);
  // Elsewhere: run from a folder with no node_modules above it, the suite goes to the user's cache folder, as another machine's might.
  const elsewhere = listed({ BENCHWRIGHT_TASKS: manifest }, [], dir);
  assert.notEqual(elsewhere.rootDir, rootDir);
  assert.deepEqual(elsewhere.files, here);
});

test("a task's name picks its spec file on Playwright's command line", () => {
  assert.deepEqual([...listed({ BENCHWRIGHT_TASKS: FORM_TASKS }, ['caption-check']).files.keys()], ['pages/caption-check.spec.js']);
});

test('a spec file is named after its task, in characters every file system takes, and never twice', () => {
  const taken = new Set<string>();
  assert.deepEqual(['review', 'tasks/a b.yaml', 'tasks/a_b.yaml', 'Review', '..hidden'].map((t) => taskSpec(t, taken)), [
    'pages/review.spec.js', 'pages/tasks_a_b.yaml.spec.js', 'pages/tasks_a_b.yaml-2.spec.js', 'pages/Review-2.spec.js', 'pages/_hidden.spec.js',
  ]);
});

test('a suite is written once into a folder named by its content; another suite gets another folder; a root that cannot be written gives way to the next', () => {
  const root = tempDir();
  const spec = (arg: unknown) => specSource({ module: '/x/suite.ts', declare: 'declareSpec', arg, test: '/x/fixtures.ts' });
  const files = new Map([['pages/a.spec.js', spec('pages/a.spec.js')]]);
  const folder = writeSuite(files, [root]);
  assert.equal(writeSuite(new Map(files), [root]), folder);
  assert.deepEqual(readdirSync(join(folder, 'pages')), ['a.spec.js']);
  const other = writeSuite(new Map([['pages/b.spec.js', spec('pages/b.spec.js')]]), [root]);
  assert.notEqual(other, folder);
  // Nothing half-written is left beside them.
  assert.deepEqual(readdirSync(root).sort(), [folder, other].map((f) => f.slice(root.length + 1)).sort());

  // A root that cannot be written (here, beneath a file): the next one.
  const blocked = join(root, 'a-file');
  writeFileSync(blocked, '');
  const fallback = tempDir();
  assert.equal(writeSuite(files, [join(blocked, 'suites'), fallback]), join(fallback, folder.slice(root.length + 1)));
  // The argument is data: a JSON literal, whatever it holds.
  assert.match(spec('"); process.exit(1); ("'), /^declareSpec\("\\"\); process\.exit\(1\); \(\\"", \(\.\.\.args\) => test\(\.\.\.args\)\);$/m);
});

test('writing a suite removes those no run has used for 30 days; a suite used again is kept', () => {
  const root = tempDir();
  const spec = (name: string) => new Map([[`pages/${name}.spec.js`, specSource({ module: '/x/suite.ts', declare: 'declareSpec', arg: name, test: '/x/fixtures.ts' })]]);
  const old = writeSuite(spec('old'), [root]);
  const reused = writeSuite(spec('reused'), [root]);
  const partial = join(root, 'abc.123.partial');
  mkdirSync(partial);
  const longAgo = new Date(Date.now() - UNUSED_SUITE_MS - 60_000);
  for (const folder of [old, reused, partial]) utimesSync(folder, longAgo, longAgo);
  // A run of the reused suite marks it used; a new suite then clears the others out.
  assert.equal(writeSuite(spec('reused'), [root]), reused);
  const fresh = writeSuite(spec('fresh'), [root]);
  assert.deepEqual(readdirSync(root).sort(), [reused, fresh].map((f) => f.slice(root.length + 1)).sort());
});
