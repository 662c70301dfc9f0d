import { copyFileSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { taskIdRows } from '../webarena/export.ts';
import { networkFile } from '../../runs/network-files.ts';
import type { BenchmarkResults } from '../../record/results.ts';

/**
 * A run laid out as WebArena-Verified's eval-tasks reads an output folder, one per project:
 * <task_id>/agent_response.json (the final answer as the agent gave it), <task_id>/network.har
 * (the traffic recorded, kept with the run), and run_config.json with the sites' base URLs the
 * run used where a network check recorded them (else the reference takes the requests' origin);
 * scores.json holds benchwright's own scores, to compare with the reference's. Its tasks are the
 * instances an agent-response evaluator judged, whose id is a task_id.
 */
export function exportWebArenaVerified(results: BenchmarkResults, runFolder: string, out: string): { project: string; folder: string; tasks: number; left: number; withoutHar: number }[] {
  const projects = [...new Set(results.instances.map((i) => i.project))];
  return projects.map((project) => {
    const judged = new Set(results.evaluations.filter((e) => e.project === project && e.evaluator === 'agent-response').map((e) => JSON.stringify([e.task, e.instance])));
    // WebArena-Verified's tasks only: another benchmark's instance numbered alike is left out.
    const { rows, ran: numbered } = taskIdRows(results, project);
    const ran = numbered.filter((row) => judged.has(JSON.stringify([row.task, row.instance])));
    const folder = join(out, project);
    const scores: Record<string, number | null> = {};
    let withoutHar = 0;
    for (const row of ran) {
      const dir = join(folder, row.instance);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'agent_response.json'), row.episode?.answer ?? '');
      const har = networkFile(runFolder, row.project, row.task, row.instance);
      if (existsSync(har)) copyFileSync(har, join(dir, 'network.har'));
      else withoutHar++;
      const sites = results.evaluations.find((e) => e.project === project && e.task === row.task && e.instance === row.instance && e.evaluator === 'network')?.inputs?.evidence as { sites?: Record<string, string> } | undefined;
      if (sites?.sites && Object.keys(sites.sites).length) {
        const environments = Object.fromEntries(Object.entries(sites.sites).map(([placeholder, url]) => [placeholder, { urls: [url], active_url_idx: 0 }]));
        writeFileSync(join(dir, 'run_config.json'), `${JSON.stringify({ environments }, null, 2)}\n`);
      }
      scores[row.instance] = row.score;
    }
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, 'scores.json'), `${JSON.stringify(scores, null, 2)}\n`);
    return { project, folder, tasks: ran.length, left: rows.length - ran.length, withoutHar };
  });
}
