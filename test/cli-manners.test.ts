import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { RESULTS_FORMAT, type BenchmarkResults, type RunMetadata } from '../src/record/results.ts';
import { JOURNAL, JournalWriter } from '../src/runs/journal.ts';
import { createRunFolder, pointLatestAt } from '../src/runs/run-folders.ts';
import { serializeResults } from '../src/runs/results-file.ts';
import { FORM_TASKS, ROOT, runCli, tempDir } from './helpers.ts';

// The CLI's manners, Playwright's: --version, help everywhere, a usage error as one line and a
// pointer to the help (exit code 2), the same words for the same mistake on every command.

const COMMANDS = ['setup', 'validate', 'import', 'report', 'runs', 'compare', 'show', 'export', 'evaluate', 'help'];
const SOURCES = 'turkingbench, miniwob, webarena, webarena-verified, assistantbench, workarena';
const CLI_DOC = readFileSync(join(ROOT, 'docs', 'cli.md'), 'utf8');

/** docs/cli.md's section on a command: from its heading to the next of its level or above. */
function docSection(command: string): string {
  const heading = new RegExp(`^(#+) benchwright ${command}$`, 'm').exec(CLI_DOC);
  assert.ok(heading, `docs/cli.md has no heading "benchwright ${command}"`);
  const rest = CLI_DOC.slice(heading.index + heading[0].length);
  const next = new RegExp(`^#{1,${heading[1]!.length}} `, 'm').exec(rest);
  return next ? rest.slice(0, next.index) : rest;
}

/** The long options a help lists, less the two every command has (docs/cli.md says them once). */
const optionsOf = (help: string) =>
  [...help.slice(help.indexOf('\nOptions:\n')).matchAll(/^ {2}(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!).filter((o) => o !== '--benchmarks' && o !== '--help');

test('--version and -V print the package version', () => {
  const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const flag of ['--version', '-V']) assert.deepEqual(runCli([flag]), { code: 0, stdout: `benchwright ${version}\n`, stderr: '' });
});

test('the top help lists every command with a line of its own, aligned; with no command it goes to stderr, exit code 2', () => {
  const help = runCli(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.stdout, /^Usage: benchwright \[options\] \[command\]\n/);
  assert.match(help.stdout, /^ {2}-V, --version +output the version number$/m);
  const lines = help.stdout.split('\n');
  const column = lines.find((l) => l.startsWith('  -V, --version'))!.search(/output/);
  for (const name of COMMANDS) {
    const line = lines.find((l) => l.startsWith(`  ${name} `));
    assert.ok(line && line.length > column && /\S/.test(line[column]!) && line[column - 1] === ' ', `${name}: ${line}`);
  }
  assert.ok(lines.every((l) => l.length <= 100), 'wrapped to 100 columns');
  assert.equal(runCli(['-h']).stdout, help.stdout);
  assert.equal(runCli(['help']).stdout, help.stdout);
  assert.deepEqual(runCli([]), { code: 2, stdout: '', stderr: help.stdout });
  assert.ok(CLI_DOC.includes(`\`\`\`\n${help.stdout}\`\`\`\n`), 'docs/cli.md shows the top help as it is');
});

test('every command has --help and -h (and help <command>): its usage, its arguments and options, exit code 0', () => {
  for (const command of [...COMMANDS.map((c) => [c]), ['evaluate', 'webarena-verified']]) {
    const help = runCli([...command, '--help']);
    assert.equal(help.code, 0, command.join(' '));
    assert.match(help.stdout, new RegExp(`^Usage: benchwright ${command.join(' ')} \\[options\\]`), command.join(' '));
    assert.match(help.stdout, /\n\nOptions:\n(.*\n)* {2}-h, --help +display help for command\n$/, command.join(' '));
    assert.ok(help.stdout.split('\n').every((l) => l.length <= 100), `${command.join(' ')}: wrapped to 100 columns`);
    assert.equal(runCli([...command, '-h']).stdout, help.stdout, command.join(' '));
    if (command[0] !== 'help') assert.equal(runCli(['help', ...command]).stdout, help.stdout, command.join(' '));
    const documented = docSection(command.join(' '));
    for (const option of optionsOf(help.stdout)) assert.match(documented, new RegExp(`\`${option}\\b`), `docs/cli.md, benchwright ${command.join(' ')}: ${option}`);
  }
  // Each source and what it reads, aligned (webarena-verified is the longest name).
  assert.match(runCli(['import', '--help']).stdout, /^ {2}webarena-verified +WebArena-Verified's/m);
});

/** A usage error: exactly one line saying what is wrong, one pointing at the help; nothing on stdout. */
function usageError(args: string[], command: string, message: string | RegExp) {
  const { code, stdout, stderr } = runCli(args);
  assert.equal(code, 2, `${args.join(' ')}: ${stderr}`);
  assert.equal(stdout, '', args.join(' '));
  const prefix = command ? `benchwright ${command}` : 'benchwright';
  const [line, see, ...rest] = stderr.split('\n');
  assert.deepEqual([see, rest], [`see \`${prefix} --help\``, ['']], args.join(' '));
  assert.ok(line!.startsWith(`${prefix}: `), line);
  const said = line!.slice(prefix.length + 2);
  if (typeof message === 'string') assert.equal(said, message);
  else assert.match(said, message);
}

test('a usage error is one line and a pointer to the help, exit code 2, on every command', () => {
  usageError(['frobnicate'], '', `unknown command "frobnicate"; expected one of: ${COMMANDS.join(', ')}`);
  usageError(['--bogus'], '', 'unknown option --bogus');
  usageError(['--benchmarks'], '', 'missing value for --benchmarks');
  usageError(['setup', 'now'], 'setup', 'unexpected argument "now"');
  usageError(['validate', '--quiet=yes'], 'validate', '--quiet takes no value');
  usageError(['import', 'turkingbench', 'x'], 'import', 'missing --out <dir>');
  usageError(['report', '--checkbox', 'some'], 'report', 'unknown --checkbox "some"; expected one of: exact, iou');
  usageError(['runs', 'a', 'b'], 'runs', 'unexpected argument "b"');
  usageError(['compare', 'a'], 'compare', 'missing run B');
  usageError(['show', 'a', 'b', 'c'], 'show', 'unexpected argument "c"');
  usageError(['export', 'latest'], 'export', /^missing --format; expected one of: chat, webarena, /);
  usageError(['evaluate', 'webarena-verified', 'dataset.json'], 'evaluate webarena-verified', 'missing --out <dir>');
  usageError(['help', 'frobnicate'], 'help', /^unknown command "frobnicate"/);
});

test('the same mistake is worded alike on every command: unknown options, missing values, arguments too many', () => {
  for (const command of ['setup', 'validate', 'import', 'report', 'runs', 'compare', 'show', 'export']) usageError([command, '--bogus'], command, 'unknown option --bogus');
  usageError(['evaluate', 'webarena-verified', '--bogus'], 'evaluate webarena-verified', 'unknown option --bogus');
  for (const args of [['import', 'miniwob', 'x'], ['report'], ['export', '--format', 'chat']]) usageError([...args, '--out'], args[0]!, 'missing value for --out');
  // An option where the value should be: the value was forgotten.
  usageError(['report', '--out', '--json'], 'report', 'missing value for --out');
  usageError(['evaluate', 'webarena-verified', 'dataset.json', '--out'], 'evaluate webarena-verified', 'missing value for --out');
  usageError(['export', 'a', 'b', '--format', 'chat'], 'export', 'unexpected argument "b"');
  usageError(['compare', 'a', 'b', 'c'], 'compare', 'unexpected argument "c"');
  usageError(['compare', 'a', 'b', '--resamples', 'many'], 'compare', '--resamples expects a whole number, not "many"');
  usageError(['report', '--resamples', 'many'], 'report', '--resamples expects a whole number, not "many"');
  // A negative number is a value, refused in the option's words.
  usageError(['report', '--resamples', '-3'], 'report', '--resamples expects a whole number, not "-3"');
});

test('a name missing and a name unknown are worded alike, with the choices', () => {
  usageError(['import'], 'import', `missing source; expected one of: ${SOURCES}`);
  usageError(['import', 'nosuch', 'x', '--out', 'y'], 'import', `unknown source "nosuch"; expected one of: ${SOURCES}`);
  usageError(['evaluate'], 'evaluate', 'missing benchmark; expected one of: webarena-verified');
  usageError(['evaluate', 'nosuch'], 'evaluate', 'unknown benchmark "nosuch"; expected one of: webarena-verified');
  usageError(['export', '--format', 'nosuch'], 'export', /^unknown --format "nosuch"; expected one of: chat, webarena, /);
  usageError(['compare', 'a', 'b', '--format', 'html'], 'compare', 'unknown --format "html"; expected one of: text, markdown, json');
});

test('what is not a usage error stays one line, exit code 1: a file that is not there is named', () => {
  assert.deepEqual(runCli(['validate', 'nonexistent.yaml']), { code: 1, stdout: '', stderr: 'benchwright validate: nonexistent.yaml: no such file or folder\n' });
});

test('--json: validate, runs, report and compare print JSON alone', () => {
  const validated = runCli(['validate', FORM_TASKS, '--json']);
  assert.equal(validated.code, 0, validated.stderr);
  const checked = JSON.parse(validated.stdout) as { taskFiles: number; instances: number; tasks: { file: string; errors: number }[]; errors: unknown[] };
  assert.deepEqual([checked.taskFiles, checked.tasks.length, checked.errors], [checked.tasks.length, checked.taskFiles, []]);
  assert.ok(checked.instances > 0 && checked.tasks.every((t) => t.file.endsWith('.yaml') && t.errors === 0));

  const reports = tempDir();
  const meta: RunMetadata = { date: '2026-11-23T10:00:00.000Z', versions: {}, selection: { seed: 1 }, projects: { oracle: { agent: 'oracle' } } };
  const folder = createRunFolder(reports, 'a');
  new JournalWriter(join(folder, JOURNAL), meta).close({ status: 'passed', date: meta.date });
  pointLatestAt(folder);
  const listed = runCli(['runs', reports, '--json']);
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(JSON.parse(listed.stdout), [{ name: 'a', folder, latest: true, started: meta.date, instances: 0, projects: [], state: 'complete', status: 'passed' }]);

  const dir = tempDir();
  const row = { project: 'oracle', agent: 'oracle', task: 't', instance: 'i', status: 'passed', retries: 0, ceiling: null, outcome: 'scored' as const, score: 1 };
  const results: BenchmarkResults = {
    format: RESULTS_FORMAT,
    meta,
    instances: [row],
    fields: [{ project: 'oracle', task: 't', instance: 'i', field: 'f', type: 'radio', gold: ['y'], prediction: 'y', score: 1, metric: 'majority-exact' }],
    evaluations: [],
    taskErrors: [],
  };
  writeFileSync(join(dir, 'results.json'), serializeResults(results));
  const reported = runCli(['report', dir, '--json', '--resamples', '10']);
  assert.equal(reported.code, 0, reported.stderr);
  const report = JSON.parse(reported.stdout) as { folder: string; files: string[]; problems: string[]; projects: { project: string; benchmark: { value: number } }[] };
  assert.equal(report.folder, dir);
  assert.deepEqual(report.files.map((f) => f.slice(dir.length + 1)), ['summary.md', 'per-task.csv', 'per-field-type.csv', 'index.html']);
  assert.deepEqual([report.problems, report.projects.map((p) => [p.project, p.benchmark.value])], [[], [['oracle', 1]]]);

  const compared = runCli(['compare', dir, join(dir, 'results.json'), '--json', '--resamples', '10']);
  assert.equal(compared.code, 0, compared.stderr);
  assert.deepEqual(Object.keys(JSON.parse(compared.stdout) as object), ['a', 'b', 'resamples', 'seed', 'pairs', 'notCompared']);
});
