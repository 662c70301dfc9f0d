import * as models from 'gpt-tokenizer/models';

interface PriceData {
  main?: { input?: number; output?: number };
}

/**
 * USD for one call, from the model catalogue of gpt-tokenizer (prices per million tokens);
 * null for a model it does not know (a local model, say).
 */
export function callCost(model: string, promptTokens: number, completionTokens: number): number | null {
  const price = modelPrice(model);
  return price ? (promptTokens * price.input + completionTokens * price.output) / 1e6 : null;
}

/** USD per million prompt (input) and completion (output) tokens; undefined for a model the catalogue does not know. */
export function modelPrice(model: string): { input: number; output: number } | undefined {
  const spec = (models as unknown as Record<string, { price_data?: PriceData } | undefined>)[model];
  const price = spec?.price_data?.main;
  return price?.input === undefined || price.output === undefined ? undefined : { input: price.input, output: price.output };
}
