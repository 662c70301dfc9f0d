import { stringify } from 'csv-stringify/sync';
import type { FieldRecord } from '../metrics/score-fields.ts';
import type { Estimate, ProjectSummary } from './aggregate.ts';

// Long-format CSV with full-precision numbers, for spreadsheets and plotting scripts.

/**
 * A text cell that starts with = + - @, a tab or CR (or a full-width = + - @) gets a leading '
 * so that a spreadsheet shows it rather than running it as a formula (OWASP, CSV injection):
 * names and predictions are anyone's text. Numbers are passed as numbers: -0.5 stays a number.
 */
const csv = (rows: unknown[][]) => stringify(rows, { escape_formulas: true });

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

/** One instance's fields, attached to its test (Allure shows a CSV attachment as a table). */
export function fieldScoresCsv(records: FieldRecord[]): string {
  const text = (value: unknown) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join('|') : String(value));
  return csv([
    ['field', 'type', 'metric', 'score', 'ceiling', 'prediction', 'gold', 'reason'],
    ...records.map((r) => [r.field, r.type ?? '', r.metric ?? '', r.score ?? '', r.ceiling ?? '', text(r.prediction), r.gold.map(text).join(' / '), r.reason ?? '']),
  ]);
}
