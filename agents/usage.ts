import type { FieldUsage } from './types.ts';

/** Usage summed; the cost is null as soon as one part has no known price. */
export function totalUsage(usages: FieldUsage[]): FieldUsage {
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
