import { DEFAULT_MAX_STEPS } from '../../task/goal.ts';
import { runEpisode } from '../episode.ts';
import { beginForm } from './form.ts';
import { taskBrief, type Mode } from './mode.ts';

/** A form task run as an episode (agentOptions.protocol: 'open'): the agent is told no field. */
export const isOpenEnded = (options: Record<string, unknown>) => options.protocol === 'open';

/** The paper's open-ended mode: the task's words are the goal, no field is named, the agent acts freely. */
export const openFormMode: Mode = {
  kind: 'open-ended form',
  runs: (agent) => agent.step !== undefined,
  async act(input) {
    const { page, task, instance, agent, actions, seed, options, report, step, trajectory } = input;
    const { evaluation, loaded } = await beginForm(input);
    const goal = `${task.title}\n${task.description}`;
    Object.assign(trajectory, { goal, steps: [] });
    // Room for two steps a field (a click, then typing) on forms longer than WebArena's budget.
    const maxSteps = Math.max(DEFAULT_MAX_STEPS, 2 * loaded.length);
    await runEpisode({
      actions, agent, goal, protocol: { maxSteps }, trajectory, step,
      input: { task: taskBrief(task), instanceId: instance.id, seed, options, report },
    });
    // The form's own tab is scored, whichever tab the agent ended on.
    return { evaluation, page, told: { goal }, trajectory };
  },
};
