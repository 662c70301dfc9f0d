import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { assistantBenchTasks, taskKey } from './answer-metrics.ts';
import type { BenchmarkResults } from '../../record/results.ts';

/**
 * A run's AssistantBench answers as its leaderboard takes them: per project, a JSONL file with
 * one {"id", "answer"} line per question (the instances of its tasks: those an `answer`
 * evaluator judges with AssistantBench's gold, or keeps unscored), "" where no answer was given
 * (an instance that errored too). `splits`: only these.
 */
export function exportAssistantBench(results: BenchmarkResults, out: string, splits?: string[]): { project: string; file: string; questions: number; unanswered: number; errored: number; repeated: number }[] {
  const tasks = assistantBenchTasks(results, true);
  mkdirSync(out, { recursive: true });
  return [...new Set(results.instances.map((i) => i.project))].map((project) => {
    const rows = results.instances.filter((i) => i.project === project && tasks.has(taskKey(i)) && i.outcome !== 'not run' && (!splits || splits.includes(i.split ?? '')));
    // A question once: the leaderboard keys answers on its id.
    const seen = new Set<string>();
    const once = rows.filter((r) => !seen.has(r.instance) && seen.add(r.instance));
    const file = join(out, `${project}.jsonl`);
    writeFileSync(file, once.map((r) => `${JSON.stringify({ id: r.instance, answer: r.episode?.answer ?? '' })}\n`).join(''));
    return { project, file, questions: once.length, unanswered: once.filter((r) => !r.episode?.answer).length, errored: once.filter((r) => r.outcome === 'errored').length, repeated: rows.length - once.length };
  }).filter((written) => written.questions > 0);
}
