import type { Page } from '@playwright/test';
import type { ActionLibrary, StepRunner } from '../../actions/library.ts';
import type { Agent, AgentReport } from '../../agent/types.ts';
import type { InstanceEvaluation } from '../../evaluators/evaluate.ts';
import type { EpisodeEnd } from '../../evaluators/types.ts';
import type { FieldTrajectory, Trajectory } from '../../record/trajectory.ts';
import type { Instance, Task } from '../../task/types.ts';

/** What a mode acts with: the instance's page, loaded, and everything the agent is given. */
export interface ActInput {
  page: Page;
  /** Where the instance started. */
  url: string;
  task: Task;
  instance: Instance;
  agent: Agent;
  actions: ActionLibrary;
  seed: number;
  options: Record<string, unknown>;
  /** Filled by the agent as it goes (usage, log): the caller's to keep whatever happens. */
  report: AgentReport;
  /** An episode's steps run as test steps. */
  step: StepRunner;
  /** Keeps each episode step's page as the agent saw it (EpisodeRun.keepStep). */
  keepStep?: (step: number) => Promise<void>;
  /** Why an episode must stop now for its infrastructure (EpisodeRun.outage). */
  outage?: () => Promise<string | undefined>;
  /** An episode's trajectory, filled as it goes: the caller's to keep whatever happens. */
  trajectory: Trajectory;
}

/** What a mode leaves for the evaluators. */
export interface Acted {
  /** The instance's evaluators, begun on the page as the agent found it. */
  evaluation: InstanceEvaluation;
  /** The page they read (a form's own tab, whichever tab the agent ended on; an episode's last). */
  page: Page;
  /** What the episode tells them: its answer, whether the agent gave up, the goal. */
  told: Pick<EpisodeEnd, 'answer' | 'gaveUp' | 'goal'>;
  /** An episode's steps. */
  trajectory?: Trajectory;
  /** A form filled field by field, when the agent recorded its steps (the oracle does). */
  fieldTrajectory?: FieldTrajectory;
}

/** One way of running an instance: a form per field, a form open-ended, an episode, a closed-book answer. */
export interface Mode {
  /** What the agent is said not to run when it cannot: "agent x does not run <kind> tasks". */
  kind: string;
  runs(agent: Agent): boolean;
  act(input: ActInput): Promise<Acted>;
}

/** The task as agents are told it. */
export const taskBrief = (task: Task) => ({ id: task.id, title: task.title, description: task.description, split: task.split });
