import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../../render/escape.ts';
import type { BenchmarkResults, EvaluationRow, InstanceRow } from '../../record/results.ts';
import type { TrajectoryRecord } from '../../runs/trajectories.ts';

/**
 * A run as WebArena's run.py leaves its result folder, one per project, for its scripts
 * (scripts/check_error_runs.py, the Zeno notebook): log_files.txt naming the log, the log with
 * `[Config file]`, `[Intent]` and `[Result] (PASS|FAIL)` per task (`[Unhandled Error]` where
 * nothing could be scored), a render_<task_id>.html per task, and scores.json (task_id: score,
 * benchwright's own). Only instances whose id is a task_id (an integer, once in the project) are WebArena's.
 */
export function exportWebArena(results: BenchmarkResults, trajectories: TrajectoryRecord[], out: string): { project: string; folder: string; tasks: number; left: number }[] {
  const goalOf = new Map(trajectories.map((t) => [key(t), t]));
  const projects = [...new Set(results.instances.map((i) => i.project))];
  return projects.map((project) => {
    const { rows, ran } = taskIdRows(results, project);
    const folder = join(out, project);
    mkdirSync(join(folder, 'log_files'), { recursive: true });
    const log = join(folder, 'log_files', 'log_benchwright.log');
    const at = `${results.meta.date.replace('T', ' ').replace(/\.\d+Z?$|Z$/, '')},000`;
    const lines: string[] = [];
    const scores: Record<string, number | null> = {};
    for (const row of ran) {
      const record = goalOf.get(key(row));
      const config = `config_files/${row.instance}.json`;
      lines.push(`[Config file]: ${config}`, `[Intent]: ${oneLine(record?.trajectory?.goal ?? '')}`);
      if (row.score === null) lines.push(`[Unhandled Error] ${oneLine(row.error ?? 'not scored')}`);
      else lines.push(`[Result] (${row.score === 1 ? 'PASS' : 'FAIL'}) ${config}`);
      scores[row.instance] = row.score;
      writeFileSync(join(folder, `render_${row.instance}.html`), render(row, record, results.evaluations.filter((e) => key(e) === key(row))));
    }
    const scored = Object.values(scores).filter((s): s is number => s !== null);
    if (scored.length) lines.push(`Average score: ${scored.reduce((a, b) => a + b, 0) / scored.length}`);
    writeFileSync(log, lines.map((l) => `${at} - INFO - ${l}\n`).join(''));
    writeFileSync(join(folder, 'log_files.txt'), `${log}\n`);
    writeFileSync(join(folder, 'scores.json'), `${JSON.stringify(scores, null, 2)}\n`);
    return { project, folder, tasks: ran.length, left: rows.length - ran.length };
  });
}

/**
 * A project's instances that ran, and of them those whose id is a task_id: an integer, once in
 * the project (another benchmark's instance numbered alike would overwrite its files), in order.
 */
export function taskIdRows(results: BenchmarkResults, project: string): { rows: InstanceRow[]; ran: InstanceRow[] } {
  const rows = results.instances.filter((i) => i.project === project && i.outcome !== 'not run');
  const ids = new Map<string, number>();
  for (const row of rows) ids.set(row.instance, (ids.get(row.instance) ?? 0) + 1);
  return { rows, ran: rows.filter((i) => /^\d+$/.test(i.instance) && ids.get(i.instance) === 1).sort((a, b) => Number(a.instance) - Number(b.instance)) };
}

/** A log record is one line: WebArena's scripts read the log line by line. */
const oneLine = (text: string) => text.replace(/\s*\n\s*/g, ' ');

const key = (r: { project: string; task: string; instance: string }) => JSON.stringify([r.project, r.task, r.instance]);

/** One task's episode as a page: the intent, each step, the answer, the final URL and each evaluator's verdict. */
function render(row: InstanceRow, record: TrajectoryRecord | undefined, evaluations: EvaluationRow[]): string {
  const steps = record?.trajectory?.steps ?? [];
  const cells = (values: unknown[]) => `<tr>${values.map((v) => `<td>${escapeHtml(typeof v === 'string' ? v : JSON.stringify(v ?? null))}</td>`).join('')}</tr>`;
  return `<!doctype html><html><head><meta charset="utf-8"><title>Task ${escapeHtml(row.instance)}</title></head><body>
<h1>Task ${escapeHtml(row.instance)}: ${escapeHtml(row.score === null ? 'not scored' : String(row.score))}</h1>
<pre class="intent">${escapeHtml(record?.trajectory?.goal ?? '')}</pre>
<table class="steps"><tr><th>step</th><th>url</th><th>action</th><th>error</th></tr>${steps.map((s) => cells([String(s.step), s.url, s.action, s.error ?? ''])).join('')}</table>
<p class="answer">answer: ${escapeHtml(row.episode?.answer ?? '')}</p>
<p class="final-url">final URL: ${escapeHtml(row.episode?.finalUrl ?? '')}</p>
<table class="evaluations"><tr><th>evaluator</th><th>score</th><th>reason</th><th>expected</th><th>got</th></tr>${evaluations.map((e) => cells([e.evaluator, e.score, e.reason ?? '', e.expected, e.got])).join('')}</table>
</body></html>
`;
}
