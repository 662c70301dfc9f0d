import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, resolve } from 'node:path';
import { before, test } from 'node:test';
import type { BenchmarkResults } from '../src/record/results.ts';
import { ROOT, tempDir } from './helpers.ts';
import { installPacked, packThisPackage } from './user-project.ts';

const EXAMPLE = join(ROOT, 'examples', 'my-project');
const PLUGIN_EXAMPLE = join(ROOT, 'examples', 'my-benchmark');

let packed: { tarball: string; files: string[] };
before(() => {
  packed = packThisPackage(tempDir('benchwright-pack-'));
});

test('the package: packed, installed offline into a project of its own, it runs that project\'s task, agent and evaluator', { timeout: 300_000 }, () => {
  const { tarball, files } = packed;
  // What a user's project needs, and nothing of the repository's own.
  for (const file of ['bin/benchwright.js', 'dist/index.js', 'dist/index.d.ts', 'dist/plugin.js', 'dist/plugin.d.ts', 'dist/config/benchmark-config.js', 'dist/specs/suite.js', 'dist/fixtures/benchwright.js',
    'dist/reporters/benchmark.js', 'dist/src/cli/main.js', 'dist/src/server/crowd-html-elements.js', 'dist/src/viewer/page/index.html', 'dist/src/viewer/page/main.js', 'schemas/task.schema.json', 'schemas/manifest.schema.json', 'schemas/agent-protocol.schema.json', 'README.md']) {
    assert.ok(files.includes(file), `the package lacks ${file}`);
  }
  assert.deepEqual(files.filter((f) => /^(test|tasks|examples|scripts|specs|src|\.ci)\//.test(f) || (f.endsWith('.ts') && !f.endsWith('.d.ts'))), []);
  // Every relative import of the compiled code points at a file the package holds.
  const missing = files.filter((f) => f.endsWith('.js') && f.startsWith('dist/')).flatMap((f) => {
    const code = readFileSync(join(ROOT, f), 'utf8');
    return [...code.matchAll(/(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => join(dirname(f), m[1]!)).filter((target) => !files.includes(target));
  });
  assert.deepEqual(missing, []);

  // The example's own package.json installs this very tarball (its name follows the version).
  const example = JSON.parse(readFileSync(join(EXAMPLE, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  assert.equal(example.devDependencies.benchwright, `file:../../${basename(tarball)}`);
  const project = tempDir('benchwright-user-');
  installPacked(tarball, project);
  // The example project's own files: its config, a form task, a goal task, its agent and its evaluator.
  for (const part of ['playwright.config.ts', 'tsconfig.json', 'tasks', 'agents', 'evaluators']) cpSync(join(EXAMPLE, part), join(project, part), { recursive: true });

  // Its agent and evaluator type-check against the package's declarations.
  const tsc = spawnSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', project], { encoding: 'utf8' });
  assert.equal(tsc.status, 0, tsc.stdout);
  // Editors find the task schema the example's task files name.
  for (const taskFile of ['tasks/colour.yaml', 'tasks/lights/task.yaml']) {
    const schema = /\$schema=(\S+)/.exec(readFileSync(join(project, taskFile), 'utf8'))![1]!;
    assert.equal(resolve(project, dirname(taskFile), schema), join(project, 'node_modules', 'benchwright', 'schemas', 'task.schema.json'), taskFile);
  }
  assert.ok(existsSync(join(project, 'node_modules', 'benchwright', 'schemas', 'task.schema.json')));

  const env: NodeJS.ProcessEnv = { ...process.env, BENCHWRIGHT_ALLURE: 'off' };
  delete env.BENCHWRIGHT_TASKS;
  const run = spawnSync('npx', ['playwright', 'test'], { cwd: project, encoding: 'utf8', env, maxBuffer: 64 * 2 ** 20 });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^oracle +oracle +1\.000 ± 0\.000/m);
  assert.match(run.stdout, /^mine +\.\/agents\/first-guess\.ts +0\.500/m);
  const results = JSON.parse(readFileSync(join(project, 'benchwright-report', 'latest', 'results.json'), 'utf8')) as BenchmarkResults;
  const scores = Object.fromEntries(results.instances.map((i) => [`${i.project} ${i.task} ${i.instance}`, i.score]));
  assert.deepEqual(scores, {
    'oracle colour sky': 1, 'oracle colour rose': 1, 'oracle lights top': 1, 'oracle lights bottom': 1,
    // The first option is red: right for the rose only. The lamps are read off the page.
    'mine colour sky': 0, 'mine colour rose': 1, 'mine lights top': 1, 'mine lights bottom': 1,
  });
  // The same project as CommonJS (npm init's default): Playwright compiles its TypeScript to
  // CommonJS, and the config requires the package's ES modules.
  const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(project, 'package.json'), JSON.stringify({ ...manifest, type: 'commonjs' }, null, 2));
  const commonjs = spawnSync('npx', ['playwright', 'test', '--project=mine'], { cwd: project, encoding: 'utf8', env, maxBuffer: 64 * 2 ** 20 });
  assert.equal(commonjs.status, 0, commonjs.stdout + commonjs.stderr);
  assert.match(commonjs.stdout, /^mine +\.\/agents\/first-guess\.ts +0\.500 ± 0\.361 .* 1\.000 ± 0\.000 /m);

  // The installed CLI runs from the package too, and knows the project's evaluators when told.
  const cli = spawnSync('npx', ['benchwright', 'validate', 'tasks', '--evaluators', 'evaluators/mentions.ts'], { cwd: project, encoding: 'utf8', env });
  assert.equal(cli.status, 0, cli.stdout + cli.stderr);
  assert.match(cli.stdout, /2 task files, 4 instances, 0 errors/);
  // The run's viewer, written from the package's own page.
  assert.ok(existsSync(join(project, 'benchwright-report', 'latest', 'viewer', 'index.html')));
  const shown = spawnSync('npx', ['benchwright', 'show', '--no-open'], { cwd: project, encoding: 'utf8', env });
  assert.equal(shown.status, 0, shown.stdout + shown.stderr);
  assert.match(shown.stdout, /^benchwright show: file:\/\/.*\/viewer\/index\.html$/m);
});

test('a benchmark of the user\'s own, from the installed package: its importer in the CLI, its evaluator in a run, its table in the report', { timeout: 300_000 }, () => {
  const example = JSON.parse(readFileSync(join(PLUGIN_EXAMPLE, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  assert.equal(example.devDependencies.benchwright, `file:../../${basename(packed.tarball)}`);
  const project = tempDir('benchwright-plugin-');
  // Its importer reads files: Node's types too.
  installPacked(packed.tarball, project, ['@types/node']);
  for (const part of ['playwright.config.ts', 'tsconfig.json', 'trivia', 'questions.json']) cpSync(join(PLUGIN_EXAMPLE, part), join(project, part), { recursive: true });
  // The plugin type-checks against the package's declarations of benchwright/plugin.
  const tsc = spawnSync(process.execPath, [createRequire(import.meta.url).resolve('typescript/bin/tsc'), '-p', project], { encoding: 'utf8' });
  assert.equal(tsc.status, 0, tsc.stdout);
  const env: NodeJS.ProcessEnv = { ...process.env, BENCHWRIGHT_ALLURE: 'off' };
  delete env.BENCHWRIGHT_TASKS;
  const cli = (...args: string[]) => spawnSync('npx', ['benchwright', ...args], { cwd: project, encoding: 'utf8', env });

  // The CLI knows the benchmark when told: its importer is a source like the built-in ones.
  assert.match(cli('import', '--help', '--benchmarks', 'trivia/index.ts').stdout, /^ {2}trivia +a JSON file of questions/m);
  assert.match(cli('import', 'trivia', 'questions.json', '--out', 'imported').stderr, /unknown source "trivia"/);
  const imported = cli('--benchmarks', 'trivia/index.ts', 'import', 'trivia', 'questions.json', '--out', 'imported');
  assert.equal(imported.status, 0, imported.stdout + imported.stderr);
  assert.match(imported.stdout, /total: 1 tasks \(1 converted, 0 with errors\), 3 instances/);
  // Its task files name its evaluator: known with the benchmark, an error without it.
  assert.equal(cli('validate', 'imported', '--benchmarks', 'trivia/index.ts').status, 0);
  assert.match(cli('validate', 'imported').stdout, /trivia-answer/);

  const run = spawnSync('npx', ['playwright', 'test'], { cwd: project, encoding: 'utf8', env, maxBuffer: 64 * 2 ** 20 });
  assert.equal(run.status, 0, run.stdout + run.stderr);
  assert.match(run.stdout, /^oracle +oracle +1\.000 ± 0\.000/m);
  assert.match(run.stdout, /^do-nothing +do-nothing +0\.000 ± 0\.000/m);
  // Its table, where its place puts it (after By task), and its numbers in results.json.
  const latest = join(project, 'benchwright-report', 'latest');
  const summary = readFileSync(join(latest, 'summary.md'), 'utf8');
  assert.match(summary, /## By task[^#]*## Trivia by difficulty\n\n\| project \| difficulty \| questions \| correct \|\n.*\n\| oracle \| easy \| 2 \| 1\.000 \|\n\| oracle \| hard \| 1 \| 1\.000 \|\n\| do-nothing \| easy \| 2 \| 0\.000 \|\n\| do-nothing \| hard \| 1 \| 0\.000 \|\n\n## By field type/);
  const kept = JSON.parse(readFileSync(join(latest, 'results.json'), 'utf8')) as { triviaByDifficulty: { project: string; correct: number }[] };
  assert.deepEqual(kept.triviaByDifficulty.map((r) => [r.project, r.correct]), [['oracle', 2], ['oracle', 1], ['do-nothing', 0], ['do-nothing', 0]]);
  // Rendered again by the CLI, the table stays when the CLI knows the benchmark.
  const again = cli('report', 'latest', '--out', 'again', '--benchmarks', 'trivia/index.ts');
  assert.equal(again.status, 0, again.stdout + again.stderr);
  assert.match(readFileSync(join(project, 'again', 'summary.md'), 'utf8'), /## Trivia by difficulty/);
});
