import { relative } from 'node:path';
import { loadBenchmark, type Benchmark } from '../task/benchmark.ts';
import { chosenBenchmark } from './chosen-benchmark.ts';
import { schedule } from './schedule.ts';
import { selectInstances, testGroupSize, type Selection } from './selection.ts';

/** A run's suite: what it selected, in the order it is declared, cut into spec files. */
export interface SuitePlan {
  benchmark: Benchmark;
  selection: Selection;
  groupSize: number;
  /** The spec files' paths in the suite's folder, each with what it declares, in the schedule's order. */
  files: Map<string, ReturnType<typeof schedule>>;
}

// Playwright runs spec files in the order of their names (compared in the machine's locale):
// the manifest's check, then tasks on pages, then instances on sites, whose first letters sort
// alike in every locale.
/** The spec file that checks the manifest itself. */
export const MANIFEST_SPEC = 'manifest.spec.js';
/** Instances on sites stay in one file: the schedule spreads them over one file's order. */
export const SITES_SPEC = 'sites.spec.js';

/** A task's title in the suite: its id, else its file from the working directory. */
export const taskTitle = (task: { id?: string; file: string }) => task.id ?? relative(process.cwd(), task.file);

let planned: SuitePlan | undefined;

/**
 * The suite of the chosen benchmark, once per process: the config writes its files in the
 * runner (suite-files.ts), and each file declares its part from the same plan, in the runner
 * and in every worker.
 */
export function suitePlan(): SuitePlan {
  if (planned) return planned;
  const benchmark = loadBenchmark(chosenBenchmark());
  const selection = selectInstances(benchmark);
  const files = new Map<string, ReturnType<typeof schedule>>([[MANIFEST_SPEC, []]]);
  const taken = new Set<string>();
  for (const entry of schedule(selection.tasks)) {
    const file = entry.task.site === undefined ? taskSpec(taskTitle(entry.task), taken) : SITES_SPEC;
    files.set(file, [...(files.get(file) ?? []), entry]);
  }
  planned = { benchmark, selection, groupSize: testGroupSize(selection), files };
  return planned;
}

/**
 * A task on pages has a spec file of its own, named after it, so that the HTML report keeps
 * its tests apart (a test's page loads its whole file) and `npx playwright test <task>` picks
 * it. The names are the same on every machine that runs the same tasks: test ids, and so
 * merged shards, depend on them.
 */
export function taskSpec(title: string, taken: Set<string>): string {
  const base = `pages/${title.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_').slice(0, 120)}`;
  let file = `${base}.spec.js`;
  // Names that differ in case alone would be one file on macOS and Windows.
  for (let n = 2; taken.has(file.toLowerCase()); n++) file = `${base}-${n}.spec.js`;
  taken.add(file.toLowerCase());
  return file;
}
