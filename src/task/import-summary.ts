import { join } from 'node:path';
import { formatError } from './errors.ts';
import { summarizeTaskFile } from './task-index.ts';
import type { ImportedTask } from './import-output.ts';

/** What `benchwright import` reports of each task it converted (also its --json output). */
export interface TaskImportSummary {
  id: string;
  title: string;
  split: string;
  dir: string;
  /** Distinct instances (rows grouped by identical inputs). */
  instances: number;
  /** Source rows: one per annotator of an instance. */
  annotations: number;
  annotators: { min: number; max: number; mean: number };
  /** Fields with gold labels, by type ("dynamic" when only the page's scripts tell). */
  fields: { total: number; byType: Record<string, number> };
  /** Fields with gold labels that the static template does not have. */
  dynamic: string[];
  errors: string[];
}

/** Loads each written task as the runner will, so the summary counts what will run. */
export function summarizeImport(tasks: ImportedTask[]): TaskImportSummary[] {
  return tasks.map((t) => {
    const s = t.error ? undefined : summarizeTaskFile(t.file ?? join(t.dir, 'task.yaml'));
    const counts = s?.instances.map((i) => i.annotators) ?? [];
    const annotations = counts.reduce((a, b) => a + b, 0);
    const gold = new Set(s?.goldFields);
    const fields = s?.fields.filter((f) => gold.has(f.name)) ?? [];
    const byType: Record<string, number> = {};
    for (const f of fields) byType[f.type ?? 'dynamic'] = (byType[f.type ?? 'dynamic'] ?? 0) + 1;
    return {
      id: t.id,
      title: t.title,
      split: t.split,
      dir: t.dir,
      instances: counts.length,
      annotations,
      annotators: {
        min: counts.length ? Math.min(...counts) : 0,
        max: counts.length ? Math.max(...counts) : 0,
        mean: counts.length ? round(annotations / counts.length) : 0,
      },
      fields: { total: fields.length, byType },
      dynamic: fields.filter((f) => f.dynamic).map((f) => f.name),
      errors: t.error ? [t.error] : (s?.errors ?? []).map((e) => formatError(e)),
    };
  });
}

function round(x: number): number {
  return Math.round(x * 100) / 100;
}
