import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';

/** Tokenizer for counting and truncating prompts: o200k_base (GPT-4o and later) or cl100k_base (GPT-4, 3.5). */
export type Encoding = 'cl100k_base' | 'o200k_base';
interface Codec {
  encode(text: string): number[];
  decode(tokens: number[]): string;
}

// Each encoding's tables take 0.2-0.4 s to load: only the one a project uses is loaded.
const loaded = new Map<Encoding, Codec>();

export async function loadEncoding(encoding: Encoding): Promise<void> {
  if (loaded.has(encoding)) return;
  const codec = encoding === 'o200k_base' ? await import('gpt-tokenizer/encoding/o200k_base') : await import('gpt-tokenizer/encoding/cl100k_base');
  loaded.set(encoding, codec);
}

function codec(encoding: Encoding): Codec {
  const c = loaded.get(encoding);
  if (!c) throw new Error(`tokenizer ${encoding} used before loadEncoding()`);
  return c;
}

export function countTokens(text: string, encoding: Encoding): number {
  return codec(encoding).encode(text).length;
}

/** The tokens of every text in a chat (images are not counted: providers price them apart). */
export async function countMessageTokens(messages: ChatCompletionMessageParam[], encoding: Encoding): Promise<number> {
  await loadEncoding(encoding);
  const texts = messages.flatMap((m) => (typeof m.content === 'string' ? [m.content] : (m.content ?? []).flatMap((part) => ('text' in part ? [part.text] : []))));
  return texts.reduce((sum, text) => sum + countTokens(text, encoding), 0);
}

/**
 * Text cut to `budget` tokens around `anchor` (the field's name): the model keeps the part of
 * the page where the field is, and is told what was cut.
 */
export function fitTokens(text: string, budget: number, anchor: string, encoding: Encoding): { text: string; cut: number } {
  const { encode, decode } = codec(encoding);
  const tokens = encode(text);
  if (tokens.length <= budget) return { text, cut: 0 };
  const at = Math.max(0, text.indexOf(anchor));
  const centre = encode(text.slice(0, at)).length;
  const from = Math.max(0, Math.min(tokens.length - budget, centre - Math.floor(budget / 2)));
  const kept = decode(tokens.slice(from, from + budget));
  const fitted = `${from > 0 ? '[... page cut ...]' : ''}${kept}${from + budget < tokens.length ? '[... page cut ...]' : ''}`;
  return { text: fitted, cut: tokens.length - budget };
}
