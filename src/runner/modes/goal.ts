import type { Page } from '@playwright/test';
import { InstanceEvaluation } from '../../evaluators/evaluate.ts';
import type { EpisodeProtocol, Instance } from '../../task/types.ts';
import type { ActInput } from './mode.ts';

/** What a goal task's page expression (ready) gets to wait for, at most. */
const READY_MS = 10_000;

/** A goal task's start: its setup and ready condition run, its evaluators begun, the goal in the trajectory. */
export async function beginGoal({ page, url, task, instance, seed, trajectory }: ActInput): Promise<{ evaluation: InstanceEvaluation; goal: string; answerFormat?: string }> {
  const goal = await prepareEpisode(page, task.protocol!, instance, seed);
  const evaluation = await InstanceEvaluation.begin(page, task, instance, { url });
  const answerFormat = evaluation.answerFormat();
  Object.assign(trajectory, { goal, ...(answerFormat && { answerFormat }), steps: [] });
  return { evaluation, goal, ...(answerFormat && { answerFormat }) };
}

/**
 * What the episode tells the evaluators: its answer; giving up answers "N/A", as in WebArena
 * and BrowserGym (right where the task cannot be done).
 */
export function toldOf(trajectory: ActInput['trajectory'], goal: string) {
  const answer = trajectory.answer ?? (trajectory.infeasible !== undefined ? 'N/A' : undefined);
  const gaveUp = trajectory.answer === undefined && trajectory.infeasible !== undefined;
  return { ...(answer !== undefined && { answer }), ...(gaveUp && { gaveUp }), goal };
}

/** The task's setup (with the instance's seed), its ready condition, and the goal. */
export async function prepareEpisode(page: Page, protocol: EpisodeProtocol, instance: Instance, seed: number): Promise<string> {
  if (protocol.setup) await page.evaluate(`((seed) => (${protocol.setup}))(${seed})`);
  if (protocol.ready) await page.waitForFunction(`!!(${protocol.ready})`, undefined, { timeout: READY_MS });
  const goal = instance.episode!.goal;
  if ('text' in goal) return goal.text;
  const value: unknown = await page.evaluate(`(${goal.expression})`);
  // MiniWoB's utterance is a string, or an object that holds it.
  if (typeof value === 'string') return value;
  const utterance = (value as { utterance?: unknown } | null)?.utterance;
  return typeof utterance === 'string' ? utterance : JSON.stringify(value);
}
