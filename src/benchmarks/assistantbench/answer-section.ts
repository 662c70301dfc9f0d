import type { CompareSection, ReportSection } from '../../render/sections.ts';
import { formatScore } from '../../render/tables.ts';
import { answerMetrics, type AnswerMetrics } from './answer-metrics.ts';

/** AssistantBench's metrics per project, over all its questions and per difficulty (answer-metrics.ts); kept in results.json too. */
export const answerMetricsSection: ReportSection = {
  title: 'AssistantBench\'s metrics',
  place: 70,
  rows: ({ results }) => [
    ['project', 'difficulty', 'questions', 'errored', 'accuracy', 'answer rate', 'precision', 'exact match'],
    ...answerMetrics(results).map((m) => [m.project, m.group, String(m.questions), String(m.errored), formatScore(m.accuracy), formatScore(m.answerRate), formatScore(m.precision), formatScore(m.exactMatch)]),
  ],
  data: { key: 'answerMetrics', rows: answerMetrics },
};

/** Per group (all, a difficulty), each side's metrics where either judged its questions. */
interface AnswerChange {
  group: string;
  a?: AnswerMetrics;
  b?: AnswerMetrics;
}

const change = (a: number | null | undefined, b: number | null | undefined) => `${formatScore(a ?? null)} -> ${formatScore(b ?? null)}`;

/** AssistantBench's metrics of the two projects compared, A -> B (`answers` in compare's JSON). */
export const answerMetricsCompare: CompareSection = {
  key: 'answers',
  data(runA, runB, [pa, pb]): AnswerChange[] {
    const a = answerMetrics(runA).filter((m) => m.project === pa);
    const b = answerMetrics(runB).filter((m) => m.project === pb);
    const groups = [...new Set([...a, ...b].map((m) => m.group))];
    return groups.map((group) => ({ group, ...(a.find((m) => m.group === group) && { a: a.find((m) => m.group === group) }), ...(b.find((m) => m.group === group) && { b: b.find((m) => m.group === group) }) }));
  },
  title: 'AssistantBench\'s metrics (A -> B)',
  rows: (data) => [
    ['questions', 'accuracy', 'answer rate', 'precision', 'exact match'],
    ...(data as AnswerChange[]).map(({ group, a, b }) => [group, change(a?.accuracy, b?.accuracy), change(a?.answerRate, b?.answerRate), change(a?.precision, b?.precision), change(a?.exactMatch, b?.exactMatch)]),
  ],
};
