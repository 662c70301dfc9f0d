import { instanceKey } from '../../record/keys.ts';
import { byCodePoint } from '../../order.ts';
import type { BenchmarkResults } from '../../record/results.ts';

/**
 * AssistantBench's metrics over its scored questions (the tasks an `answer` evaluator judges
 * with an `assistantbench` gold), per project, over all and per tag (its difficulty): accuracy
 * (the mean score), answer rate (the share of questions answered at all: an answer the scorer
 * does not read as empty), precision (accuracy over the answered ones) and exact match (the share
 * scored 1). A question whose instance errored counts, as the paper counts every question: score
 * 0, not answered. Questions without a gold (the test split) and instances that did not run are
 * left out.
 */
export interface AnswerMetrics {
  project: string;
  /** `all`, or a tag (easy, medium, hard). */
  group: string;
  questions: number;
  /** Of them, instances that errored (counted as unanswered, score 0). */
  errored: number;
  accuracy: number;
  answerRate: number;
  /** null: no question answered. */
  precision: number | null;
  exactMatch: number;
}

/** A project's task, as a key. */
export const taskKey = (row: { project: string; task: string }) => `${row.project}\u0000${row.task}`;

/** The tasks whose instances an `answer` evaluator judged with AssistantBench's gold (or keeps unscored, with `unscored`), per project. */
export function assistantBenchTasks(results: BenchmarkResults, withUnscored = false): Set<string> {
  return new Set(results.evaluations.filter((e) => {
    const expected = e.expected as { assistantbench?: unknown; unscored?: unknown } | undefined;
    return e.evaluator === 'answer' && (typeof expected?.assistantbench === 'string' || (withUnscored && expected?.unscored !== undefined));
  }).map(taskKey));
}

export function answerMetrics(results: BenchmarkResults): AnswerMetrics[] {
  const tasks = assistantBenchTasks(results);
  const judged = new Map(results.evaluations
    .filter((e) => e.evaluator === 'answer' && typeof (e.expected as { assistantbench?: unknown } | undefined)?.assistantbench === 'string' && e.score !== null)
    .map((e) => [instanceKey(e), { score: e.score!, answered: e.recorded?.hasAnswer === true, errored: false }]));
  const scored = results.instances.filter((i) => tasks.has(taskKey(i)) && (judged.has(instanceKey(i)) || i.outcome === 'errored'));
  const scoreOf = (row: (typeof scored)[number]) => judged.get(instanceKey(row)) ?? { score: 0, answered: false, errored: true };
  const out: AnswerMetrics[] = [];
  for (const project of [...new Set(scored.map((r) => r.project))]) {
    const mine = scored.filter((r) => r.project === project);
    const groups = [['all', mine] as const, ...[...new Set(mine.flatMap((r) => r.tags ?? []))].sort(byCodePoint).map((tag) => [tag, mine.filter((r) => r.tags?.includes(tag))] as const)];
    for (const [group, members] of groups) {
      const scores = members.map(scoreOf);
      const answered = scores.filter((s) => s.answered);
      const sum = (list: typeof scores) => list.reduce((n, s) => n + s.score, 0);
      out.push({
        project, group, questions: scores.length, errored: scores.filter((s) => s.errored).length,
        accuracy: sum(scores) / scores.length,
        answerRate: answered.length / scores.length,
        precision: answered.length ? sum(answered) / answered.length : null,
        exactMatch: scores.filter((s) => s.score === 1).length / scores.length,
      });
    }
  }
  return out;
}
