import type { Evaluator } from '../../../evaluators/types.ts';
import { act, inMain, type InstanceWriter } from '../actions.ts';
import { startPath } from '../l1-tasks.ts';
import { verdicts } from '../verdicts.ts';

interface KnowledgeConfig {
  item: string;
  question: string;
  value: string;
  alternative_answers: string[];
}

/**
 * A knowledge-base question (tasks/knowledge.py KnowledgeBaseSearchTask): the goal of :150; the
 * oracle as cheat() finds it (:170-214): the article searched by its quoted item, the first
 * result opened, its answer sent.
 */
export const writeKnowledge: InstanceWriter = (config, task) => {
  const { item, question, value, alternative_answers: alternatives } = config as KnowledgeConfig;
  const search = inMain('input[aria-label="Search"][role="textbox"]');
  return {
    goal: `Answer the following question using the knowledge base: "${question}"`,
    eval: [{ 'workarena-knowledge': { accepted: [String(value), ...alternatives.map(String)] } }],
    solution: [act('fill', search, `"${item}"`), act('press', search, 'Enter'), act('click', inMain('a.kb-title >> nth=0')), act('send_msg_to_user', String(value))],
    start_url: startPath(task)!,
  };
};

interface KnowledgeEvidence {
  answer: string | null;
}

/**
 * KnowledgeBaseSearchTask.validate (tasks/knowledge.py:216-242): the agent's last message must
 * hold one of the accepted answers, both lower-cased; no page is checked.
 */
export const knowledge: Evaluator<{ accepted: string[] }, { accepted: string[] }, KnowledgeEvidence> = {
  name: 'workarena-knowledge',
  settingsSchema: { type: 'object', required: ['accepted'], additionalProperties: false, properties: { accepted: { type: 'array', minItems: 1, items: { type: 'string' } } } },
  expected: (settings) => settings,
  capture: async (_page, _expected, episode) => ({ answer: episode.answer ?? null }),
  score({ answer }, expected) {
    const result = verdicts('workarena-knowledge', expected.accepted, answer);
    if (answer === null) return result(0, 'The assistant did not provide an answer.');
    const said = answer.toLowerCase();
    return expected.accepted.some((a) => said.includes(a.toLowerCase())) ? result(1) : result(0, 'the answer holds none of the accepted answers');
  },
};
