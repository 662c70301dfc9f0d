import { runEpisode } from '../episode.ts';
import { answerClosedBook } from './closed-book.ts';
import { beginGoal, toldOf } from './goal.ts';
import { taskBrief, type Mode } from './mode.ts';

/**
 * A goal task's episode: the task's protocol (setup, ready, done, budget) and the agent's
 * steps; with agentOptions.fallback 'closed-book', a closed-book answer where the episode gave
 * none (AssistantBench's ensemble).
 */
export const episodeMode: Mode = {
  kind: 'goal',
  runs: (agent) => agent.step !== undefined,
  async act(input) {
    const { task, instance, agent, actions, seed, options, report, step, keepStep, outage, trajectory } = input;
    const { evaluation, goal, answerFormat } = await beginGoal(input);
    const solution = instance.episode!.solution;
    // The budget is the agents'; a reference solution longer than it (a WorkArena form of 16 fields) is still replayed whole.
    const protocol = agent.needsGold && solution ? { ...task.protocol!, maxSteps: Math.max(task.protocol!.maxSteps, solution.length) } : task.protocol!;
    await runEpisode({
      actions, agent, goal, protocol, trajectory, step, keepStep, outage,
      input: { task: taskBrief(task), instanceId: instance.id, seed, options, report, ...(agent.needsGold && solution && { solution }), ...(answerFormat && { answerFormat }) },
    });
    // Where the web agent gave no answer (or gave up, or sent a blank one).
    if (!trajectory.answer?.trim() && options.fallback === 'closed-book') {
      await answerClosedBook(agent, { goal, ...(answerFormat && { answerFormat }), options, report }, trajectory);
    }
    trajectory.finalUrl = actions.page.url();
    return { evaluation, page: actions.page, told: toldOf(trajectory, goal), trajectory };
  },
};
