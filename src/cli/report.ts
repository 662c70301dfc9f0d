import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, join, resolve } from 'node:path';
import { registerEvaluatorsFrom } from '../evaluators/registry.ts';
import { METRICS, type MetricByType } from '../metrics/registry.ts';
import { ownModule } from '../package-files.ts';
import { DEFAULT_RESAMPLES, summarizeProjects } from '../analysis/aggregate.ts';
import { listRuns, locateResults, reportFolder, type LocatedResults } from '../runs/run-folders.ts';
import { rescore, type RescoreChoice } from '../analysis/rescore.ts';
import type { BenchmarkResults } from '../record/results.ts';
import type { ChatSettings } from '../llm/client.ts';
import { DEFAULT_JUDGE, modelJudge } from '../llm/judge.ts';
import { mergeRuns } from '../runs/merge-runs.ts';
import { writeReport } from '../runs/write-report.ts';
import { writeViewer } from '../viewer/write-viewer.ts';
import { benchmarkSections } from '../benchmarks/index.ts';
import { FIELD_TYPES, type FieldType } from '../task/types.ts';
import { RESULTS } from '../runs/results-file.ts';
import { oneOf, parseCommandLine, UsageError, wholeNumber } from '../usage-error.ts';
import { type Command, RUN_ARGUMENT } from './help.ts';

export const report: Command = {
  help: () => ({
    command: 'report',
    summary: "render a run's tables again, or re-score it",
    description: `Renders the benchmark tables again from stored results, without running any agent: prints the table and writes the report (summary.md, per-task.csv, per-field-type.csv, index.html, and results.json when they changed) to the run's folder. A run that was killed gives the tables of what its journal holds. A folder of Playwright blob reports (--shard runs) is merged first with \`playwright merge-reports\` into a new run of the report folder; so are several runs, the shards' own (each machine's report folder), with their trajectories, traffic, screenshots and viewer. The stored predictions can be re-scored with other metrics, and the evaluators' kept evidence judged again. Exit code 1 when a file could not be written.`,
    arguments: [['[run...]', `${RUN_ARGUMENT}; or a folder of Playwright blob reports, merged first; or the runs of a sharded run's shards, merged first into a new run; default: latest`]],
    options: [
      ['--out <dir>', "where to write (default: the run's folder; when re-scoring, a folder beside the results named after the metrics)"],
      ['--checkbox exact|iou', "checkbox metric: exact match of the checked set (the code's) or intersection over union (the paper's)"],
      ['--range mean|nearest', 'range metric: mean distance to the annotators, or the nearest'],
      ['--metric <type>=<metric>', `any field type, any metric (${Object.keys(METRICS).join(', ')}); repeatable`],
      ['--rescore', "every evaluator but fields again from the evidence it kept (answers, URLs, page contents): a fuzzy_match answer is put to each project's model judge (its `judge` settings, through OPENAI_BASE_URL; verdicts come from the reply cache when asked before)"],
      ['--judge <model>', 'with --rescore: this judge model for every project'],
      ['--evaluators <module>', "with --rescore: a module of yours exporting the evaluators your task files name (benchmarkConfig's evaluators); repeatable"],
      ['--resamples <n>', `bootstrap resamples for the standard errors (default ${DEFAULT_RESAMPLES})`],
      ['--json', 'print the files written and each project\'s numbers as JSON instead of the table'],
    ],
  }),
  run: async (args) => {
    const { values, positionals } = parseCommandLine(args, {
      out: { type: 'string' },
      checkbox: { type: 'string' },
      range: { type: 'string' },
      metric: { type: 'string', multiple: true, default: [] },
      rescore: { type: 'boolean', default: false },
      judge: { type: 'string' },
      evaluators: { type: 'string', multiple: true, default: [] },
      resamples: { type: 'string', default: String(DEFAULT_RESAMPLES) },
      json: { type: 'boolean', default: false },
    });
    const resamples = wholeNumber('--resamples', values.resamples);
    if (values.judge !== undefined && !values.rescore) throw new UsageError('--judge goes with --rescore');
    if (values.evaluators.length && !values.rescore) throw new UsageError('--evaluators goes with --rescore');
    for (const module of values.evaluators) await registerEvaluatorsFrom(module);
    const metrics = metricChoices(values);
    const source = positionals.length > 1 ? mergedShards(positionals) : readSource(positionals[0]);
    const evaluators = values.rescore ? judgesOf(source.results, values.judge) : undefined;
    const rescoring = Object.keys(metrics).length > 0 || evaluators !== undefined;
    const results = rescoring ? await rescore(source.results, { metricByType: metrics, ...(evaluators && { evaluators }) }) : source.results;
    const slug = [...Object.values(metrics), ...(evaluators ? ['evaluators'] : [])].join('+');
    const out = resolve(values.out ?? (slug ? join(source.folder, `rescored-${slug}`) : source.folder));
    // Re-rendering in place leaves the results being read as they are.
    const withResults = out !== source.folder || !!slug || !source.stored;
    const written = writeReport(out, results, { resamples, width: process.stdout.columns || 120, sections: benchmarkSections(), writeResults: withResults });
    for (const problem of written.problems) console.error(`could not write ${problem}`);
    // A merged run's viewer, as the reporter writes a run's.
    if (positionals.length > 1) writeViewer(out, results);
    if (!values.json) console.log(written.text);
    else {
      const failed = written.problems.map((p) => p.slice(0, p.indexOf(':')));
      const files = [...(withResults ? [RESULTS] : []), ...REPORT_FILES.filter((f) => !failed.includes(f))].map((f) => join(out, f));
      // The numbers of the tables, as writeReport computes them: the same resamples and seed.
      const projects = summarizeProjects(results, { resamples, seed: results.meta.selection?.seed ?? 1 });
      console.log(JSON.stringify({ folder: out, files, problems: written.problems, projects }, null, 2));
    }
    return written.problems.length ? 1 : 0;
  },
};

/** The files writeReport renders beside results.json. */
const REPORT_FILES = ['summary.md', 'per-task.csv', 'per-field-type.csv', 'index.html'];

const SHORTHANDS: Record<string, Record<string, string>> = {
  checkbox: { exact: 'checkbox-exact', iou: 'checkbox-iou' },
  range: { mean: 'range', nearest: 'range-nearest' },
};

function metricChoices(values: { checkbox?: string; range?: string; metric: string[] }): MetricByType {
  const chosen: MetricByType = {};
  for (const [type, names] of Object.entries(SHORTHANDS)) {
    const value = values[type as 'checkbox' | 'range'];
    if (value === undefined) continue;
    chosen[type as FieldType] = names[oneOf(`--${type}`, value, Object.keys(names))]!;
  }
  for (const pair of values.metric) {
    const [type, metric] = pair.split('=');
    if (!type || !metric) throw new UsageError(`--metric expects <field type>=<metric>, not "${pair}"`);
    if (!(FIELD_TYPES as readonly string[]).includes(type)) throw new UsageError(`--metric ${pair}: unknown field type "${type}" (field types: ${FIELD_TYPES.join(', ')})`);
    if (!METRICS[metric]) throw new UsageError(`--metric ${pair}: unknown metric "${metric}" (metrics: ${Object.keys(METRICS).join(', ')})`);
    chosen[type as FieldType] = metric;
  }
  return chosen;
}

/** Each project's model judge, as its run was configured (project metadata), or the model chosen here. */
function judgesOf(results: BenchmarkResults, model: string | undefined): RescoreChoice['evaluators'] {
  const settingsOf = (project: string): Partial<ChatSettings> => ({ ...(results.meta.projects[project]?.judge as Partial<ChatSettings> | undefined), ...(model && { model }) });
  const models = [...new Set(Object.keys(results.meta.projects).map((p) => settingsOf(p).model ?? DEFAULT_JUDGE.model))];
  return { judgeOf: (project) => modelJudge(settingsOf(project)), label: `stored evidence, judge ${models.join(', ') || DEFAULT_JUDGE.model}` };
}

/** The shards' runs merged into a new run of the report folder (merge-runs.ts). */
function mergedShards(runs: string[]): LocatedResults {
  const { folder, results } = mergeRuns(runs, reportFolder());
  return { name: basename(folder), results, folder, stored: false };
}

/** A folder of blob reports (merged into a new run first), else what locateResults finds. */
function readSource(arg: string | undefined): LocatedResults {
  const blobs = arg !== undefined && existsSync(arg) && statSync(arg).isDirectory() && readdirSync(arg).some((f) => f.endsWith('.zip'));
  return locateResults(blobs ? mergeBlobReports(resolve(arg)) : arg);
}

/** Blob reports merged by Playwright itself, through the benchmark reporter, into a new run of the report folder. */
function mergeBlobReports(dir: string): string {
  const playwright = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const reporter = ownModule('reporters/benchmark');
  const reportDir = reportFolder();
  const before = new Set(listRuns(reportDir));
  const r = spawnSync(process.execPath, [playwright, 'merge-reports', '--reporter', reporter, dir], {
    encoding: 'utf8',
    env: { ...process.env, BENCHWRIGHT_REPORT_DIR: reportDir },
    maxBuffer: 256 * 2 ** 20,
  });
  const merged = listRuns(reportDir).find((run) => !before.has(run));
  if (!merged) throw new Error(`playwright merge-reports wrote no run (exit ${r.status}):\n${r.stderr || r.stdout}`);
  return merged;
}
