import type { StepRecord } from '../agent/types.ts';
import type { Observation } from '../observe/observe.ts';
import type { PageBoxes } from '../record/attachments.ts';
import type { EvaluationRow, FieldRow, InstanceRow } from '../record/results.ts';
import type { Trajectory } from '../record/trajectory.ts';

/** Where an instance's screenshots are, relative to the viewer's page, and where its fields are on the final one. */
export interface Shots {
  final?: string;
  /** Where the scored fields are on the final page. */
  boxes?: PageBoxes;
  /** By step number. */
  steps?: Record<number, string>;
}

/** What the agent saw before a step beyond the step's own URL: the tree it was given (folded in the page), the tabs when there were several. */
type SeenBefore = Pick<Observation, 'snapshot' | 'lastError'> & { tabs?: Observation['tabs']; axtree?: string };

/** One instance as the viewer shows it: everything the run kept of it, but the evaluators' raw inputs. */
export interface InstanceView {
  row: InstanceRow;
  fields?: Omit<FieldRow, 'project' | 'task' | 'instance'>[];
  evaluations?: Omit<EvaluationRow, 'project' | 'task' | 'instance' | 'inputs'>[];
  episode?: Omit<Trajectory, 'observations' | 'actionSet' | 'steps'> & { steps: StepRecord[]; seen: SeenBefore[] };
  shots?: Shots;
}

/** An instance's view from its rows, its trajectory and its screenshots. */
export function instanceView(row: InstanceRow, fields: FieldRow[], evaluations: EvaluationRow[], trajectory: Trajectory | undefined, shots: Shots | undefined): InstanceView {
  return {
    row,
    ...(fields.length && { fields: fields.map(({ project: _p, task: _t, instance: _i, ...field }) => field) }),
    ...(evaluations.length && { evaluations: evaluations.map(({ project: _p, task: _t, instance: _i, inputs: _inputs, ...evaluation }) => evaluation) }),
    ...(trajectory && { episode: episodeView(trajectory) }),
    ...(shots && { shots }),
  };
}

function episodeView({ observations, actionSet: _actions, steps, ...rest }: Trajectory): NonNullable<InstanceView['episode']> {
  // The tree shown is the one the agent was given: BrowserGym's when it asked for it.
  const seen = (observations ?? []).map(({ tabs, snapshot, lastError, browsergym }) => ({
    snapshot, ...(tabs.length > 1 && { tabs }), ...(lastError !== undefined && { lastError }), ...(browsergym?.axtree !== undefined && { axtree: browsergym.axtree }),
  }));
  return { ...rest, steps, seen };
}
