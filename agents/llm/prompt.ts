import type { ChatCompletionContentPart, ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import { ACTION_SIGNATURES } from '../../src/action-set/signatures.ts';
import type { SolvedField } from '../../src/agent/types.ts';
import type { FieldState } from '../../src/values/read-fields.ts';
import type { LlmOptions } from './options.ts';
import { countTokens, fitTokens, loadEncoding } from '../../src/llm/tokens.ts';

export interface FieldPrompt {
  task: { title: string; description: string };
  field: FieldState;
  /** The page's HTML, or the relevant HTML around the field. */
  html: string;
  /** A JPEG of the viewport around the field, base64 (vision). */
  screenshot?: string;
  /** Solved fields of other tasks: their HTML and the correct action. */
  demos: SolvedField[];
}

const SYSTEM = `You fill in web forms. You are given a form's HTML and the name of one field. Answer with the action that sets that field, written as a call, and nothing else, for example:
modify_radio("q1", "yes")
Actions: ${Object.keys(ACTION_SIGNATURES).filter((a) => a.startsWith('modify_')).map((a) => `${a}(field, ${a === 'modify_checkbox' ? '["value", ...]' : '"value"'})`).join('; ')}.`;

/** The chat messages for one field, with the page cut to the prompt budget (`cut`: tokens left out). */
export async function buildMessages(prompt: FieldPrompt, options: LlmOptions): Promise<{ messages: ChatCompletionMessageParam[]; cut: number }> {
  const demoTurns = prompt.demos.flatMap((d): ChatCompletionMessageParam[] => [
    { role: 'user', content: question(d.field, d.html, '') },
    { role: 'assistant', content: d.action },
  ]);
  const page = await fitPage(prompt, demoTurns, options);
  const text = `Task: ${prompt.task.title}\n${prompt.task.description}\n\n${question(prompt.field.name, page.text, describeField(prompt.field))}`;
  const content: ChatCompletionContentPart[] | string = prompt.screenshot
    ? [{ type: 'text', text }, { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${prompt.screenshot}` } }]
    : text;
  const messages: ChatCompletionMessageParam[] = [{ role: 'system', content: SYSTEM }, ...demoTurns, { role: 'user', content }];
  return { messages, cut: page.cut };
}

/** The page, cut around the field to what the rest of the prompt leaves of the budget. */
async function fitPage(prompt: FieldPrompt, demoTurns: ChatCompletionMessageParam[], options: LlmOptions): Promise<{ text: string; cut: number }> {
  const fixed = [SYSTEM, ...demoTurns.map((m) => String(m.content)), question(prompt.field.name, '', describeField(prompt.field)), prompt.task.title, prompt.task.description].join('\n');
  // Every token holds at least one byte: a prompt of no more bytes than the budget needs no
  // cut and no tokenizer (a rerun answered from the cache never loads one).
  if (Buffer.byteLength(fixed) + Buffer.byteLength(prompt.html) <= options.maxPromptTokens) return { text: prompt.html, cut: 0 };
  await loadEncoding(options.encoding);
  const budget = Math.max(0, options.maxPromptTokens - countTokens(fixed, options.encoding));
  return fitTokens(prompt.html, budget, `name="${prompt.field.name}"`, options.encoding);
}

/** The follow-up when a reply holds no action: the parse error, quoted (BrowserGym's parse-and-retry). */
export function reprompt(reply: string, error: string): ChatCompletionMessageParam[] {
  return [
    { role: 'assistant', content: reply },
    { role: 'user', content: `Your answer could not be used: ${error}\nAnswer again with exactly one action call, such as modify_radio("q1", "yes"), and nothing else.` },
  ];
}

function question(field: string, html: string, details: string): string {
  return `${html ? `HTML:\n${html}\n\n` : ''}Field: ${field}${details ? ` (${details})` : ''}\nAction:`;
}

function describeField(field: FieldState): string {
  const parts = [field.type ?? 'field'];
  if (field.options?.length) parts.push(`options: ${field.options.map((o) => JSON.stringify(o)).join(', ')}`);
  if (field.min !== undefined || field.max !== undefined) parts.push(`from ${field.min ?? '?'} to ${field.max ?? '?'}${field.step ? ` in steps of ${field.step}` : ''}`);
  return parts.join('; ');
}
