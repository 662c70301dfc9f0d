// The two sharded set-ups of examples/sharding, their own scripts run here: each shard as a
// machine of its own (its folders, nothing shared), what a shard uploads handed to the merge
// as the CI system or the volume would, then the merge. Its tables must equal the run unsharded.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { parse, parseAllDocuments } from 'yaml';
import { FORM_TASKS, ROOT, runPlaywright, tempDir, withoutRunLine } from './helpers.ts';

const EXAMPLES = join(ROOT, 'examples', 'sharding');
let unsharded: string;
before(() => {
  const run = runPlaywright(['test', '--project=oracle'], { BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  unsharded = readFileSync(join(run.dir, 'benchwright-report', 'latest', 'summary.md'), 'utf8');
});

/**
 * Runs a script of the set-up with bash on a machine of its own: `npx benchwright` and `npx
 * playwright` are this checkout's (Playwright's test results and HTML report in the machine's
 * folder), the loader cache and logins its own.
 */
function onMachine(script: string, machine: string, env: Record<string, string>, cwd = ROOT) {
  const bin = join(machine, 'bin');
  mkdirSync(bin, { recursive: true });
  writeFileSync(join(bin, 'npx'), `#!/bin/sh
case "$1" in
  benchwright) shift; exec "${process.execPath}" "${join(ROOT, 'bin', 'benchwright.js')}" "$@" ;;
  playwright) shift; [ "$1" = test ] && set -- "$@" --output="${join(machine, 'test-results')}"
    exec "${process.execPath}" "${join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js')}" "$@" ;;
esac
exit 127
`);
  chmodSync(join(bin, 'npx'), 0o755);
  const r = spawnSync('bash', ['-c', script], {
    cwd, encoding: 'utf8', maxBuffer: 64 * 2 ** 20,
    env: {
      ...process.env, PATH: `${bin}:${process.env.PATH}`, BENCHWRIGHT_TASKS: FORM_TASKS, BENCHWRIGHT_CACHE_DIR: join(machine, 'cache'),
      BENCHWRIGHT_AUTH_DIR: join(machine, 'auth'), PLAYWRIGHT_HTML_OUTPUT_DIR: join(machine, 'playwright-report'), ...env,
    },
  });
  assert.equal(r.status, 0, `${script}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A step's or container's environment, its `${{ }}` expressions given. */
const withValues = (env: Record<string, string>, values: Record<string, string>) => Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v).replace(/\$\{\{[^}]*\}\}/g, () => values[k] ?? '')]));

test('the GitHub Actions workflow: two shards on machines of their own, artifacts handed over, merged: the tables of the run unsharded', () => {
  const workflow = parse(readFileSync(join(EXAMPLES, 'github-actions.yml'), 'utf8')) as { env: Record<string, string>; jobs: Record<string, { env: Record<string, string>; steps: { id?: string; run?: string }[] }> };
  const step = (job: string, id: string) => workflow.jobs[job]!.steps.find((s) => s.id === id)!.run!;
  const merge = join(tempDir(), 'merge');
  mkdirSync(join(merge, 'all-blob-reports'), { recursive: true });
  for (const shard of ['1', '2']) {
    const machine = tempDir();
    const env = withValues({ ...workflow.env, ...workflow.jobs.shard!.env }, { PROJECT: 'oracle', BENCHWRIGHT_TASKS: FORM_TASKS, SHARD: shard, SHARDS: '2', OPENAI_API_KEY: '' });
    onMachine(step('shard', 'shard'), machine, { ...env, BENCHWRIGHT_REPORT_DIR: join(machine, 'shard-report'), BENCHWRIGHT_BLOB_REPORT: join(machine, 'blob-report') });
    // upload-artifact, then download-artifact: the report folder without its `latest` link, the blob reports side by side.
    cpSync(join(machine, 'shard-report'), join(merge, 'shards', `shard-${shard}`), { recursive: true, filter: (source) => !source.endsWith('/latest') });
    for (const zip of readdirSync(join(machine, 'blob-report'))) cpSync(join(machine, 'blob-report', zip), join(merge, 'all-blob-reports', zip));
  }
  const summary = join(merge, 'step-summary.md');
  onMachine(step('merge', 'merge'), merge, { ...workflow.jobs.merge!.env, GITHUB_STEP_SUMMARY: summary }, merge);
  assert.equal(withoutRunLine(readFileSync(summary, 'utf8')), withoutRunLine(unsharded));
  assert.ok(existsSync(join(merge, 'benchmark-report', 'latest', 'viewer', 'index.html')));
  assert.ok(existsSync(join(merge, 'playwright-report', 'index.html')), 'the HTML report of both shards');
});

test('the Kubernetes Indexed Job: two pods, one run again and resuming, on a shared volume; the merge job waits, then merges: the tables of the run unsharded', () => {
  const [, shards, mergeJob] = parseAllDocuments(readFileSync(join(EXAMPLES, 'kubernetes.yaml'), 'utf8')).map((d) => d.toJS() as { spec: Record<string, any> });
  const container = (job: { spec: Record<string, any> }) => job.spec.template.spec.containers[0] as { args: string[]; env: { name: string; value: string }[] };
  const envOf = (job: { spec: Record<string, any> }) => Object.fromEntries(container(job).env.map((e) => [e.name, e.value]));
  const volume = tempDir();
  for (const index of [0, 1]) {
    const env = { ...envOf(shards!), SHARDS: '2', BENCHWRIGHT_TASKS: FORM_TASKS, RESULTS_DIR: volume, JOB_COMPLETION_INDEX: String(index) };
    // Pod 2 runs twice, the second run resuming the first as a pod started again does (its first run's instances all errored: a 1 ms timeout).
    if (index === 1) onMachine(`${container(shards!).args[0]!.trimEnd().replace('--shard=', '--timeout=1 --shard=')} || true`, tempDir(), env);
    onMachine(container(shards!).args[0]!, tempDir(), env);
  }
  const printed = onMachine(container(mergeJob!).args[0]!, tempDir(), { ...envOf(mergeJob!), SHARDS: '2', RESULTS_DIR: volume });
  assert.match(printed, /^oracle\s+oracle\s+1\.000/m);
  assert.equal(withoutRunLine(readFileSync(join(volume, 'merged', 'latest', 'summary.md'), 'utf8')), withoutRunLine(unsharded));
  // The pod started again resumed its shard's run: two runs in its folder, the second resuming the first.
  assert.equal(readdirSync(join(volume, 'shard-2')).filter((f) => f !== 'latest').length, 2);
});
