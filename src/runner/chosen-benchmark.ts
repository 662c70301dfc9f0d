import { runSettings } from '../settings/read.ts';
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
 * runner and again in each worker, as Playwright reads the config in each, from its `tasks`
 * setting (src/settings).
 */
export function chooseBenchmark(tasks: string): ChosenBenchmark {
  chosen = { path: tasks, ...resolveManifest(tasks) };
  return chosen;
}

/**
 * The config's choice: the fixtures get it as the `benchmarkManifest` worker fixture; the suite and the
 * sites setup read it here, since Playwright gives a spec no project data while it declares
 * its tests. A config that never chose (one of the user's own that skips benchmarkConfig)
 * gets the `tasks` setting's variable or default.
 */
export const chosenBenchmark = (): ChosenBenchmark => chosen ?? chooseBenchmark(runSettings().tasks);
