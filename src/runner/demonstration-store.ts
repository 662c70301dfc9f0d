import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { FieldStep, SolvedField } from '../agent/types.ts';
import { cacheDir } from '../cache-dir.ts';
import { readJsonFile, writeJsonFile } from '../json-files.ts';
import { chosenBenchmark } from './chosen-benchmark.ts';

/**
 * Demonstrations recorded by oracle runs of train instances: per field, the relevant HTML of
 * the page as it loaded (its scripts run: fields they create are there) and the action the
 * oracle took. One file per instance in the user's cache, under the benchmark's path, so that
 * LLM runs afterwards show models what the browser showed the oracle.
 */
function fileOf(taskId: string, instanceId: string): string {
  const benchmark = createHash('sha256').update(chosenBenchmark().path).digest('hex').slice(0, 16);
  return join(cacheDir(), 'demonstrations', benchmark, encodeURIComponent(taskId), `${encodeURIComponent(instanceId)}.json`);
}

export function saveDemonstrations(taskId: string, instanceId: string, steps: FieldStep[]): void {
  const demos: SolvedField[] = steps.map((s) => ({ field: s.field.name, html: s.html, action: s.action }));
  try {
    writeJsonFile(fileOf(taskId, instanceId), demos);
  } catch {
    // A read-only or full disk: LLM runs fall back to demonstrations built from the template.
  }
}

/** What an oracle run recorded for this instance, if one did. */
export function loadDemonstrations(taskId: string, instanceId: string): SolvedField[] | undefined {
  return readJsonFile<SolvedField[]>(fileOf(taskId, instanceId));
}
