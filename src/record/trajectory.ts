import type { ActionName } from '../action-set/signatures.ts';
import type { FieldStep, StepRecord } from '../agent/types.ts';
import type { Observation } from '../observe/observe.ts';

/** Why an episode ended (WebArena's early-stop rules, and BrowserGym's). */
export type EndReason = 'answered' | 'infeasible' | 'done' | 'max steps' | 'repeated action' | 'no usable action' | 'agent stopped' | 'agent failed' | 'budget reached' | 'site down';

/** What an episode did: attached as trajectory.json, and read by the evaluators. */
export interface Trajectory {
  goal: string;
  /** How the final answer must be written (its evaluators' format), when one says. */
  answerFormat?: string;
  steps: StepRecord[];
  /**
   * What the agent was shown before each step (its screenshot left out: the trace has it), and
   * the actions it was offered: a run's steps can become prompts again (benchwright export).
   * Absent in trajectories of runs before they were recorded.
   */
  observations?: Observation[];
  actionSet?: ActionName[];
  /** Absent while the episode runs, and after one that broke off (an error). */
  end?: EndReason;
  /** send_msg_to_user's text, when the episode ended on an answer. */
  answer?: string;
  /** The answer came from a closed-book call: the project's protocol, or its fallback when the episode gave none. */
  answerFrom?: 'closed-book';
  /** The URL of the page the episode ended on (the one its evaluators read). */
  finalUrl?: string;
  /** report_infeasible's reason. */
  infeasible?: string;
  /** Why the agent could not go on, when the episode ended so. */
  failure?: string;
  /** That failure was its service's (the model's server), not the agent's: the instance is retried. */
  serviceFailure?: true;
}

/** A form run field by field, as training data: the task's words, and per field what the agent was shown and did. */
export interface FieldTrajectory {
  title: string;
  description: string;
  steps: FieldStep[];
}
