import type { Agent, ClosedBookInput } from '../../agent/types.ts';
import type { Trajectory } from '../../record/trajectory.ts';
import { beginGoal, toldOf } from './goal.ts';
import type { Mode } from './mode.ts';

/** A goal task answered with no browser (agentOptions.protocol 'closed-book'): the model's own knowledge. */
export const closedBookMode: Mode = {
  kind: 'goal',
  runs: (agent) => agent.step !== undefined,
  async act(input) {
    const { evaluation, goal, answerFormat } = await beginGoal(input);
    await answerClosedBook(input.agent, { goal, ...(answerFormat && { answerFormat }), options: input.options, report: input.report }, input.trajectory);
    input.trajectory.finalUrl = input.actions.page.url();
    return { evaluation, page: input.actions.page, told: toldOf(input.trajectory, goal), trajectory: input.trajectory };
  },
};

/** A closed-book answer into the trajectory (the episode's end when it is the whole episode). */
export async function answerClosedBook(agent: Agent, input: ClosedBookInput, trajectory: Trajectory): Promise<void> {
  if (!agent.answer) throw new Error(`agent ${agent.name} gives no closed-book answer (agentOptions protocol or fallback 'closed-book')`);
  const answer = await agent.answer(input);
  if (answer !== null && typeof answer === 'object') {
    // A dead endpoint is the agent's failure, not an abstention.
    trajectory.failure = answer.failed;
    trajectory.end ??= 'agent failed';
    return;
  }
  if (answer !== null) Object.assign(trajectory, { answer, answerFrom: 'closed-book' as const });
  trajectory.end ??= answer !== null ? 'answered' : 'agent stopped';
}
