import type { Page } from '@playwright/test';
import type { ActionLibrary } from '../actions/library.ts';
import type { Answer } from '../task/types.ts';
import type { FieldState } from '../values/read-fields.ts';
import type { Usage } from './usage.ts';

/** What an agent is told of one instance. Gold labels only reach agents that declare they need them. */
export interface AgentInput {
  page: Page;
  actions: ActionLibrary;
  task: { id: string; title: string; description: string; split: string };
  instanceId: string;
  /** The fields to fill, as the loaded page has them (kind, options, bounds). */
  fields: FieldState[];
  /** Per field, the annotators' answers: set only for agents with `needsGold`. */
  gold?: Record<string, Answer[]>;
  /** Seed for this instance (the run's seed mixed with the task and instance ids). */
  seed: number;
  /** The project's `agentOptions` (an LLM agent's model, prompt settings, ...). */
  options: Record<string, unknown>;
  /** Where the agent records what it spent and logs, as it goes. */
  report: AgentReport;
}

/**
 * What an agent reports beside its actions: usage per field, and a log to attach to the test.
 * The harness hands it over empty and the agent fills it as it goes, so a crash loses none
 * of it (the calls already paid for are kept with the instance whatever happens).
 */
export interface AgentReport {
  usage: Record<string, Usage>;
  log: unknown[];
}

export interface Agent {
  name: string;
  /** The oracle: the harness passes it the gold labels. */
  needsGold?: boolean;
  /** Why the agent cannot run here (missing credentials, ...): its tests are skipped with this reason. */
  unavailable?(): string | undefined;
  /** Acts on the page through `actions`; throwing is an infrastructure error (the test fails). */
  run(input: AgentInput): Promise<void>;
}
