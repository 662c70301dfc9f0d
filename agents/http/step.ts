import type { AgentFailure, AgentStep, EpisodeInput } from '../../src/agent/types.ts';
import { stepUsageKey } from '../../src/agent/usage.ts';
import { ask } from './ask.ts';
import { describeActions, PROTOCOL_VERSION, type StepRequest } from './protocol.ts';
import { httpSettings } from './settings.ts';

/**
 * One step of a goal task: the observation and history go to the server, its action text
 * comes back for the harness to parse. A server that cannot answer (unreachable, or an error
 * status after the retries) fails the agent: the episode ends with the reason, scored as the
 * page stands. A reply that is not the protocol's is a reply with no usable action: the
 * episode says so in the next observation (three in a row end it).
 */
export async function httpStep(input: EpisodeInput): Promise<AgentStep | AgentFailure | null> {
  const settings = httpSettings(input.options);
  const request: StepRequest = {
    version: PROTOCOL_VERSION,
    kind: 'step',
    task: input.task,
    instanceId: input.instanceId,
    seed: input.seed,
    goal: input.goal,
    observation: input.observation,
    history: input.history,
    actionSet: describeActions(input.actionSet),
    options: settings.options,
  };
  const { answer, usage } = await ask(settings, request, input.report);
  const problem = 'failed' in answer ? answer.failed : 'unusable' in answer ? answer.unusable : undefined;
  input.report.usage[stepUsageKey(input.observation)] = { ...usage, ...(problem !== undefined && { error: problem }) };
  if ('failed' in answer) return { failed: answer.failed };
  if ('unusable' in answer) return { action: '', error: answer.unusable };
  const { action, reasoning } = answer.reply;
  if (action === null) return null;
  return { action, ...(reasoning && { reasoning }) };
}
