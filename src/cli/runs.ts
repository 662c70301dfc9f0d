import { existsSync, realpathSync } from 'node:fs';
import { basename } from 'node:path';
import { summarizeProjects } from '../analysis/aggregate.ts';
import { LATEST, listRuns, readRun, reportFolder, resolveRun, type StoredRun } from '../runs/run-folders.ts';
import { formatTable } from '../render/table.ts';
import { parseCommandLine } from '../usage-error.ts';
import type { Command } from './help.ts';

export const runs: Command = {
  help: () => ({
    command: 'runs',
    summary: 'list the runs kept in a report folder',
    description: `Lists the runs kept in the report folder, oldest first: when each started, the instances it ran (scored, not scored or errored), the benchmark score per project, and whether it is complete or was interrupted (stopped, or killed: its journal still holds every instance it finished; resume it with BENCHWRIGHT_RESUME=<run>). The newest, which \`latest\` points at, is marked *. Exit code 1 when a run cannot be read.`,
    arguments: [['[report-folder]', 'where the runs are kept (default: BENCHWRIGHT_REPORT_DIR, else benchwright-report)']],
    options: [['--json', 'print the runs as JSON: an array, one object per run']],
  }),
  run: (args) => {
    const { values, positionals } = parseCommandLine(args, { json: { type: 'boolean', default: false } }, 1);
    const dir = positionals[0] ?? reportFolder();
    if (!existsSync(dir)) throw new Error(`${dir}: no such folder`);
    const latest = newest(dir);
    const listed = listRuns(dir).map((folder) => listing(folder, latest));
    if (values.json) console.log(JSON.stringify(listed, null, 2));
    else if (!listed.length) console.log(`No runs in ${dir}.`);
    else console.log(formatTable([['run', 'started', 'instances', 'benchmark', 'state'], ...listed.map(row)]));
    return listed.some((run) => 'error' in run) ? 1 : 0;
  },
};

type Listing = ReturnType<typeof listing>;

/** A run as `runs --json` prints it; a run that cannot be read, with why. */
function listing(folder: string, latest: string | undefined) {
  const named = { name: basename(folder), folder, latest: realpathSync(folder) === latest };
  let run: StoredRun;
  try {
    run = readRun(folder);
  } catch (e) {
    return { ...named, error: (e as Error).message };
  }
  const { meta, instances } = run.results;
  // Point estimates only: listing many runs must not bootstrap each.
  const projects = summarizeProjects(run.results, { resamples: 0, seed: 1 }).map((s) => ({
    project: s.project,
    benchmark: s.benchmark.value,
    ...(s.goals && { success: s.goals.success.value }),
  }));
  return {
    ...named,
    started: meta.date,
    instances: instances.filter((i) => i.outcome !== 'not run').length,
    projects,
    ...state(run),
    ...(meta.resumedFrom && { resumedFrom: meta.resumedFrom }),
  };
}

/** The run `latest` points at; none when it is gone (its folder deleted). */
function newest(dir: string): string | undefined {
  try {
    return resolveRun(LATEST, dir);
  } catch {
    return undefined;
  }
}

/** Complete (passed or failed), interrupted (Playwright's status, or killed: no end) or running. */
function state(run: StoredRun): { state: 'complete' | 'interrupted' | 'running'; status: string } {
  if (!run.end) return run.running ? { state: 'running', status: 'running' } : { state: 'interrupted', status: 'killed' };
  return { state: run.end.status === 'passed' || run.end.status === 'failed' ? 'complete' : 'interrupted', status: run.end.status };
}

function row(run: Listing): string[] {
  const name = `${run.latest ? '* ' : '  '}${run.name}`;
  if ('error' in run) return [name, '', '', '', `unreadable: ${run.error}`];
  // A project of goal tasks alone shows its success.
  // A project that scored nothing (stopped before it ran) says so by its absence.
  const scores = run.projects.filter((p) => p.benchmark !== null || p.success != null).map((p) => `${p.project} ${p.benchmark === null && p.success !== undefined ? `success ${p.success!.toFixed(3)}` : p.benchmark?.toFixed(3) ?? '–'}`);
  return [
    name,
    run.started.replace('T', ' ').replace(/\.\d+Z$/, 'Z'),
    String(run.instances),
    scores.join(', '),
    // Playwright's `interrupted` is a stop (Ctrl-C): said once.
    [run.state === run.status ? run.state : `${run.state} (${run.status === 'interrupted' ? 'stopped' : run.status})`, ...(run.resumedFrom ? [`resumes ${run.resumedFrom}`] : [])].join(', '),
  ];
}
