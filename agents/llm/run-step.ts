import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { PROMPT_TREE, type AgentFailure, type AgentStep, type EpisodeInput } from '../../src/agent/types.ts';
import type { Observation } from '../../src/observe/observe.ts';
import { stepUsageKey } from '../../src/agent/usage.ts';
import { complete, type CallRecord } from '../../src/llm/client.ts';
import { usageOf } from './call-usage.ts';
import { DEFAULT_LLM_OPTIONS, type LlmOptions } from './options.ts';
import { buildStepMessages, readStepReply, stepReprompt } from './step-prompt.ts';

/** What the agent log says of one step. */
interface StepLog {
  step: number;
  treeCut?: number;
  calls: CallRecord[];
  error?: string;
}

/**
 * One step of an episode: one call, re-asked quoting the problem while the reply holds no single action.
 * Only usable replies are cached. A call that fails after the SDK's retries fails the agent:
 * the episode ends with the reason, scored as the page stands.
 */
export async function llmStep(input: EpisodeInput): Promise<AgentStep | AgentFailure> {
  const settings: LlmOptions = { ...DEFAULT_LLM_OPTIONS, ...(input.options as Partial<LlmOptions>) };
  const { messages, cut } = await buildStepMessages(input, settings);
  // Logged at once, filled as calls come back.
  const entry: StepLog = { step: input.observation.step + 1, ...(cut && { treeCut: cut }), calls: [] };
  input.report.log.push(entry);
  const record = (error?: string) => {
    input.report.usage[stepUsageKey(input.observation)] = usageOf(entry.calls, error);
    if (error) entry.error = error;
  };
  for (let attempt = 0; ; attempt++) {
    const call = await complete(messages, settings, (reply) => 'action' in readStepReply(reply, input.actionSet));
    entry.calls.push({ ...call, ms: Math.round(call.ms) });
    if (call.error && call.reply === undefined) {
      record(call.error);
      return { failed: `the model call failed: ${call.error}`, ...(call.serviceFailed && { service: true as const }) };
    }
    const read = readStepReply(call.reply ?? '', input.actionSet);
    if ('action' in read) {
      record();
      return { ...read, prompt: promptText(messages, input.observation) };
    }
    if (attempt >= settings.reprompts) {
      const error = `no usable action after ${attempt + 1} replies: ${read.error}`;
      record(error);
      return { action: '', error, prompt: promptText(messages, input.observation) };
    }
    messages.push(...stepReprompt(call.reply ?? '', read.error));
  }
}

/** A tree shorter than this is left in the prompt: a few words could stand elsewhere in it too. */
const TREE_KEPT_ONCE_FROM = 200;

/**
 * The step's messages as the trajectory keeps them: each as its role and text, images as
 * `[image]`, the tree the agent was given, where the prompt holds it whole, as PROMPT_TREE (it
 * is the observation's, which the trajectory keeps beside); written once the step is done.
 */
function promptText(messages: ChatCompletionMessageParam[], observation: Observation): string {
  const textOf = (content: ChatCompletionMessageParam['content']) => typeof content === 'string'
    ? content
    : (content ?? []).map((part) => (part.type === 'text' ? part.text : part.type === 'image_url' ? '[image]' : `[${part.type}]`)).join('\n');
  const text = messages.map((m) => `${m.role}: ${textOf(m.content)}`).join('\n\n');
  const tree = observation.browsergym?.axtree ?? observation.snapshot;
  return tree.length >= TREE_KEPT_ONCE_FROM ? text.split(tree).join(PROMPT_TREE) : text;
}
