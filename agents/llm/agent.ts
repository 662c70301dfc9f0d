import type { Agent } from '../../src/agent/types.ts';
import { hasEndpoint } from '../../src/llm/client.ts';
import { runCeilingReached } from '../../src/llm/spending.ts';
import { closedBookAnswer } from './closed-book.ts';
import type { LlmOptions } from './options.ts';
import { runLlm } from './run-llm.ts';
import { llmStep } from './run-step.ts';

/**
 * An LLM through the openai SDK. A form, as the paper runs it: per field, the page (full or
 * relevant HTML, optionally a screenshot) and the field's name go to the model, which answers
 * with action text; the parser turns it into actions (model text is data, never evaluated). All
 * fields are asked at once from the page as loaded (the worker caps the calls in flight), then
 * their actions run in field order. A goal task: per step, the goal, the tabs, the
 * accessibility tree, the last error and the earlier steps; the reply is a reasoning and one
 * action (agents/llm/step-prompt.ts). The SDK and the tokenizers load only when a call needs
 * them (client.ts, tokens.ts: about a second of start-up the other agents do not pay); our own
 * modules load with the rest, so that the runner compiles them into Playwright's cache (a worker
 * does not write it: a module only workers load is compiled anew in each, ~0.5 s of CPU).
 */
export const llm: Agent = {
  name: 'llm',
  // Once the run's spending ceiling is reached, an instance not yet started does not run.
  unavailable: () => missingCredentials() ?? runCeilingReached(),
  run: runLlm,
  step: llmStep,
  answer: (input) => closedBookAnswer(input.goal, input.options, input.report, input.answerFormat),
  // A vision model sees the viewport at every step.
  observes: (options) => {
    const { vision, observe } = options as Partial<LlmOptions>;
    return { screenshot: Boolean(vision), ...(observe?.boxes && { boxes: true }), ...(observe?.browsergym && { browsergym: observe.browsergym }) };
  },
};

/** Why LLM projects cannot run here, or undefined when they can. */
export function missingCredentials(env = process.env): string | undefined {
  if (hasEndpoint(env)) return undefined;
  return 'LLM agents need OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (any OpenAI-compatible server): not set, so this project is skipped';
}
