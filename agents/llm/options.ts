import type { ChatSettings } from '../../src/llm/client.ts';
import type { ObserveOptions } from '../../src/observe/observe.ts';

/** An LLM agent's settings: a project's `agentOptions` (mirrored into its metadata). */
export interface LlmOptions extends ChatSettings {
  /** The page as the model sees it: the whole HTML, or the paper's "relevant" HTML around the field. */
  html: 'full' | 'relevant';
  /** Attach a screenshot of the viewport around the field (vision models). */
  vision: boolean;
  /** In-context demonstrations (0..7), from train tasks other than the one evaluated. */
  demos: number;
  /** Budget for one prompt, in tokens: the page HTML is cut to fit (the rest is kept whole). */
  maxPromptTokens: number;
  /** Re-prompts quoting the parse error when a reply holds no valid action. */
  reprompts: number;
  /**
   * 'open': form tasks run as episodes, the task's words the goal, no field named (the paper's
   * open-ended mode). 'closed-book': a goal task is one call with the goal alone, no page
   * (AssistantBench's closed-book baseline).
   */
  protocol?: 'open' | 'closed-book';
  /** 'closed-book': an episode that ends without an answer takes the closed-book one (AssistantBench's ensemble). */
  fallback?: 'closed-book';
  /**
   * What a goal task's step shows beyond the tree: boxes on its lines, or BrowserGym's formats
   * (its marked tree instead of Playwright's, its pruned HTML, its set-of-marks screenshot
   * instead of the plain one), as AgentLab's prompts read them.
   */
  observe?: Pick<ObserveOptions, 'boxes' | 'browsergym'>;
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
