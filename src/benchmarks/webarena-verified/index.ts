import type { Benchmark } from '../types.ts';
import { agentResponse } from './agent-response-evaluator.ts';
import { EVALUATE_HELP, evaluateCommand } from './evaluate-command.ts';
import { exportWebArenaVerified } from './export.ts';
import { importWebArenaVerified } from './import.ts';
import { network } from './network-evaluator.ts';

/** WebArena-Verified: WebArena's tasks with typed answers and network checks, its output folder, and its offline evaluation. */
export const webarenaVerified: Benchmark = {
  name: 'webarena-verified',
  importer: { describe: 'WebArena-Verified\'s webarena-verified.json (its subsets beside it), or a checkout of its repository', run: importWebArenaVerified },
  evaluators: [agentResponse, network],
  export: {
    help: `--format webarena-verified: the run laid out as WebArena-Verified's eval-tasks reads an output
folder, one per project under --out (default: webarena-verified/ in the run's folder): per task
<task_id>/agent_response.json (the final answer as given), <task_id>/network.har (the traffic
recorded, kept with the run) and run_config.json (the sites' base URLs, where a network check
recorded them); scores.json holds benchwright's scores. Check it with the reference tool
(webarena-verified eval-tasks --output-dir <folder>) or benchwright evaluate webarena-verified.`,
    run: ({ results, folder }, { out }) => exportWebArenaVerified(results, folder, out).map((written) => {
      const notes = [written.left && `${written.left} left out: not judged by agent-response, or their ids are not task_ids, or not once`, written.withoutHar && `${written.withoutHar} without a recorded HAR: the reference tool skips them`].filter(Boolean);
      return `${written.project}: ${written.tasks} tasks in ${written.folder}${notes.length ? ` (${notes.join('; ')})` : ''}`;
    }),
  },
  evaluate: { help: EVALUATE_HELP, run: evaluateCommand },
};
