import type OpenAI from 'openai';
import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import pLimit, { type LimitFunction } from 'p-limit';
import { callCost } from './pricing.ts';
import { runSettings } from '../settings/read.ts';
import { ReplyCache } from './reply-cache.ts';
import { endCall, refusal, startCall } from './spending.ts';
import { countMessageTokens, type Encoding } from './tokens.ts';

/** What one chat call needs: the model and its sampling, the tokenizer, and how patiently to ask. */
export interface ChatSettings {
  /** The model name sent to the API (and used for pricing and the tokenizer). */
  model: string;
  temperature: number;
  /** Tokens the reply may use. */
  maxTokens: number;
  encoding: Encoding;
  /** Calls in flight at once in one worker. */
  concurrency: number;
  /** Per-call timeout, ms; the SDK retries 429/5xx and timeouts `maxRetries` times with backoff. */
  timeout: number;
  maxRetries: number;
}

/** One call as recorded for the reports: sizes, usage, cost, and the reply or the error. */
export interface CallRecord {
  /** Prompt size counted with the tokenizer before sending (for a cached reply: when it was sent). */
  promptTokensCounted: number;
  promptTokens: number;
  completionTokens: number;
  /** USD; null for a model without a known price. */
  cost: number | null;
  cached: boolean;
  ms: number;
  reply?: string;
  error?: string;
  /** Not sent: a spending ceiling was reached (spending.ts). */
  refused?: true;
  /** The model's service failed it (unreachable, timed out, 5xx or 429 after the SDK's retries): not the model's answer. */
  serviceFailed?: true;
}

/** Whether a model can be asked here: an OpenAI key, or an OpenAI-compatible server. */
export const hasEndpoint = (env = process.env) => Boolean(env.OPENAI_API_KEY || env.OPENAI_BASE_URL);

// One client and one limiter per worker process (the agent's calls and the judge's share them):
// the cap on calls in flight is per worker, set by the first caller.
let client: OpenAI | undefined;
let limiter: LimitFunction | undefined;
// Read from the environment at the first call, as the client is (tests set it per case).
let cache: ReplyCache | undefined;

/** The SDK is imported on the first call the cache cannot answer: a cached rerun never loads it. */
async function clientFor(options: ChatSettings): Promise<{ client: OpenAI; limit: LimitFunction }> {
  const { default: OpenAISdk } = await import('openai');
  client ??= new OpenAISdk({
    // A local server often wants no key; the SDK insists on one.
    apiKey: process.env.OPENAI_API_KEY || 'none',
    ...(process.env.OPENAI_BASE_URL && { baseURL: process.env.OPENAI_BASE_URL }),
  });
  limiter ??= pLimit(options.concurrency);
  return { client, limit: limiter };
}

/**
 * One chat completion, through the reply cache and the worker's cap on calls in flight. The
 * SDK retries 429 (honouring retry-after), 5xx, connection errors and timeouts with backoff.
 * Never throws: a failure is a record with its error. Only a reply the caller can use is kept
 * (and read back): one it cannot read is asked again next time. `judging`: the model judge's
 * call, which the instance's spending ceilings do not bound (spending.ts).
 */
export async function complete(messages: ChatCompletionMessageParam[], options: ChatSettings, usable: (reply: string) => boolean = () => true, judging = false): Promise<CallRecord> {
  const request = { model: options.model, messages, temperature: options.temperature, max_tokens: options.maxTokens };
  const key = ReplyCache.key(request);
  const replies = (cache ??= ReplyCache.at(runSettings().llmCache));
  const hit = replies.get(key);
  if (hit && usable(hit.reply)) {
    // Replies cached before counts were stored are counted now.
    const promptTokensCounted = hit.promptTokensCounted ?? await countMessageTokens(messages, options.encoding);
    return { ...hit, promptTokensCounted, cost: callCost(options.model, hit.promptTokens, hit.completionTokens), cached: true, ms: 0 };
  }
  const promptTokensCounted = await countMessageTokens(messages, options.encoding);
  const { client, limit } = await clientFor(options);
  return limit(async (): Promise<CallRecord> => {
    const base = { promptTokensCounted, promptTokens: 0, completionTokens: 0, cost: null, cached: false };
    // Asked as the call starts, not as it queues: a call that waited on the cap sees what the others spent.
    const refused = refusal(judging);
    if (refused) return { ...base, ms: 0, error: refused, refused: true };
    startCall();
    const started = performance.now();
    try {
      const completion = await client.chat.completions.create(request, { timeout: options.timeout, maxRetries: options.maxRetries });
      const reply = completion.choices[0]?.message?.content ?? '';
      const promptTokens = completion.usage?.prompt_tokens ?? 0;
      const completionTokens = completion.usage?.completion_tokens ?? 0;
      if (usable(reply)) replies.set(key, { reply, promptTokens, completionTokens, promptTokensCounted });
      const cost = callCost(options.model, promptTokens, completionTokens);
      endCall({ promptTokens, completionTokens, cost });
      return { ...base, promptTokens, completionTokens, cost, reply, ms: performance.now() - started, ...(!reply.trim() && { error: 'empty reply' }) };
    } catch (e) {
      return { ...base, ms: performance.now() - started, error: describeError(e), ...(serviceFailure(e) && { serviceFailed: true }) };
    }
  });
}

/** The service's fault, not the request's nor the reply's: no answer (unreachable, timed out), a 5xx, or still rate limited. */
function serviceFailure(e: unknown): boolean {
  // The SDK's classes by name: it is imported only when a model is first asked.
  if (['APIConnectionError', 'APIConnectionTimeoutError'].includes((e as Error).constructor?.name ?? '')) return true;
  const status = (e as { status?: number }).status;
  return status !== undefined && (status >= 500 || status === 408 || status === 429);
}

function describeError(e: unknown): string {
  // The SDK's errors (APIError and its subclasses) carry the HTTP status.
  const status = (e as { status?: number }).status;
  return `${(e as Error).constructor?.name ?? 'Error'}${status ? ` ${status}` : ''}: ${(e as Error).message ?? String(e)}`;
}
