import type { Benchmark } from '../types.ts';
import { answerCheck } from './answer-check.ts';
import { answerMetricsCompare, answerMetricsSection } from './answer-section.ts';
import { exportAssistantBench } from './export.ts';
import { importAssistantBench } from './import.ts';

/** AssistantBench: open-web questions, answers scored with its partial-credit scorer, its metrics, its leaderboard's file. */
export const assistantbench: Benchmark = {
  name: 'assistantbench',
  importer: { describe: 'AssistantBench\'s JSONL files (assistant_bench_v1.0_dev.jsonl, ...), or a folder of them', run: importAssistantBench },
  answerChecks: [answerCheck],
  sections: [answerMetricsSection],
  compare: [answerMetricsCompare],
  export: {
    help: `--format assistantbench: the run's answers to AssistantBench's questions as its leaderboard takes
them, one JSONL file per project under --out (default: assistantbench/ in the run's folder): one
{"id": <question id>, "answer": <the answer sent, "" for none>} line per question, the test
split's too (their answers are kept, not scored here); --split: only questions of that split.`,
    run: ({ results, folder }, { out, splits }) => {
      const written = exportAssistantBench(results, out, splits);
      if (!written.length) throw new Error(`${folder}: no AssistantBench question in this run${splits ? ` of split ${splits.join(', ')}` : ''} (instances judged by the answer evaluator's assistantbench gold, or kept unscored)`);
      return written.map((w) => {
        const notes = [w.unanswered && `${w.unanswered} without an answer: ""${w.errored ? `, ${w.errored} of them errored` : ''}`, w.repeated && `${w.repeated} repeated ids left out`].filter(Boolean);
        return `${w.project}: ${w.questions} answers in ${w.file}${notes.length ? ` (${notes.join('; ')})` : ''}`;
      });
    },
  },
};
