import type { Benchmark } from '../types.ts';
import { exportWebArena } from './export.ts';
import { gitlabHelpers } from './helpers/gitlab.ts';
import { redditHelpers } from './helpers/reddit.ts';
import { shoppingHelpers } from './helpers/shopping.ts';
import { importWebArena } from './import.ts';
import { bySiteSection } from './by-site.ts';

/** WebArena on the sites the user deploys: its configurations, its helpers of program_html, its table by site and its result folder. */
export const webarena: Benchmark = {
  name: 'webarena',
  importer: { describe: 'WebArena\'s config_files/test.raw.json, or a folder of per-task .json files', run: importWebArena },
  // WebArena's helper_functions.py, one module per site: a new one is a function there.
  pageHelpers: { ...redditHelpers, ...gitlabHelpers, ...shoppingHelpers },
  sections: [bySiteSection],
  export: {
    help: `--format webarena: the run as WebArena's run.py leaves its result folder, one folder per
project under --out (default: webarena/ in the run's folder), for WebArena's scripts:
log_files.txt, log_files/log_benchwright.log ([Config file], [Intent], [Result] (PASS|FAIL) per
task, [Unhandled Error] where nothing was scored, the average), render_<task_id>.html per task
(intent, steps, answer, final URL, each evaluator's verdict) and scores.json (task_id: score).
Instances whose id is not a task_id (an integer) are left out, and counted.`,
    run: ({ results, trajectories }, { out }) => exportWebArena(results, trajectories(), out).map((written) =>
      `${written.project}: ${written.tasks} tasks in ${written.folder}${written.left ? ` (${written.left} left out: their ids are not WebArena task_ids, or not once)` : ''}`),
  },
};
