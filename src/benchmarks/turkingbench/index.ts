import type { Benchmark } from '../types.ts';
import { importTurkingBench } from './import.ts';

/** TurkingBench: crowdsourcing forms judged by their annotators' answers (the core's form tasks and `fields` evaluator). */
export const turkingbench: Benchmark = {
  name: 'turkingbench',
  importer: { describe: 'a turking-bench checkout, its tasks/ folder, or one task folder', run: importTurkingBench },
};
