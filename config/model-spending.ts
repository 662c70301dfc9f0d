import { escapeRegExp } from '../src/escape-regexp.ts';
import { openRunSpending } from '../src/llm/spending.ts';
import { plainError } from '../src/plain-error.ts';
import { optionValues } from '../src/runner/command-line.ts';
import { describeEstimate, estimateSpending, refusalToStart, type ModelRun } from '../src/runs/estimate.ts';
import type { ResumePlan } from '../src/runs/resume.ts';
import type { RunSettings } from '../src/settings/table.ts';
import type { BenchmarkProject } from './projects.ts';

/**
 * In the runner, before any worker starts: the run's spending folder (the ceilings hold across
 * workers), and for each project that will call a model, an estimate of what it will spend,
 * printed; a run whose estimate passes a ceiling does not start unless told to.
 * `instances` is called only when a model project runs (it loads the benchmark).
 */
export function prepareSpending(projects: BenchmarkProject[], settings: RunSettings, benchmark: string | undefined, instances: () => number, resume: ResumePlan | undefined): void {
  const earlier = resume?.spent ?? { calls: 0, tokens: 0, cost: 0 };
  openRunSpending(earlier);
  const runs: ModelRun[] = [];
  let selected: number | undefined;
  const narrowed = process.argv.some((arg) => ['-g', '--grep', '--grep-invert', '--only-changed', '--last-failed'].includes(arg) || /^--grep(-invert)?=/.test(arg));
  for (const project of chosenProjects(projects, process.argv)) {
    const model = project.use?.agent === 'llm' ? (project.use.agentOptions as { model?: string } | undefined)?.model : undefined;
    if (!model) continue;
    selected ??= shareOfShard(instances(), process.argv);
    runs.push({ project: project.name!, model, instances: Math.max(0, selected - (resume?.finishedCount.get(project.name!) ?? 0)), ...(narrowed && { atMost: true }) });
  }
  if (!runs.length) return;
  const estimates = estimateSpending(runs, benchmark, settings.reportDir);
  for (const line of describeEstimate(estimates, benchmark)) console.log(line);
  const refused = refusalToStart(estimates, earlier, settings);
  if (refused) throw plainError(refused);
}

/** A shard's part of the instances (--shard=2/4 runs a quarter); --grep is not counted: the estimate is then an upper bound. */
function shareOfShard(count: number, argv: string[]): number {
  const total = Number(/^\d+\/(\d+)$/.exec(optionValues(argv, '--shard')[0] ?? '')?.[1] ?? 1);
  return Math.ceil(count / Math.max(1, total));
}

/**
 * The projects Playwright will run: those named with --project (its rules: any case, `*` as
 * a wildcard, several names after one flag), or with none named the projects not `default: false`.
 */
export function chosenProjects(projects: BenchmarkProject[], argv: string[]): BenchmarkProject[] {
  const named = optionValues(argv, '--project');
  if (!named.length) return projects.filter((p) => p.default !== false);
  const patterns = named.map((name) => new RegExp(`^${name.toLowerCase().split('*').map(escapeRegExp).join('.*')}$`));
  return projects.filter((p) => patterns.some((pattern) => pattern.test((p.name ?? '').toLowerCase())));
}
