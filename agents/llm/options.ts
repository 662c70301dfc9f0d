/** An LLM agent's settings: a project's `agentOptions` (mirrored into its metadata). */
export interface LlmOptions {
  /** The model name sent to the API (and used for pricing and the tokenizer). */
  model: string;
  temperature: number;
  /** Tokenizer for counting and truncating prompts: o200k_base (GPT-4o and later) or cl100k_base (GPT-4, 3.5). */
  encoding: 'cl100k_base' | 'o200k_base';
  /** The page as the model sees it: the whole HTML, or the paper's "relevant" HTML around the field. */
  html: 'full' | 'relevant';
  /** Attach a screenshot of the viewport around the field (vision models). */
  vision: boolean;
  /** In-context demonstrations (0..7), from train tasks other than the one evaluated. */
  demos: number;
  /** Budget for one prompt, in tokens: the page HTML is cut to fit (the rest is kept whole). */
  maxPromptTokens: number;
  /** Tokens the reply may use. */
  maxTokens: number;
  /** Calls in flight at once in one worker (the fields of an instance are asked together). */
  concurrency: number;
  /** Re-prompts quoting the parse error when a reply holds no valid action. */
  reprompts: number;
  /** Per-call timeout, ms; the SDK retries 429/5xx and timeouts `maxRetries` times with backoff. */
  timeout: number;
  maxRetries: number;
}

export const DEFAULT_LLM_OPTIONS: LlmOptions = {
  model: 'gpt-4',
  temperature: 0,
  encoding: 'cl100k_base',
  html: 'full',
  vision: false,
  demos: 0,
  maxPromptTokens: 7000,
  maxTokens: 200,
  concurrency: 4,
  reprompts: 2,
  timeout: 60_000,
  maxRetries: 3,
};
