import { complete, type ChatSettings } from './client.ts';

/** The LLM judge behind the non-deterministic branches (llm_fuzzy_match and llm_ua_match), scores in [0, 1]. */
export interface FuzzyJudge {
  fuzzy(reference: string, prediction: string, intent: string): Promise<number>;
  unachievable(intent: string, note: string, prediction: string): Promise<number>;
}

/** WebArena's judge: GPT-4 Turbo, greedy, room for a reasoned verdict. */
export const DEFAULT_JUDGE: ChatSettings = {
  model: 'gpt-4-1106-preview',
  temperature: 0,
  maxTokens: 768,
  encoding: 'cl100k_base',
  concurrency: 4,
  timeout: 60_000,
  maxRetries: 3,
};

const SYSTEM = { role: 'system', content: 'You are a careful grader.' } as const;

/** As WebArena reads its verdicts: any "incorrect" or "partially correct" fails, then "correct" must be there. */
function fuzzyVerdict(reply: string): number | undefined {
  const verdict = reply.toLowerCase();
  if (verdict.includes('partially correct') || verdict.includes('incorrect')) return 0;
  return verdict.includes('correct') ? 1 : undefined;
}

function unachievableVerdict(reply: string): number | undefined {
  const verdict = reply.toLowerCase();
  if (verdict.includes('different')) return 0;
  return verdict.includes('same') ? 1 : undefined;
}

/**
 * WebArena's model judge for fuzzy_match answers (llm_fuzzy_match, llm_ua_match), its prompts
 * written anew with the same questions and the same verdict words, read the way WebArena reads
 * them. Calls go through the agent's chat client, so they are cached like its replies: a rescore
 * from the cache asks nothing.
 * A project's settings go over WebArena's (a partial: the model alone, say).
 */
export function modelJudge(chosen: Partial<ChatSettings>): FuzzyJudge {
  const settings = { ...DEFAULT_JUDGE, ...chosen };
  // A reply without verdict words is not cached: a rescore asks again.
  const ask = async (prompt: string, read: (reply: string) => number | undefined, words: string): Promise<number> => {
    const call = await complete([SYSTEM, { role: 'user', content: prompt }], settings, (reply) => read(reply) !== undefined, true);
    if (call.error !== undefined || call.reply === undefined) throw new Error(`the judge (${settings.model}) gave no verdict: ${call.error ?? 'no reply'}`);
    const verdict = read(call.reply);
    if (verdict === undefined) throw new Error(`the judge's verdict says neither ${words}: ${call.reply.toLowerCase().slice(0, 200)}`);
    return verdict;
  };
  return {
    fuzzy: (reference, prediction, intent) => ask([
      'Grade a student\'s answer to a question against the reference answer. The wording may differ;',
      'what matters is whether the student\'s answer means the same as the reference.',
      `question: ${intent}`,
      `reference answer: ${reference}`,
      'Wherever you see the string \'N/A\', it stands for "the task cannot be achieved".',
      `student answer: ${prediction}`,
      'End with your verdict: correct, incorrect or partially correct.',
    ].join('\n'), fuzzyVerdict, 'correct nor incorrect'),
    unachievable: (intent, note, prediction) => ask([
      'Task_1 cannot be done, for the reason given in Reason_1. Someone tried it, failed, and described',
      'the attempt in Report_1. Does Report_1 point to Reason_1, even if only implicitly?',
      'Answer "same" if it does and "different" if it does not.',
      `Task_1 = ${intent}`,
      `Reason_1 = ${note}`,
      `Report_1 = ${prediction}`,
      'Answer [same] or [different].',
    ].join('\n'), unachievableVerdict, 'same nor different'),
  };
}
