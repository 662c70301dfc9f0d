import { decode as decodeCl100k, encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
import { decode as decodeO200k, encode as encodeO200k } from 'gpt-tokenizer/encoding/o200k_base';
import type { LlmOptions } from './options.ts';

const ENCODINGS = {
  cl100k_base: { encode: encodeCl100k, decode: decodeCl100k },
  o200k_base: { encode: encodeO200k, decode: decodeO200k },
};

export function countTokens(text: string, encoding: LlmOptions['encoding']): number {
  return ENCODINGS[encoding].encode(text).length;
}

/**
 * Text cut to `budget` tokens around `anchor` (the field's name): the model keeps the part of
 * the page where the field is, and is told what was cut.
 */
export function fitTokens(text: string, budget: number, anchor: string, encoding: LlmOptions['encoding']): { text: string; cut: number } {
  const { encode, decode } = ENCODINGS[encoding];
  const tokens = encode(text);
  if (tokens.length <= budget) return { text, cut: 0 };
  const at = Math.max(0, text.indexOf(anchor));
  const centre = Math.round((encode(text.slice(0, at)).length));
  const from = Math.max(0, Math.min(tokens.length - budget, centre - Math.floor(budget / 2)));
  const kept = decode(tokens.slice(from, from + budget));
  const cut = tokens.length - budget;
  return { text: `${from > 0 ? '[... page cut ...]' : ''}${kept}${from + budget < tokens.length ? '[... page cut ...]' : ''}`, cut };
}
