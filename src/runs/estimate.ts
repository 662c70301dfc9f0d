import type { Usage } from '../agent/usage.ts';
import { totalUsage } from '../agent/usage.ts';
import { callCost } from '../llm/pricing.ts';
import type { Spent } from '../llm/spending.ts';
import type { RunSettings } from '../settings/table.ts';
import { listRuns, readRun } from './run-folders.ts';

/** A project about to call a model: its model and how many instances it will run. */
export interface ModelRun {
  project: string;
  model: string;
  instances: number;
}

/** What a project will likely spend, from earlier runs of the same benchmark with the same model. */
export interface Estimate extends ModelRun {
  /** Absent when no earlier run tells. */
  expected?: Spent & { priced: boolean; from: number };
}

/** How many earlier runs are read at most (newest first): reading a run costs its size. */
const RUNS_READ = 10;

/**
 * Per project, the mean usage per instance in the newest earlier runs of this benchmark with
 * the same model, times the instances it will run. Cached replies count as paid: whether a
 * reply is still in the cache is known only when the prompt is built.
 */
export function estimateSpending(runs: ModelRun[], benchmark: string | undefined, reportDir: string): Estimate[] {
  const perModel = new Map<string, Usage[]>();
  const runsOf = new Map<string, number>();
  for (const folder of listRuns(reportDir).reverse().slice(0, RUNS_READ)) {
    let results;
    try {
      results = readRun(folder).results;
    } catch {
      continue;
    }
    if (results.meta.benchmark !== benchmark) continue;
    const counted = new Set<string>();
    for (const row of results.instances) {
      const model = (results.meta.projects[row.project]?.agentOptions as { model?: string } | undefined)?.model;
      if (!model || !row.usage || row.outcome === 'not run') continue;
      perModel.set(model, [...(perModel.get(model) ?? []), row.usage]);
      counted.add(model);
    }
    for (const model of counted) runsOf.set(model, (runsOf.get(model) ?? 0) + 1);
  }
  return runs.map((run) => {
    const seen = perModel.get(run.model);
    if (!seen?.length) return run;
    const total = totalUsage(seen);
    const share = run.instances / seen.length;
    const cost = callCost(run.model, total.promptTokens * share, total.completionTokens * share);
    return {
      ...run,
      expected: { calls: Math.round(total.calls * share), tokens: Math.round((total.promptTokens + total.completionTokens) * share), cost: cost ?? 0, priced: cost !== null, from: runsOf.get(run.model)! },
    };
  });
}

/** The estimate as lines for the terminal. */
export function describeEstimate(estimates: Estimate[], benchmark: string | undefined): string[] {
  return estimates.map(({ project, model, instances, expected }) => {
    const head = `benchwright: ${project} (${model}) will run ${instances} instance${instances === 1 ? '' : 's'}`;
    if (!expected) return `${head}: no estimate (no earlier run of ${benchmark ?? 'these tasks'} with ${model} in the report folder)`;
    const price = expected.priced ? `, about $${expected.cost.toFixed(2)}` : ' (no known price for this model)';
    return `${head}: about ${expected.calls} calls and ${expected.tokens} tokens${price}, from ${expected.from} earlier run${expected.from === 1 ? '' : 's'} (replies already in the reply cache cost nothing)`;
  });
}

/** Which run ceiling the estimate, with what was spent before (a resumed run's), would pass; undefined when none. */
export function estimateOverCeiling(estimates: Estimate[], earlier: Spent, settings: RunSettings): string | undefined {
  const known = estimates.flatMap((e) => (e.expected ? [e.expected] : []));
  const total = known.reduce((sum, e) => ({ calls: sum.calls + e.calls, tokens: sum.tokens + e.tokens, cost: sum.cost + e.cost }), earlier);
  const checks: [number | undefined, number, string, string][] = [
    [settings.maxCost, total.cost, 'cost', 'BENCHWRIGHT_MAX_COST'],
    [settings.maxTokens, total.tokens, 'tokens', 'BENCHWRIGHT_MAX_TOKENS'],
    [settings.maxCalls, total.calls, 'calls', 'BENCHWRIGHT_MAX_CALLS'],
  ];
  for (const [ceiling, expected, what, variable] of checks) {
    if (ceiling === undefined || expected <= ceiling) continue;
    const show = (n: number) => (what === 'cost' ? `$${n.toFixed(2)}` : String(Math.round(n)));
    return `the estimate, ${show(expected)} in ${what}${earlier.calls ? ' with what the resumed run spent' : ''}, exceeds the run's ceiling of ${show(ceiling)} (${variable}): not starting. Raise the ceiling, run fewer instances (BENCHWRIGHT_INSTANCES), or start anyway with BENCHWRIGHT_IGNORE_ESTIMATE=on: the ceiling still stops the run where it is reached.`;
  }
  return undefined;
}
