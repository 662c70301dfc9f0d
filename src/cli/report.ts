import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { METRICS, type MetricByType } from '../metrics/registry.ts';
import { DEFAULT_RESAMPLES } from '../report/aggregate.ts';
import { readResults, type BenchmarkResults } from '../report/results.ts';
import { rescore } from '../report/rescore.ts';
import { writeReport } from '../report/write-report.ts';
import { FIELD_TYPES, type FieldType } from '../task/types.ts';
import { UsageError } from './usage.ts';

export const REPORT_USAGE = `benchwright report <results.json | blob report folder> [options]

Renders the benchmark tables again from stored results, without running any agent:
results.json (written by every run), or a folder of Playwright blob reports (--shard runs),
merged first with \`playwright merge-reports\`. The stored predictions can be re-scored with
other metrics.

  --out <dir>               where to write (default: the results' folder; when re-scoring,
                            a folder beside results.json named after the metrics)
  --checkbox exact|iou      checkbox metric: exact match of the checked set (the code's) or
                            intersection over union (the paper's)
  --range mean|nearest      range metric: mean distance to the annotators, or the nearest
  --metric <type>=<metric>  any field type, any metric (${Object.keys(METRICS).join(', ')}); repeatable
  --resamples <n>           bootstrap resamples for the standard errors (default ${DEFAULT_RESAMPLES})`;

const SHORTHANDS: Record<string, Record<string, string>> = {
  checkbox: { exact: 'checkbox-exact', iou: 'checkbox-iou' },
  range: { mean: 'range', nearest: 'range-nearest' },
};

export function reportCommand(args: string[]): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      checkbox: { type: 'string' },
      range: { type: 'string' },
      metric: { type: 'string', multiple: true, default: [] },
      resamples: { type: 'string', default: String(DEFAULT_RESAMPLES) },
    },
  });
  if (positionals.length !== 1) throw new UsageError('expected one results.json or blob report folder', REPORT_USAGE);
  if (!/^\d+$/.test(values.resamples)) throw new UsageError(`--resamples must be a whole number, not "${values.resamples}"`, REPORT_USAGE);
  const metrics = metricChoices(values);
  const input = resolve(positionals[0]!);
  if (!existsSync(input)) throw new Error(`${positionals[0]}: no such file or folder`);

  const fromBlobs = statSync(input).isDirectory();
  let results = fromBlobs ? mergeBlobReports(input) : readResults(input);
  if (Object.keys(metrics).length) results = rescore(results, metrics);
  const slug = Object.values(metrics).join('+');
  const out = resolve(values.out ?? (fromBlobs ? 'benchwright-report' : slug ? join(dirname(input), `rescored-${slug}`) : dirname(input)));
  const report = writeReport(out, results, {
    resamples: Number(values.resamples),
    width: process.stdout.columns || 120,
    // Re-rendering in place leaves the results being read as they are.
    writeResults: fromBlobs || out !== dirname(input) || !!slug,
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

/** Blob reports merged by Playwright itself, through the benchmark reporter, into a temporary results.json. */
function mergeBlobReports(dir: string): BenchmarkResults {
  if (!readdirSync(dir).some((f) => f.endsWith('.zip'))) throw new Error(`${dir}: no blob report (.zip) in this folder`);
  const playwright = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const reporter = fileURLToPath(new URL('../../reporters/benchmark.ts', import.meta.url));
  const temp = mkdtempSync(join(tmpdir(), 'benchwright-merge-'));
  try {
    const r = spawnSync(process.execPath, [playwright, 'merge-reports', '--reporter', reporter, dir], {
      cwd: temp,
      encoding: 'utf8',
      env: { ...process.env, BENCHWRIGHT_REPORT_DIR: temp },
      maxBuffer: 256 * 2 ** 20,
    });
    const file = join(temp, 'results.json');
    if (!existsSync(file)) throw new Error(`playwright merge-reports wrote no results (exit ${r.status}):\n${r.stderr || r.stdout}`);
    return readResults(file);
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}
