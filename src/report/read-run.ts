import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readResults, type BenchmarkResults } from './results.ts';

/**
 * A run named on the command line: its results.json, or a folder that holds one (a report
 * folder). The one place that knows where a run's results live.
 */
export function readRunResults(arg: string): BenchmarkResults {
  if (!existsSync(arg)) throw new Error(`${arg}: no such file or folder`);
  if (!statSync(arg).isDirectory()) return readResults(arg);
  const file = join(arg, 'results.json');
  if (!existsSync(file)) throw new Error(`${arg}: no results.json in this folder`);
  return readResults(file);
}
