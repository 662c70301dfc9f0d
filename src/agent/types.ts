import type { Page } from '@playwright/test';
import type { ActionLibrary } from '../actions/library.ts';
import type { ActionName } from '../action-set/signatures.ts';
import type { Observation, ObserveOptions } from '../observe/observe.ts';
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
  /**
   * Up to `count` solved fields of the benchmark's other train tasks, to show a model as
   * in-context examples: as an oracle run was shown them, else from the tasks' templates.
   */
  demonstrations(count: number): Demonstration[];
}

/**
 * What an agent reports beside its actions: usage per field, and a log to attach to the test.
 * The harness hands it over empty and the agent fills it as it goes, so a crash loses none
 * of it (the calls already paid for are kept with the instance whatever happens).
 */
export interface AgentReport {
  usage: Record<string, Usage>;
  log: unknown[];
  /** A form's fields as the agent was shown them and what it did (the oracle's: training data and demonstrations). */
  fieldSteps?: FieldStep[];
  /** The oracle's: the gold answer it gave each field and whether the page took it (a page may not allow what a batch records). */
  givenAnswers?: GivenAnswer[];
}

/**
 * An answer a gold-replaying agent (the oracle) gave one field: `refused`, the page's reason
 * when it would not take it (PageRefusal, src/actions/page-actions.ts); `failed`, any other reason the action did not
 * happen (then nothing is the page's to answer for). Neither: the action took, as the page
 * showed right after it.
 */
export interface GivenAnswer {
  field: string;
  answer: Answer;
  refused?: string;
  failed?: string;
}

/** One field of a form as an agent was shown it, and the action it took there. */
export interface FieldStep {
  /** The field as the page had it when the agent was asked. */
  field: FieldState;
  /** The HTML around it (the paper's relevant HTML). */
  html: string;
  action: string;
}

/** A field solved: its name, the HTML around it, and the correct action as text. */
export interface SolvedField {
  field: string;
  html: string;
  action: string;
}

/** A solved field of another train task, shown to a model as an in-context example. */
export interface Demonstration extends SolvedField {
  task: string;
  /** "oracle run": as an oracle run was shown it in the browser; "template": the filled template, its scripts not run. */
  source: 'oracle run' | 'template';
}

/** One step of a goal task's episode, as the trajectory records it and the agent is reminded of it. */
export interface StepRecord {
  /** 1 for the first action. */
  step: number;
  /** The action as written; '' when the reply held no usable action. */
  action: string;
  /** A reference solution's action with its elements named by ref, as a model would write it (training data). */
  byRef?: string;
  ok: boolean;
  error?: string;
  /** The agent's short reasoning, when it gave one. */
  reasoning?: string;
  /** Where the focused tab was when the action was chosen, and the size of that snapshot. */
  url: string;
  snapshotChars: number;
  /** Time of the step: observing, choosing and acting. */
  ms: number;
  /** What the agent spent choosing the action, when it says (the llm and http agents do). */
  usage?: Usage;
  /** What the agent sent its model for this step, as text (AgentStep.prompt), the step's tree written as PROMPT_TREE where it holds it whole. */
  prompt?: string;
}

/** What an agent is told at each step of a goal task. The solution only reaches agents with `needsGold`. */
export interface EpisodeInput {
  task: AgentInput['task'];
  instanceId: string;
  goal: string;
  observation: Observation;
  /** The earlier steps of this episode. */
  history: StepRecord[];
  /** The actions it may take. */
  actionSet: ActionName[];
  seed: number;
  options: Record<string, unknown>;
  report: AgentReport;
  /** The instance's reference actions: set only for agents with `needsGold`. */
  solution?: string[];
  /** How the final answer (send_msg_to_user) must be written, when the task's evaluators say (WebArena-Verified's JSON object). */
  answerFormat?: string;
}

/** What a closed-book answer is given: the goal, how to write the answer, the project's options, and where to report its usage. */
export interface ClosedBookInput {
  goal: string;
  answerFormat?: string;
  options: Record<string, unknown>;
  report: AgentReport;
}

/** One action in action text (parsed by the harness's grammar, never evaluated), and why. */
export interface AgentStep {
  action: string;
  reasoning?: string;
  /** Why the reply holds no usable action, when the agent knows better than the parser (an agent server's reply that is not the protocol's). */
  error?: string;
  /**
   * What it sent its model, as text: each message as `system:`, `user:` or `assistant:` and its
   * text, images as `[image]`, and the observation's tree, where it is there whole, as
   * PROMPT_TREE: the trajectory keeps the tree once, in the step's observation.
   */
  prompt?: string;
}

/**
 * The agent could not choose an action (its server unreachable after retries, its model
 * failing): the episode ends with this reason and is scored as the page stands, never lost.
 */
export interface AgentFailure {
  failed: string;
  /** Its service failed (the model's server unreachable or failing after retries), not the agent: the harness retries the instance. */
  service?: true;
}

/**
 * An agent runs form tasks (`run`: fill the named fields), goal tasks (`step`: one action per
 * observation), or both; an instance of a kind it does not run is skipped, saying so.
 */
export interface Agent {
  name: string;
  /** The oracle: the harness passes it the gold labels (a goal task's solution). */
  needsGold?: boolean;
  /** Why the agent cannot run here with the project's agentOptions (missing credentials, no server address): its tests are skipped with this reason. */
  unavailable?(options: Record<string, unknown>): string | undefined;
  /** Acts on a form's page through `actions`; throwing is an infrastructure error (the test fails). */
  run?(input: AgentInput): Promise<void>;
  /** What its observations hold beyond the accessibility tree (a screenshot, the HTML), from the project's agentOptions. */
  observes?(options: Record<string, unknown>): ObserveOptions;
  /** Chooses the next action of an episode; null: it has nothing more to do (the episode ends); a failure ends it with the reason. */
  step?(input: EpisodeInput): Promise<AgentStep | AgentFailure | null>;
  /**
   * Answers a goal task's goal with no browser (a model's closed-book answer; null: none): the
   * whole episode with agentOptions.protocol 'closed-book', or its answer when the episode gave
   * none with agentOptions.fallback 'closed-book' (AssistantBench's ensemble).
   */
  answer?(input: ClosedBookInput): Promise<string | null | AgentFailure>;
}

/** Stands for the step's tree in a recorded prompt (AgentStep.prompt); a viewer puts the tree back. */
export const PROMPT_TREE = '[the tree of this step\'s observation]';
