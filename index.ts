// What a project that installs benchwright imports (its playwright.config.ts imports
// 'benchwright/config'). Agents of your own: docs/agents.md, "Writing an agent in TypeScript".
export { expect, test, type BenchwrightOptions } from './fixtures/benchwright.ts';
export type { Agent, AgentFailure, AgentInput, AgentReport, AgentStep, Demonstration, EpisodeInput, FieldStep, SolvedField, StepRecord } from './src/agent/types.ts';
export type { Usage } from './src/agent/usage.ts';
export type { ActionLibrary } from './src/actions/library.ts';
export { formatAction, type Action, type ActionName } from './src/action-set/signatures.ts';
export { parseActions } from './src/action-set/parse.ts';
export type { Observation } from './src/observe/observe.ts';
export type { FieldState } from './src/values/read-fields.ts';
export { registerEvaluator } from './src/evaluators/registry.ts';
export type { EpisodeEnd, EpisodeStart, Evaluator, ScoreOptions } from './src/evaluators/types.ts';
export type { Evaluation } from './src/record/evaluation.ts';
// Benchmarks of your own (importers, evaluators, report sections): 'benchwright/plugin'.
