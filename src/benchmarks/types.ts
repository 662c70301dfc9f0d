import type { Evaluator } from '../evaluators/types.ts';
import type { AnswerCheck } from '../evaluators/answer.ts';
import type { Helper } from '../evaluators/html/helpers.ts';
import type { BenchmarkResults } from '../record/results.ts';
import type { CompareSection, ReportSection } from '../render/sections.ts';
import type { InstanceLifecycle } from '../runner/lifecycles.ts';
import type { TrajectoryRecord } from '../runs/trajectories.ts';
import type { GoalKeys } from '../task/goal.ts';
import type { ImportResult } from '../task/import-output.ts';

/**
 * A benchmark behind benchwright: everything that is only its own, in one object the core
 * iterates (docs/architecture.md, "The benchmark plugin"). Every part is optional: a benchmark
 * is its task files, and adds here what the core does not do for every benchmark.
 */
export interface Benchmark {
  /** Its name on the command line: `benchwright import <name>`, `export --format <name>`, `evaluate <name>`. */
  name: string;
  /** Converts the benchmark's own files into task files. */
  importer?: Importer;
  /** Episode protocols its task files name (`protocol: <name>`). */
  protocols?: Record<string, GoalKeys>;
  /** What runs around each instance of one of its protocols on a site (setup and clean-up through the site's API), by protocol. */
  lifecycles?: Record<string, InstanceLifecycle>;
  /** Evaluators its task files name in `eval`. */
  evaluators?: Evaluator<any, any, any>[];
  /** Its ways of scoring the final answer, each a key of the `answer` evaluator's settings. */
  answerChecks?: AnswerCheck[];
  /** Helpers the `html` evaluator's checks call with `func:`. */
  pageHelpers?: Record<string, Helper>;
  /** Tables of its own in a run's report (and their data in results.json). */
  sections?: ReportSection[];
  /** What `benchwright compare` adds for it per pair of projects. */
  compare?: CompareSection[];
  /** `benchwright export --format <name>`: the run as the benchmark's own tools read one. */
  export?: ExportFormat;
  /** `benchwright evaluate <name>`: runs of any harness, scored with no browser. */
  evaluate?: OfflineEvaluation;
}

export interface Importer {
  /** One line for `benchwright import --help`: what the source path may be. */
  describe: string;
  run(input: string, out: string): ImportResult;
}

/** A stored run, as an export reads it. */
export interface ExportInput {
  /** The run's folder (its network/ folder holds recorded traffic). */
  folder: string;
  results: BenchmarkResults;
  /** The run's episodes and oracle forms (trajectories.jsonl). */
  trajectories: () => TrajectoryRecord[];
}

export interface ExportFormat {
  /** Its paragraph of `benchwright export --help`. */
  help: string;
  /** Writes the run under `out` (default: a folder named after the benchmark in the run's folder); lines to print. */
  run(run: ExportInput, options: { out: string; splits?: string[] }): string[];
}

export interface OfflineEvaluation {
  /** `benchwright evaluate <name> --help`; its summary is its line of `benchwright evaluate --help`. */
  help: CommandHelp;
  /**
   * The command's arguments after the benchmark's name; its exit code. Reads them with
   * parseCommandLine and throws UsageError (src/usage-error.ts) for a bad command line.
   */
  run(args: string[]): Promise<number>;
}

/** A line of a help's table: what is written (`--out <dir>`, `<dataset>`) and what it means. */
export type HelpRow = [term: string, description: string];

/** How a command describes itself; the CLI lays out every command's --help alike from it. */
export interface CommandHelp {
  /** One line, lower case: its line in the list of commands (a benchmark's: in `benchwright evaluate --help`). */
  summary: string;
  /** What it does, in sentences: a blank line starts a paragraph, a line starting with `- ` an item. */
  description: string;
  /** Its positionals in order, in the usage's brackets: `<dataset>` (required), `[run]` (optional), `[paths...]`. */
  arguments?: HelpRow[];
  options?: HelpRow[];
}
