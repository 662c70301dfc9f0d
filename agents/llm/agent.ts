import type { Agent } from '../../src/agent/types.ts';
import { hasEndpoint } from '../../src/llm/client.ts';

/**
 * An LLM through the openai SDK, as the paper runs it: per field, the page (full or relevant
 * HTML, optionally a screenshot) and the field's name go to the model, which answers with
 * action text; the parser turns it into actions (model text is data, never evaluated). All
 * fields are asked at once from the page as loaded (the worker caps the calls in flight), then
 * their actions run in field order. The SDK and the tokenizers load only in workers that run
 * an LLM project (about a second of start-up the other agents do not pay).
 */
export const llm: Agent = {
  name: 'llm',
  unavailable: () => missingCredentials(),
  run: async (input) => (await import('./run-llm.ts')).runLlm(input),
};

/** Why LLM projects cannot run here, or undefined when they can. */
export function missingCredentials(env = process.env): string | undefined {
  if (hasEndpoint(env)) return undefined;
  return 'LLM agents need OPENAI_API_KEY (OpenAI) or OPENAI_BASE_URL (any OpenAI-compatible server): not set, so this project is skipped';
}
