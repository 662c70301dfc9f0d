import { realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { summarizeProjects } from '../analysis/aggregate.ts';
import { LATEST, listRuns, readRun, reportFolder, resolveRun, type StoredRun } from '../runs/run-folders.ts';
import { formatTable } from '../render/table.ts';
import { UsageError } from '../usage-error.ts';

export const RUNS_USAGE = `benchwright runs [report folder]

Lists the runs kept in the report folder (default: BENCHWRIGHT_REPORT_DIR, else
benchwright-report), oldest first: when each started, its projects, the instances it ran
(scored, not scored or errored), the benchmark score per project, and whether it is complete or was interrupted
(stopped, or killed: its journal still holds every instance it finished; resume it with
BENCHWRIGHT_RESUME=<run>). The newest, which \`latest\` points at, is marked *.`;

export function runsCommand(args: string[]): number {
  const { positionals } = parseArgs({ args, allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new UsageError('expected at most one report folder', RUNS_USAGE);
  const dir = positionals[0] ?? reportFolder();
  const runs = listRuns(dir);
  if (!runs.length) {
    console.log(`No runs in ${dir}.`);
    return 0;
  }
  const latest = newest(dir);
  const rows = [['run', 'started', 'instances', 'benchmark', 'state']];
  let unreadable = 0;
  for (const folder of runs) {
    const mark = realpathSync(folder) === latest ? '* ' : '  ';
    try {
      rows.push(describe(readRun(folder), mark));
    } catch (e) {
      unreadable++;
      rows.push([`${mark}${basename(folder)}`, '', '', '', `unreadable: ${(e as Error).message}`]);
    }
  }
  console.log(formatTable(rows));
  return unreadable ? 1 : 0;
}

/** The run `latest` points at; none when it is gone (its folder deleted). */
function newest(dir: string): string | undefined {
  try {
    return resolveRun(LATEST, dir);
  } catch {
    return undefined;
  }
}

function describe(run: StoredRun, mark: string): string[] {
  const { meta, instances } = run.results;
  // Point estimates only: listing many runs must not bootstrap each.
  // A project of goal tasks alone shows its success.
  const scores = summarizeProjects(run.results, { resamples: 0, seed: 1 }).map((s) => {
    const shown = s.benchmark.value === null && s.goals ? `success ${s.goals.success.value?.toFixed(3) ?? '–'}` : s.benchmark.value?.toFixed(3) ?? '–';
    return `${s.project} ${shown}`;
  });
  return [
    `${mark}${run.name}`,
    meta.date.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    String(instances.filter((i) => i.outcome !== 'not run').length),
    scores.join(', '),
    [state(run), ...(meta.resumedFrom ? [`resumes ${meta.resumedFrom}`] : [])].join(', '),
  ];
}

function state(run: StoredRun): string {
  if (!run.end) return run.running ? 'running' : 'interrupted (killed)';
  return run.end.status === 'passed' || run.end.status === 'failed' ? `complete (${run.end.status})` : `interrupted (${run.end.status})`;
}
