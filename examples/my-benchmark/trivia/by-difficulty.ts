import type { BenchmarkResults, ReportSection } from 'benchwright/plugin';

interface DifficultyScore {
  project: string;
  difficulty: string;
  questions: number;
  correct: number;
}

/** Per project and difficulty (the instances' tags): questions answered and the share right. */
function byDifficulty(results: BenchmarkResults): DifficultyScore[] {
  const rows = new Map<string, DifficultyScore>();
  for (const i of results.instances.filter((row) => row.task === 'trivia' && row.score !== null)) {
    for (const difficulty of i.tags ?? []) {
      const key = `${i.project}\u0000${difficulty}`;
      const row = rows.get(key) ?? { project: i.project, difficulty, questions: 0, correct: 0 };
      row.questions++;
      row.correct += i.score!;
      rows.set(key, row);
    }
  }
  // Each project's rows together, in the run's order of projects, its difficulties by name.
  const projects = [...new Set(results.instances.map((i) => i.project))];
  return [...rows.values()].sort((a, b) => projects.indexOf(a.project) - projects.indexOf(b.project) || a.difficulty.localeCompare(b.difficulty));
}

/** A table of this benchmark's own in the run's report, between the core's By task and By field type; its numbers in results.json too. */
export const byDifficultySection: ReportSection = {
  title: 'Trivia by difficulty',
  place: 25,
  rows: ({ results }) => [
    ['project', 'difficulty', 'questions', 'correct'],
    ...byDifficulty(results).map((r) => [r.project, r.difficulty, String(r.questions), (r.correct / r.questions).toFixed(3)]),
  ],
  data: { key: 'triviaByDifficulty', rows: byDifficulty },
};
