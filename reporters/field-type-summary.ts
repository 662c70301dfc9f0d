import { readFileSync } from 'node:fs';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';
import type { FieldRecord } from '../src/metrics/score-fields.ts';

// At the end of a run, one line per project: the mean field score per field type, read from
// the tests' fields.json attachments only (so it also works on merged reports). The benchmark
// tables (per task, standard errors, files) come with the benchmark reporter.

interface Totals { sum: number; count: number }

function fieldRecords(result: TestResult): FieldRecord[] {
  const attachment = result.attachments.find((a) => a.name === 'fields.json');
  if (!attachment) return [];
  const text = attachment.body ? attachment.body.toString('utf8') : attachment.path ? readFileSync(attachment.path, 'utf8') : '[]';
  return JSON.parse(text) as FieldRecord[];
}

export default class FieldTypeSummary implements Reporter {
  private readonly byProject = new Map<string, Map<string, Totals>>();
  private readonly instances = new Map<string, Totals>();
  private readonly ceilings = new Map<string, Totals>();

  onTestEnd(test: TestCase, result: TestResult): void {
    const project = test.parent.project()?.name ?? '';
    const records = fieldRecords(result).filter((r) => r.score !== null);
    if (records.length === 0) return;
    const types = this.byProject.get(project) ?? new Map<string, Totals>();
    this.byProject.set(project, types);
    for (const r of records) add(types, r.type ?? 'unknown', r.score!);
    add(this.instances, project, records.reduce((s, r) => s + r.score!, 0) / records.length);
    add(this.ceilings, project, records.reduce((s, r) => s + (r.ceiling ?? 1), 0) / records.length);
  }

  onEnd(_result: FullResult): void {
    for (const [project, types] of this.byProject) {
      const instance = this.instances.get(project)!;
      const ceiling = this.ceilings.get(project)!;
      const parts = [...types].sort(([a], [b]) => a.localeCompare(b)).map(([type, t]) => `${type} ${(t.sum / t.count).toFixed(3)} (${t.count})`);
      console.log(`\n[${project}] mean instance score ${(instance.sum / instance.count).toFixed(3)} (ceiling ${(ceiling.sum / ceiling.count).toFixed(3)}) over ${instance.count} instances; by field type: ${parts.join(', ')}`);
    }
  }

  printsToStdio(): boolean {
    return true;
  }
}

function add(map: Map<string, Totals>, key: string, value: number): void {
  const t = map.get(key) ?? { sum: 0, count: 0 };
  t.sum += value;
  t.count++;
  map.set(key, t);
}
