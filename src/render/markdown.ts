import { escapeMarkdown } from './escape.ts';
import type { BenchmarkResults } from '../record/results.ts';
import type { Section } from './sections.ts';

/**
 * summary.md: the run's tables. Only its "Run:" line depends on when the run happened. Every
 * text from the run is escaped: names, messages and results.json itself may come from anyone.
 */
export function renderMarkdown(results: BenchmarkResults, sections: Section[]): string {
  const { meta } = results;
  const lines = [
    `# Benchmark results${meta.benchmark ? `: ${escapeMarkdown(meta.benchmark)}` : ''}`,
    '',
    `Run: ${escapeMarkdown(meta.date)}`,
    '',
    ...describeRun(results).map((l) => `${escapeMarkdown(l)}  `),
  ];
  for (const section of sections.filter((s) => !s.empty)) {
    lines.push('', `## ${escapeMarkdown(section.title)}`, '', markdownTable(section.rows));
    if (section.notes) lines.push('', ...section.notes.map((n) => `- ${escapeMarkdown(n)}`));
  }
  if (results.taskErrors.length) {
    lines.push('', '## Task files that failed to load', '', markdownTable([['project', 'task', 'error'], ...results.taskErrors.map((e) => [e.project, e.task, e.error])]));
  }
  return `${lines.join('\n')}\n`;
}

/** Versions, commit, selection and re-scoring: what a reader needs to reproduce the numbers. */
export function describeRun({ meta }: BenchmarkResults): string[] {
  const lines = [`Versions: ${Object.entries(meta.versions).map(([k, v]) => `${k} ${v}`).join(', ')}${meta.gitCommit ? `; commit ${meta.gitCommit}` : ''}`];
  const s = meta.selection;
  if (s && Object.keys(s).length) {
    lines.push(`Instances: ${s.tasks ?? 'tasks.yaml'}, split ${s.splits?.join(', ') ?? 'all'}, ${s.instances ?? 'all'} per task, seed ${s.seed ?? '?'}`);
  }
  if (meta.rescored) lines.push(`Re-scored with: ${Object.entries(meta.rescored).map(([t, m]) => `${t} ${m}`).join(', ')}`);
  return lines;
}

export function markdownTable(rows: string[][]): string {
  const [header, ...body] = rows.map((r) => r.map(escapeMarkdown));
  return [header!, header!.map(() => '---'), ...body].map((r) => `| ${r.join(' | ')} |`).join('\n');
}
