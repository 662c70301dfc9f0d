import type { Page } from '@playwright/test';
import type { ActionLibrary } from '../src/actions/library.ts';
import type { Answer } from '../src/task/types.ts';
import type { FieldState } from '../src/values/read-fields.ts';

/** What an agent is told of one instance. Gold labels only reach agents that declare they need them. */
export interface AgentInput {
  page: Page;
  actions: ActionLibrary;
  task: { id: string; title: string; description: string };
  instanceId: string;
  /** The fields to fill, as the loaded page has them (kind, options, bounds). */
  fields: FieldState[];
  /** Per field, the annotators' answers: set only for agents with `needsGold`. */
  gold?: Record<string, Answer[]>;
  /** Seed for this instance (the run's seed mixed with the task and instance ids). */
  seed: number;
}

export interface Agent {
  name: string;
  /** The oracle: the harness passes it the gold labels. */
  needsGold?: boolean;
  /** Acts on the page through `actions`; throwing is an infrastructure error (the test fails). */
  run(input: AgentInput): Promise<void>;
}
