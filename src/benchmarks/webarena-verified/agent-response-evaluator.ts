import { AGENT_RESPONSE_SETTINGS } from './settings-schemas.ts';
import { scoreAgentResponse, type AgentResponseSpec } from './answers/agent-response.ts';
import type { Schema } from './answers/types.ts';
import type { Evaluator } from '../../evaluators/types.ts';

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
  settingsSchema: AGENT_RESPONSE_SETTINGS,
  // Its episodes are recorded too: WebArena-Verified's tool scores a run's task only with both
  // its answer and its HAR (benchwright export --format webarena-verified).
  networkRecording: () => 'omit',
  expected: (settings) => settings,
  answerFormat: (expected) => answerFormat(expected.results_schema),
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

/**
 * The final answer's format, as WebArena-Verified's prompt template states it (its "Final
 * Response Format" block), with the items' JSON Schema of a task that retrieves data. A schema
 * of no data ({"type": "null"}) is not shown: it would tell the agent the task retrieves nothing.
 */
function answerFormat(schema: Schema): string {
  return [
    'When the task is done, or cannot be done, answer with send_msg_to_user and this JSON object as its text, nothing else:',
    '{"task_type": "RETRIEVE|MUTATE|NAVIGATE", "status": "SUCCESS|NOT_FOUND_ERROR|ACTION_NOT_ALLOWED_ERROR|PERMISSION_DENIED_ERROR|DATA_VALIDATION_ERROR|UNKNOWN_ERROR", "retrieved_data": [...] or null, "error_details": null or "<why, when the status is not SUCCESS>"}',
    '- task_type: RETRIEVE when retrieving data is the goal; MUTATE when it is creating, updating or deleting something; NAVIGATE when it is showing a page or a search result.',
    '- retrieved_data: with RETRIEVE always a list, even of one item; a list of simple values (numbers for amounts and counts, true/false for yes/no) unless the task asks for objects; otherwise null.',
    ...(schema.type === 'array' && schema.items ? [`- retrieved_data's items, as this JSON Schema describes them: ${JSON.stringify(schema.items)}`] : []),
    '- status: SUCCESS when the goal is fully achieved; NOT_FOUND_ERROR when what the task names cannot be found; ACTION_NOT_ALLOWED_ERROR when the site does not support the action; PERMISSION_DENIED_ERROR when the user lacks the permission; DATA_VALIDATION_ERROR when data the task needs is missing or invalid; UNKNOWN_ERROR for any other failure.',
  ].join('\n');
}
