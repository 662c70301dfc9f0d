import { totalUsage, type Usage } from '../../src/agent/usage.ts';
import type { CallRecord } from '../../src/llm/client.ts';

/** What a field's or a step's calls spent, and why they gave no action when they did not. */
export function usageOf(calls: CallRecord[], error: string | undefined): Usage {
  // A call the spending ceiling refused was never made.
  const perCall = calls.filter((c) => !c.refused).map((c) => ({ calls: 1, promptTokens: c.promptTokens, completionTokens: c.completionTokens, cost: c.cost, cached: c.cached ? 1 : 0 }));
  return { ...totalUsage(perCall), ...(error && { error }) };
}
