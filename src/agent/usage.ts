/** What an agent spent (on a field, a step, an instance): it goes into the record and the report's tables. */
export interface Usage {
  calls: number;
  /** Tokens as the API counted them. */
  promptTokens: number;
  completionTokens: number;
  /** USD; null when the model's price is unknown. */
  cost: number | null;
  /** Calls answered from the reply cache. */
  cached: number;
  /** Why the agent stopped short (API failure, no usable action after re-prompts). */
  error?: string;
  /** An instance's runs that this counts, when more than one (a test's retries, --repeat-each repetitions, a resumed run's). */
  runs?: number;
}

/** Where a goal task's step spends in AgentReport.usage (`step 3`), numbered as trajectory.json numbers steps: its observation's step + 1. */
export const stepUsageKey = (observation: { step: number }) => `step ${observation.step + 1}`;

/** Usage summed; the cost is null as soon as one part has no known price. */
export function totalUsage(usages: Usage[]): Usage {
  const sum = (key: 'calls' | 'promptTokens' | 'completionTokens' | 'cached') => usages.reduce((n, u) => n + u[key], 0);
  const costs = usages.map((u) => u.cost);
  return {
    calls: sum('calls'),
    promptTokens: sum('promptTokens'),
    completionTokens: sum('completionTokens'),
    cost: costs.some((c) => c === null) ? null : costs.reduce((n: number, c) => n + c!, 0),
    cached: sum('cached'),
  };
}
