import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { readJsonFile, writeJsonFile } from '../../src/json-files.ts';
import { benchmarkPath } from '../../src/runner/selection.ts';
import { cacheDir } from '../../src/cache-dir.ts';
import type { Demonstration } from './prompt.ts';

/**
 * Demonstrations recorded by the oracle on train instances: per field, the relevant HTML of
 * the page as it loaded (its scripts run: fields they create are there) and the action the
 * oracle took. One file per instance in the user's cache, under the benchmark's path, so that
 * LLM runs afterwards show models what the browser showed the oracle.
 */
function fileOf(taskId: string, instanceId: string): string {
  const benchmark = createHash('sha256').update(benchmarkPath()).digest('hex').slice(0, 16);
  return join(cacheDir(), 'demonstrations', benchmark, encodeURIComponent(taskId), `${encodeURIComponent(instanceId)}.json`);
}

export function saveDemonstrations(taskId: string, instanceId: string, demos: Demonstration[]): void {
  try {
    writeJsonFile(fileOf(taskId, instanceId), demos);
  } catch {
    // A read-only or full disk: LLM runs fall back to demonstrations built from the template.
  }
}

/** What an oracle run recorded for this instance, if one did. */
export function loadDemonstrations(taskId: string, instanceId: string): Demonstration[] | undefined {
  return readJsonFile<Demonstration[]>(fileOf(taskId, instanceId));
}
