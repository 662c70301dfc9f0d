import * as models from 'gpt-tokenizer/models';

interface PriceData {
  main?: { input?: number; output?: number };
}

/**
 * USD for one call, from the model catalogue of gpt-tokenizer (prices per million tokens);
 * null for a model it does not know (a local model, say).
 */
export function callCost(model: string, promptTokens: number, completionTokens: number): number | null {
  const spec = (models as unknown as Record<string, { price_data?: PriceData } | undefined>)[model];
  const price = spec?.price_data?.main;
  if (price?.input === undefined || price.output === undefined) return null;
  return (promptTokens * price.input + completionTokens * price.output) / 1e6;
}
