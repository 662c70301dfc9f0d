import { scoreAgentResponse, type AgentResponseSpec } from '../metrics/webarena-verified/agent-response.ts';
import type { Evaluator } from './types.ts';

/** The agent's final answer as it gave it (send_msg_to_user), null: it gave none. */
export interface AgentResponseEvidence {
  answer: string | null;
}

/**
 * WebArena-Verified's AgentResponseEvaluator: the answer, a JSON object (fenced markdown JSON
 * accepted), against the expected task_type, status and typed retrieved_data. A pure function
 * of the stored answer, so a stored run is scored again with no browser. The reference's
 * "error" (the answer could not even be read, or the task's own data does not) scores 0,
 * recorded as such.
 */
export const agentResponse: Evaluator<AgentResponseSpec, AgentResponseSpec, AgentResponseEvidence> = {
  name: 'agent-response',
  expected: (settings) => settings,
  capture: async (_page, _expected, episode) => ({ answer: episode.answer ?? null }),
  score(evidence, expected) {
    const base = { evaluator: 'agent-response', expected: expected.expected };
    if (evidence.answer === null) return { ...base, got: null, score: 0, reason: 'no answer', recorded: { status: 'failure' } };
    const result = scoreAgentResponse(evidence.answer, expected);
    const reason = result.error !== undefined ? `error: ${result.error}` : result.assertions.map((a) => `${a.name}: ${a.messages.join(' ')}`).join('; ');
    return {
      ...base,
      expected: result.expectedNormalized ?? expected.expected,
      got: result.actualNormalized ?? evidence.answer,
      score: result.score,
      ...(reason && { reason }),
      recorded: { status: result.status, assertions: result.assertions.map((a) => a.name) },
    };
  },
};
