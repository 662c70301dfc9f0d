import type { Usage } from '../agent/usage.ts';
import type { Evaluation } from './evaluation.ts';
import type { FieldRecord } from './evaluation.ts';

/**
 * results.json: every instance and every field record of a run, enough to rebuild every table
 * and to re-score without running an agent again. Written before anything is rendered.
 */
export const RESULTS_FORMAT = 'benchwright-results/2';

/**
 * scored: at least one evaluator gave a score. not scored: it ran but nothing could be scored.
 * errored: it failed before it was evaluated (page, agent or harness error).
 * not run: skipped, or the run was stopped before it started or while it ran.
 */
export type InstanceOutcome = 'scored' | 'not scored' | 'errored' | 'not run';

export interface InstanceRow {
  project: string;
  agent: string;
  task: string;
  split?: string;
  instance: string;
  outcome: InstanceOutcome;
  /** Playwright's status of the last attempt: passed, failed, timedOut, skipped, interrupted. */
  status: string;
  /** Attempts before the last one (Playwright retries). */
  retries: number;
  score: number | null;
  ceiling: number | null;
  /** Why it errored, or why it did not run (a skip's reason). */
  error?: string;
  /** What the agent spent on the instance (LLM agents). */
  usage?: Usage;
  /** An instance of a goal task (scored apart from the form benchmark), whether its episode ran or not. */
  goal?: true;
  /** A site task's sites, its start site first. */
  sites?: string[];
  /** The instance's tags (a subset it is in: hard; a WebArena-Verified task's type). */
  tags?: string[];
  /** Its revision in the source benchmark. */
  revision?: number;
  /** A goal task's episode: how many steps, why it ended, the answer it gave, the page it ended on, why the agent failed. */
  episode?: { steps: number; end: string; answer?: string; answerFrom?: 'closed-book'; finalUrl?: string; failure?: string };
  /** The fields the page kept below their ceilings though the agent gave their gold answers (fixtures' checkScore). */
  pageLimited?: string[];
  /** A spending ceiling refused a model call while it ran (scored as the page stood): the ceiling and what was spent. */
  budgetReached?: string;
  /** Its infrastructure failed (a site's setup or clean-up): why. Not the agent's failure. */
  infrastructure?: string;
  /** The site copies it ran on ("notes 2/3"). */
  siteCopies?: string[];
  /** What failed for the infrastructure before it ran on copies that worked (a copy's reset), each then retried. */
  infrastructureRetries?: string[];
}

export interface FieldRow extends FieldRecord {
  project: string;
  task: string;
  instance: string;
  /** What the agent spent on this field (LLM calls, tokens, cost), when it reports it. */
  usage?: Usage;
}

/** One evaluator's verdict on one instance (the fields evaluator's records are in `fields`). */
export interface EvaluationRow extends Omit<Evaluation, 'records'> {
  project: string;
  task: string;
  instance: string;
}

/** A task file that could not be loaded: it has no instances to report. */
export interface TaskLoadError {
  project: string;
  task: string;
  error: string;
}

export interface RunMetadata {
  /** When the run started (ISO 8601). */
  date: string;
  benchmark?: string;
  versions: Record<string, string>;
  gitCommit?: string;
  /** How the run chose its instances (BENCHWRIGHT_TASKS, split, instances per task, seed). */
  selection?: { tasks?: string; splits?: string[]; instances?: number | 'all'; seed?: number };
  /** Per project, its agent and options (project metadata). */
  projects: Record<string, Record<string, unknown>>;
  workers?: number;
  shard?: { current: number; total: number } | null;
  /** The run this one resumed (BENCHWRIGHT_RESUME): its finished instances are part of this one. */
  resumedFrom?: string;
  /** The shards' runs this one merges (`benchwright merge`). */
  mergedFrom?: string[];
  /** Set by `benchwright report --metric ...`: the metrics that replaced the run's. */
  rescored?: Record<string, string>;
}

export interface BenchmarkResults {
  format: typeof RESULTS_FORMAT;
  meta: RunMetadata;
  instances: InstanceRow[];
  fields: FieldRow[];
  evaluations: EvaluationRow[];
  taskErrors: TaskLoadError[];
}

/** One instance's row with its field records, or a task file that failed to load. */
export type InstanceRecord = { instance: InstanceRow; fields: FieldRow[]; evaluations: EvaluationRow[] };
export type RunRecord = InstanceRecord | { taskError: TaskLoadError };
