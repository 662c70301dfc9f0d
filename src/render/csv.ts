import { csv } from '../csv.ts';
import type { Estimate, ProjectSummary } from '../analysis/aggregate.ts';

// Long-format CSV with full-precision numbers, for spreadsheets and plotting scripts.


const numbers = (e: Estimate) => [e.value ?? '', e.se ?? ''];

export function perTaskCsv(summaries: ProjectSummary[]): string {
  return csv([
    ['project', 'agent', 'task', 'split', 'instances', 'fields', 'errored', 'score', 'se', 'episodes', 'mean_steps', 'answered'],
    ...summaries.flatMap((s) => s.perTask.map((t) => [
      s.project, s.agent, t.task, t.split ?? '', t.instances, t.fields, t.errored, ...numbers(t.score),
      t.episodes?.count ?? '', t.episodes?.meanSteps ?? '', t.episodes?.answered ?? '',
    ])),
  ]);
}

export function perFieldTypeCsv(summaries: ProjectSummary[]): string {
  return csv([
    ['project', 'agent', 'field_type', 'fields', 'score', 'se'],
    ...summaries.flatMap((s) => [
      [s.project, s.agent, 'all', s.fields, ...numbers(s.allFields)],
      ...Object.entries(s.byType).map(([type, e]) => [s.project, s.agent, type, e.fields, ...numbers(e)]),
    ]),
  ]);
}
