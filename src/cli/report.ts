import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { registerEvaluatorsFrom } from '../evaluators/registry.ts';
import { METRICS, type MetricByType } from '../metrics/registry.ts';
import { ownModule } from '../package-files.ts';
import { DEFAULT_RESAMPLES } from '../analysis/aggregate.ts';
import { listRuns, locateResults, reportFolder, type LocatedResults } from '../runs/run-folders.ts';
import { rescore, type RescoreChoice } from '../analysis/rescore.ts';
import type { BenchmarkResults } from '../record/results.ts';
import type { ChatSettings } from '../llm/client.ts';
import { DEFAULT_JUDGE, modelJudge } from '../llm/judge.ts';
import { writeReport } from '../runs/write-report.ts';
import { benchmarkSections } from '../benchmarks/index.ts';
import { FIELD_TYPES, type FieldType } from '../task/types.ts';
import { UsageError } from '../usage-error.ts';

export const REPORT_USAGE = `benchwright report [run | results.json | blob report folder] [options]

Renders the benchmark tables again from stored results, without running any agent: a run
(its folder, its name in the report folder, or latest: the default), whose journal gives
the tables of a run that was killed; any results.json; or a folder of Playwright blob
reports (--shard runs), merged first with \`playwright merge-reports\` into a new run of the
report folder (BENCHWRIGHT_REPORT_DIR, default benchwright-report). The stored predictions
can be re-scored with other metrics.

  --out <dir>               where to write (default: the run's folder; when re-scoring, a
                            folder beside the results named after the metrics)
  --checkbox exact|iou      checkbox metric: exact match of the checked set (the code's) or
                            intersection over union (the paper's)
  --range mean|nearest      range metric: mean distance to the annotators, or the nearest
  --metric <type>=<metric>  any field type, any metric (${Object.keys(METRICS).join(', ')}); repeatable
  --rescore                 every evaluator but fields again from the evidence it kept
                            (answers, URLs, page contents): a fuzzy_match answer is put to
                            each project's model judge (its \`judge\` settings, through
                            OPENAI_BASE_URL; verdicts come from the reply cache when asked before)
  --judge <model>           with --rescore: this judge model for every project
  --evaluators <module>     with --rescore: a module of yours exporting the evaluators your
                            task files name (benchmarkConfig's evaluators); repeatable
  --resamples <n>           bootstrap resamples for the standard errors (default ${DEFAULT_RESAMPLES})`;

const SHORTHANDS: Record<string, Record<string, string>> = {
  checkbox: { exact: 'checkbox-exact', iou: 'checkbox-iou' },
  range: { mean: 'range', nearest: 'range-nearest' },
};

export async function reportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      checkbox: { type: 'string' },
      range: { type: 'string' },
      metric: { type: 'string', multiple: true, default: [] },
      rescore: { type: 'boolean', default: false },
      judge: { type: 'string' },
      evaluators: { type: 'string', multiple: true, default: [] },
      resamples: { type: 'string', default: String(DEFAULT_RESAMPLES) },
    },
  });
  if (positionals.length > 1) throw new UsageError('expected one run, results.json or blob report folder', REPORT_USAGE);
  if (!/^\d+$/.test(values.resamples)) throw new UsageError(`--resamples must be a whole number, not "${values.resamples}"`, REPORT_USAGE);
  if (values.judge !== undefined && !values.rescore) throw new UsageError('--judge goes with --rescore', REPORT_USAGE);
  if (values.evaluators.length && !values.rescore) throw new UsageError('--evaluators goes with --rescore', REPORT_USAGE);
  for (const module of values.evaluators) await registerEvaluatorsFrom(module);
  const metrics = metricChoices(values);
  const source = readSource(positionals[0]);
  const evaluators = values.rescore ? judgesOf(source.results, values.judge) : undefined;
  const rescoring = Object.keys(metrics).length > 0 || evaluators !== undefined;
  const results = rescoring ? await rescore(source.results, { metricByType: metrics, ...(evaluators && { evaluators }) }) : source.results;
  const slug = [...Object.values(metrics), ...(evaluators ? ['evaluators'] : [])].join('+');
  const out = resolve(values.out ?? (slug ? join(source.folder, `rescored-${slug}`) : source.folder));
  const report = writeReport(out, results, {
    resamples: Number(values.resamples),
    width: process.stdout.columns || 120,
    sections: benchmarkSections(),
    // Re-rendering in place leaves the results being read as they are.
    writeResults: out !== source.folder || !!slug || !source.stored,
  });
  console.log(report.text);
  for (const problem of report.problems) console.error(`could not write ${problem}`);
  return report.problems.length ? 1 : 0;
}

function metricChoices(values: { checkbox?: string; range?: string; metric: string[] }): MetricByType {
  const chosen: MetricByType = {};
  for (const [type, names] of Object.entries(SHORTHANDS)) {
    const value = values[type as 'checkbox' | 'range'];
    if (value === undefined) continue;
    if (!names[value]) throw new UsageError(`--${type} must be ${Object.keys(names).join(' or ')}, not "${value}"`, REPORT_USAGE);
    chosen[type as FieldType] = names[value];
  }
  for (const pair of values.metric) {
    const [type, metric] = pair.split('=');
    if (!type || !metric) throw new UsageError(`--metric expects <field type>=<metric>, not "${pair}"`, REPORT_USAGE);
    if (!(FIELD_TYPES as readonly string[]).includes(type)) throw new UsageError(`--metric ${pair}: unknown field type "${type}" (field types: ${FIELD_TYPES.join(', ')})`, REPORT_USAGE);
    if (!METRICS[metric]) throw new UsageError(`--metric ${pair}: unknown metric "${metric}" (metrics: ${Object.keys(METRICS).join(', ')})`, REPORT_USAGE);
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
