import type { ChatCompletionMessageParam } from 'openai/resources/chat/completions';
import type { AgentFailure, AgentReport } from '../../src/agent/types.ts';
import { pythonStrip } from '../../src/python/str.ts';
import { complete } from '../../src/llm/client.ts';
import { usageOf } from './call-usage.ts';
import { DEFAULT_LLM_OPTIONS, type LlmOptions } from './options.ts';

/** Where a closed-book call spends in AgentReport.usage. */
export const CLOSED_BOOK_USAGE = 'closed-book';

const SYSTEM = `Answer the question from what you know, without a browser. Reply with the answer only, nothing else: a number (without its unit), a name or a short text, a list as a JSON array of strings, or JSON objects one per line, as the question asks. If you cannot answer at all, reply with nothing.`;

/** The messages of a closed-book question: the question, and how the answer must be written when the task says. */
export function closedBookMessages(question: string, answerFormat?: string): ChatCompletionMessageParam[] {
  return [{ role: 'system', content: SYSTEM }, { role: 'user', content: [`Question: ${question}`, ...(answerFormat ? [`Answer format:\n${answerFormat}`] : [])].join('\n\n') }];
}

/**
 * AssistantBench's closed-book baseline: one call answers the question with no page at all.
 * The reply, trimmed, is the answer (model text is data: it is sent as it is, never run); null
 * when the model gives none; a failure when the call fails (its usage and error kept in the report).
 * An empty reply is not kept in the reply cache: a run again asks again.
 */
export async function closedBookAnswer(question: string, options: Record<string, unknown>, report: AgentReport, answerFormat?: string): Promise<string | null | AgentFailure> {
  const settings: LlmOptions = { ...DEFAULT_LLM_OPTIONS, ...(options as Partial<LlmOptions>) };
  const call = await complete(closedBookMessages(question, answerFormat), settings, (reply) => pythonStrip(reply) !== '');
  report.log.push({ closedBook: true, calls: [{ ...call, ms: Math.round(call.ms) }] });
  const failed = call.error !== undefined && call.reply === undefined ? call.error : undefined;
  report.usage[CLOSED_BOOK_USAGE] = usageOf([call], failed);
  if (failed) return { failed: `the model call failed: ${failed}` };
  const answer = pythonStrip(call.reply ?? '');
  return answer ? answer : null;
}
