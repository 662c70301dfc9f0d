// What a benchmark of your own is written with (docs/architecture.md, "The benchmark plugin"):
// the Benchmark interface and its parts, and what an importer writes task files with. Free of
// Playwright's test runner, so a config may import it.
export type { Benchmark, CommandHelp, ExportFormat, ExportInput, HelpRow, Importer, OfflineEvaluation } from './src/benchmarks/types.ts';
export type { EpisodeEnd, EpisodeStart, Evaluator, ScoreOptions } from './src/evaluators/types.ts';
export type { AnswerCheck } from './src/evaluators/answer.ts';
export type { Helper as PageHelper, HelperContext as PageHelperContext } from './src/evaluators/html/helpers.ts';
export type { Evaluation, FieldRecord } from './src/record/evaluation.ts';
export type { BenchmarkResults, EvaluationRow, FieldRow, InstanceRow, RunMetadata } from './src/record/results.ts';
export type { CompareSection, ReportInput, ReportSection } from './src/render/sections.ts';
export type { GoalKeys as Protocol } from './src/task/goal.ts';
export type { InstanceLifecycle, LifecycleContext } from './src/runner/lifecycles.ts';
export type { SiteAccount } from './src/task/manifest.ts';
export { slugFor, writeManifest, writeTaskFile, type ImportedTask, type ImportResult } from './src/task/import-output.ts';
// A command of yours (an offline evaluation) reads its arguments as the built-in ones do.
export { oneOf, parseCommandLine, UsageError, wholeNumber } from './src/usage-error.ts';
