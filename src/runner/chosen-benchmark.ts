import { resolve } from 'node:path';
import type { TaskError } from '../task/types.ts';
import { resolveManifest, type Manifest } from '../task/manifest.ts';

/** The benchmark a run runs: its manifest's path as given, and the manifest resolved from it. */
export interface ChosenBenchmark {
  path: string;
  manifest: Manifest;
  /** Problems of the manifest itself. */
  errors: TaskError[];
}

let chosen: ChosenBenchmark | undefined;

/**
 * Resolves the run's manifest, once per process: the config (benchmarkConfig) chooses it in the
 * runner and again in each worker, as Playwright reads the config in each. BENCHWRIGHT_TASKS,
 * set on the command line, wins over the config's `tasks`; the default is tasks.yaml.
 */
export function chooseBenchmark(tasks: string | undefined, env = process.env): ChosenBenchmark {
  const path = env.BENCHWRIGHT_TASKS || (tasks ? resolve(tasks) : 'tasks.yaml');
  chosen = { path, ...resolveManifest(path) };
  return chosen;
}

/**
 * The config's choice: the fixtures get it as the `benchmarkManifest` worker fixture; the suite and the
 * sites setup read it here, since Playwright gives a spec no project data while it declares
 * its tests. A config that never chose (one of the user's own that skips benchmarkConfig)
 * gets BENCHWRIGHT_TASKS or tasks.yaml.
 */
export const chosenBenchmark = (): ChosenBenchmark => chosen ?? chooseBenchmark(undefined);
