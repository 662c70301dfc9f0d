// same-outputs: proves that a change (a refactor) changes nothing a user sees. It runs the same
// benchmark jobs on two checkouts through their user-facing surfaces only (bin/benchwright.js:
// import, report, runs, compare, export, evaluate; and `npx playwright test` with the documentation's
// environment variables, cwd = the checkout), never importing a checkout's src/, then compares
// the outputs file by file once what differs from run to run is normalised away.
//
//   node --import tsx scripts/same-outputs.ts snapshot <checkout-dir> <out-dir> [--jobs a,b]
//   node --import tsx scripts/same-outputs.ts diff <snapshot-a> <snapshot-b>
//   node --import tsx scripts/same-outputs.ts <baseline-ref> [--jobs a,b]
//
// snapshot: runs the jobs (scripts/same-outputs/jobs.ts; --jobs picks some) on <checkout-dir>
//   and writes their normalised outputs to <out-dir>/<job>/ (emptied first): <run>/report: the
//   run folder's results.json, journal, trajectories, tables, HARs; <run>/terminal.txt: the test
//   counts and benchmark tables the run printed; <run>/cli: each CLI call's exit code, stdout and
//   stderr; <run>/rerender, rescored-*: `benchwright report` re-renders; <run>/export/<format>:
//   every `benchwright export --format` the checkout's CLI offers; import/: what the importer wrote.
//   Jobs: bundled (tasks.yaml, oracle + do-nothing), turkingbench (train, 2 per task, oracle +
//   do-nothing), miniwob (2 seeds; do-nothing on every page, random on all but the pages whose
//   episodes vary from run to run: TIMED_PAGES), webarena and webarena-verified (the stand-ins on
//   test/sites, oracle and do-nothing, --workers=1; compare; evaluate --json) and assistantbench
//   (test/fixtures with the search stand-in, oracle + do-nothing). The inputs
//   (stand-in sites, fake judge, fixtures, ../shared data) come from the repository this script
//   is in, so both checkouts see the same ones. Exits 1 if a job could not run.
// diff: per job "identical" or the files that differ with a short unified diff; exits 0 when
//   all files are identical, 1 otherwise.
// <baseline-ref>: a git worktree of the ref in a temporary folder (node_modules linked), its
//   snapshot and the working tree's (this repository), their diff; the worktree is removed, the
//   two snapshots are kept (their paths are printed) for a later `diff`.
//
// Normalised (scripts/same-outputs/collect.ts): dates and run-folder names, durations (a step's
// ms), the git commit and versions, absolute paths (checkout, temporary folders, fixtures, data),
// ports on 127.0.0.1 (task servers, stand-in sites, the fake judge), the random start token in
// start URLs, the journal's writer (pid, host, boot), HAR timings, ids and session cookies; JSON
// lines files are sorted (workers finish in any order). Playwright's HTML report, traces and
// test-results are not kept. A full `<baseline-ref>` run takes ~12 min on 2 cores.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { diffSnapshots } from './same-outputs/diff.ts';
import { REPO, snapshot } from './same-outputs/jobs.ts';

const USAGE = `usage: same-outputs snapshot <checkout-dir> <out-dir> [--jobs a,b]
       same-outputs diff <snapshot-a> <snapshot-b>
       same-outputs <baseline-ref> [--jobs a,b]`;

async function main(argv: string[]): Promise<number> {
  const at = argv.indexOf('--jobs');
  const jobs = at >= 0 ? argv[at + 1]?.split(',') : undefined;
  const args = at >= 0 ? argv.filter((_, i) => i !== at && i !== at + 1) : argv;
  if (args[0] === 'snapshot' && args.length === 3) return snapshot(resolve(args[1]!), resolve(args[2]!), jobs);
  if (args[0] === 'diff' && args.length === 3) return diffSnapshots(resolve(args[1]!), resolve(args[2]!));
  if (args.length === 1 && !args[0]!.startsWith('-')) return againstRef(args[0]!, jobs);
  console.error(USAGE);
  return 2;
}

/** The convenient form: the ref's snapshot against the working tree's. */
async function againstRef(ref: string, jobs: string[] | undefined): Promise<number> {
  const started = Date.now();
  const dir = mkdtempSync(join(tmpdir(), 'same-outputs-'));
  const checkout = join(dir, 'checkout');
  git('worktree', 'add', '--detach', checkout, ref);
  try {
    symlinkSync(join(REPO, 'node_modules'), join(checkout, 'node_modules'));
    // A checkout's tests expect the benchmark data beside it.
    const shared = resolve(REPO, '..', 'shared');
    if (existsSync(shared)) symlinkSync(shared, join(dir, 'shared'));
    const failed = (await snapshot(checkout, join(dir, 'base'), jobs)) + (await snapshot(REPO, join(dir, 'work'), jobs));
    const code = diffSnapshots(join(dir, 'base'), join(dir, 'work'));
    console.log(`\nsnapshots: ${join(dir, 'base')} (${ref}) and ${join(dir, 'work')} (working tree); ${Math.round((Date.now() - started) / 1000)} s`);
    return failed ? 1 : code;
  } finally {
    git('worktree', 'remove', '--force', checkout);
  }
}

function git(...args: string[]): void {
  const r = spawnSync('git', ['-C', REPO, ...args], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`git ${args.join(' ')}: ${r.stderr.trim()}`);
}

process.exitCode = await main(process.argv.slice(2));
