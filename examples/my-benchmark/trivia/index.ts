import type { Benchmark } from 'benchwright/plugin';
import { byDifficultySection } from './by-difficulty.ts';
import { triviaAnswer } from './evaluator.ts';
import { importTrivia } from './import.ts';

/** A benchmark of this project's own: its questions imported as task files, its evaluator, its table. */
export const trivia: Benchmark = {
  name: 'trivia',
  importer: { describe: 'a JSON file of questions: id, difficulty, fact, question, answer', run: importTrivia },
  evaluators: [triviaAnswer],
  sections: [byDifficultySection],
};
