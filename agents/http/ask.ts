import type { AgentReport } from '../../src/agent/types.ts';
import type { Usage } from '../../src/agent/usage.ts';
import { readReply, type AgentReply, type FieldRequest, type StepRequest } from './protocol.ts';
import type { HttpAgentSettings } from './settings.ts';
import { postJson, type Delivery } from './transport.ts';

/** What came of asking the agent server once. */
export type ServerAnswer =
  | { reply: AgentReply }
  /** It answered 2xx, but not with a reply of the protocol (not JSON, no action, another version). */
  | { unusable: string }
  /** No 2xx answer after the retries; `unreachable` when the last attempt got no answer at all. */
  | { failed: string; unreachable: boolean };

/** One request's line of the agent log (agent-log.json). */
export interface RequestLog {
  kind: 'step' | 'field';
  step?: number;
  field?: string;
  status?: number;
  attempts: number;
  ms: number;
  action?: string | null;
  reasoning?: string;
  error?: string;
}

/**
 * Sends one request and reads the answer; logs it at once (an instance that breaks off
 * later keeps it) and returns what it cost: the calls the server answered (counted here),
 * the tokens and cost the reply states (cost null, unknown, when it states none).
 */
export async function ask(settings: HttpAgentSettings, request: StepRequest | FieldRequest, report: AgentReport): Promise<{ answer: ServerAnswer; usage: Usage; log: RequestLog }> {
  const delivery = await postJson(settings, request);
  const answer = answerOf(delivery);
  const reply = 'reply' in answer ? answer.reply : undefined;
  const log: RequestLog = {
    kind: request.kind,
    ...(request.kind === 'step' ? { step: request.observation.step + 1 } : { field: request.field.name }),
    ...(delivery.status !== undefined && { status: delivery.status }),
    attempts: delivery.attempts,
    ms: delivery.ms,
    ...(reply && { action: reply.action }),
    ...(reply?.reasoning && { reasoning: reply.reasoning }),
    ...('failed' in answer && { error: answer.failed }),
    ...('unusable' in answer && { error: answer.unusable }),
  };
  report.log.push(log);
  const usage: Usage = {
    calls: delivery.answered,
    promptTokens: reply?.usage?.promptTokens ?? 0,
    completionTokens: reply?.usage?.completionTokens ?? 0,
    // Nothing answered, nothing spent; an answer that states no cost: unknown.
    cost: reply?.usage?.cost ?? (delivery.answered ? null : 0),
    cached: 0,
  };
  return { answer, usage, log };
}

function answerOf(delivery: Delivery): ServerAnswer {
  if (delivery.error !== undefined) return { failed: delivery.error, unreachable: delivery.unreachable === true };
  const read = readReply(delivery.body ?? '');
  return 'reply' in read ? read : { unusable: read.problem };
}
