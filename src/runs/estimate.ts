import { totalUsage, type Usage } from '../agent/usage.ts';
import { callCost, modelPrice } from '../llm/pricing.ts';
import { RUN_CEILINGS, type Spent } from '../llm/spending.ts';
import { SETTINGS, type RunSettings, type SettingName } from '../settings/table.ts';
import { listRuns, readRun } from './run-folders.ts';

/** A project about to call a model: its model and how many instances it will run. */
export interface ModelRun {
  project: string;
  model: string;
  instances: number;
  /** The run is narrowed in ways the count does not know (--grep): at most this many. */
  atMost?: boolean;
}

/** What a project will likely spend, from earlier runs of the same benchmark. */
export interface Estimate extends ModelRun {
  /** Absent when no earlier run tells. */
  expected?: Spent & { priced: boolean; from: number };
}

/** How many earlier runs are read at most (newest first): reading a run costs its size. */
const RUNS_READ = 10;

/**
 * Per project, the mean usage per instance in the newest earlier runs of this benchmark by the
 * same project with the same model (else by any project with that model), times the instances
 * it will run. Instances a ceiling cut short are left out; replies a rerun finds in the reply
 * cache cost nothing, which the estimate cannot know before the prompts are built.
 */
export function estimateSpending(runs: ModelRun[], benchmark: string | undefined, reportDir: string): Estimate[] {
  const seen = new Map<string, { usages: Usage[]; runs: number }>();
  const note = (key: string, usages: Usage[]) => {
    const entry = seen.get(key) ?? { usages: [], runs: 0 };
    seen.set(key, { usages: entry.usages.concat(usages), runs: entry.runs + 1 });
  };
  // A row's usage counts every run of its instance (retries, repetitions, a resumed run's).
  const instanceRuns = (usages: Usage[]) => usages.reduce((n, u) => n + (u.runs ?? 1), 0);
  for (const folder of listRuns(reportDir).reverse().slice(0, RUNS_READ)) {
    let results;
    try {
      results = readRun(folder).results;
    } catch {
      continue;
    }
    if (results.meta.benchmark !== benchmark) continue;
    const byKey = new Map<string, Usage[]>();
    for (const row of results.instances) {
      const model = (results.meta.projects[row.project]?.agentOptions as { model?: string } | undefined)?.model;
      if (!model || !row.usage || row.outcome === 'not run' || row.budgetReached) continue;
      // Pushed, not copied: a run of thousands of instances is read here before the run starts.
      for (const key of [`${row.project}\n${model}`, model]) {
        const usages = byKey.get(key);
        if (usages) usages.push(row.usage);
        else byKey.set(key, [row.usage]);
      }
    }
    for (const [key, usages] of byKey) note(key, usages);
  }
  return runs.map((run) => {
    const known = seen.get(`${run.project}\n${run.model}`) ?? seen.get(run.model);
    if (!known) return run;
    const total = totalUsage(known.usages);
    const share = run.instances / instanceRuns(known.usages);
    const cost = callCost(run.model, total.promptTokens * share, total.completionTokens * share);
    const tokens = Math.round((total.promptTokens + total.completionTokens) * share);
    return { ...run, expected: { calls: Math.round(total.calls * share), tokens, cost: cost ?? 0, priced: cost !== null, from: known.runs } };
  });
}

/** The estimate as lines for the terminal. */
export function describeEstimate(estimates: Estimate[], benchmark: string | undefined): string[] {
  return estimates.map(({ project, model, instances, atMost, expected }) => {
    const head = `benchwright: ${project} (${model}) will run ${atMost ? 'at most ' : ''}${instances} instance${instances === 1 ? '' : 's'}${atMost ? ' (--grep is not counted)' : ''}`;
    const price = modelPrice(model);
    if (!expected) {
      const perMillion = price ? `$${price.input} a million prompt tokens, $${price.output} a million completion tokens` : 'no known price';
      return `${head}: no estimate (no earlier run of ${benchmark ?? 'these tasks'} with ${model} in the report folder); ${perMillion}`;
    }
    const cost = expected.priced ? `, about $${expected.cost.toFixed(2)}` : ' (no known price)';
    return `${head}: about ${expected.calls} calls and ${expected.tokens} tokens${cost}, from ${expected.from} earlier run${expected.from === 1 ? '' : 's'} (replies already in the reply cache cost nothing)`;
  });
}

/** Why the run must not start: a cost ceiling no spending can be measured against, or a run ceiling the estimate (with what was spent before) passes. */
export function refusalToStart(estimates: Estimate[], earlier: Spent, settings: RunSettings): string | undefined {
  const unpriced = estimates.filter((e) => !modelPrice(e.model)).map((e) => `${e.project} (${e.model})`);
  const costCeiling = (['maxCost', 'instanceMaxCost'] as const).find((name) => settings[name] !== undefined);
  if (costCeiling && unpriced.length) {
    return `${SETTINGS[costCeiling].variable} cannot hold for ${unpriced.join(', ')}: no known price, so no cost is counted. Set a token or call ceiling instead (BENCHWRIGHT_MAX_TOKENS, BENCHWRIGHT_MAX_CALLS).`;
  }
  if (settings.ignoreEstimate) return undefined;
  const total = estimates.reduce((sum, e) => (e.expected ? { calls: sum.calls + e.expected.calls, tokens: sum.tokens + e.expected.tokens, cost: sum.cost + e.expected.cost } : sum), earlier);
  for (const [key, name] of Object.entries(RUN_CEILINGS) as [keyof Spent, SettingName][]) {
    const ceiling = settings[name] as number | undefined;
    if (ceiling === undefined || total[key] <= ceiling) continue;
    const show = (n: number) => (key === 'cost' ? `$${n.toFixed(2)}` : String(Math.round(n)));
    return `the estimate, ${show(total[key])} in ${key}${earlier.calls ? ' with what the resumed run spent' : ''}, exceeds the run's ceiling of ${show(ceiling)} (${SETTINGS[name].variable}): not starting. Raise the ceiling, run fewer instances (BENCHWRIGHT_INSTANCES), or start anyway with BENCHWRIGHT_IGNORE_ESTIMATE=on: the ceiling still stops the run where it is reached.`;
  }
  return undefined;
}
