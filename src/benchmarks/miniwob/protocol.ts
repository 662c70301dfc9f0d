import type { GoalKeys } from '../../task/goal.ts';

/**
 * BrowserGym takes the display out of the page around each call of core's; a style sheet does
 * the same for the agent (neither the accessibility tree nor a screenshot shows them) and
 * leaves core's own code working. The query keeps its place, as BrowserGym keeps its height.
 */
const MINIWOB_SETUP = `(() => {
  const style = document.createElement('style');
  style.textContent = '#reward-display, #click-canvas, #sync-task-cover { display: none !important } #query { visibility: hidden }';
  document.head.append(style);
  document.body.removeEventListener('click', core.canvasDrawClick);
  Math.seedrandom(seed);
  core.EPISODE_MAX_TIME = 1000000;
  core.startEpisodeReal();
  window.benchwrightEpisode = true;
})()`;

/**
 * MiniWoB++ as BrowserGym runs it: the human display (the query, timer, reward and click
 * boxes, and the START cover a finished episode shows again) out of sight, Math.random
 * seeded, an episode that cannot time out, started by hand; the goal is the utterance; done
 * when the page says so, or when the agent left it (a goto, a reload: BrowserGym's episode
 * ends there with 0); success is a raw reward above 0 (BrowserGym's 1 or 0), the raw reward and
 * its reason kept. AgentLab gives MiniWoB episodes 10 steps.
 */
export const MINIWOB_PROTOCOL: GoalKeys = {
  goal: { expression: 'core.getUtterance()' },
  setup: MINIWOB_SETUP,
  ready: 'WOB_TASK_READY',
  done: '!window.benchwrightEpisode || WOB_DONE_GLOBAL',
  max_steps: 10,
  eval: [{ page: { expression: 'WOB_RAW_REWARD_GLOBAL > 0', record: { reward: 'WOB_RAW_REWARD_GLOBAL', reason: 'WOB_REWARD_REASON ?? null' } } }],
};
