import type { Page } from '@playwright/test';
import type { ActionLibrary, StepRunner } from '../actions/library.ts';
import { isBrowserGymAction } from '../actions/browsergym-actions.ts';
import { PAGE_ACTIONS } from '../actions/page-actions.ts';
import { parseActions } from '../action-set/parse.ts';
import { formatAction, type ActionName } from '../action-set/signatures.ts';
import type { Agent, AgentReport, StepRecord } from '../agent/types.ts';
import { instanceCutBy } from '../llm/spending.ts';
import { observe, withRefs, type Observation } from '../observe/observe.ts';
import type { EndReason, Trajectory } from '../record/trajectory.ts';
import type { EpisodeProtocol } from '../task/types.ts';

export interface EpisodeRun {
  actions: ActionLibrary;
  agent: Agent;
  goal: string;
  protocol: EpisodeProtocol;
  input: { task: { id: string; title: string; description: string; split: string }; instanceId: string; seed: number; options: Record<string, unknown>; report: AgentReport; solution?: string[]; answerFormat?: string };
  /** Runs each step as a test.step, so traces and the HTML report show the episode. */
  step: StepRunner;
  /** Filled as the episode goes: whatever happens, the caller keeps the steps so far. */
  trajectory: Trajectory;
}

/** WebArena's rule: this many identical actions in a row on an unchanged page, or replies with no usable action. */
const REPEATS = 3;

/** Goal tasks offer BrowserGym's high-level actions, and Table 3's coordinate click and scroll. */
export const GOAL_ACTIONS: ActionName[] = [...(Object.keys(PAGE_ACTIONS) as ActionName[]), 'scroll', 'type'];

/** What a goal task takes: those, and BrowserGym's own names for the rest of its set (not shown in prompts). */
const isGoalAction = (name: ActionName) => GOAL_ACTIONS.includes(name) || isBrowserGymAction(name);

/**
 * The harness drives the episode: observe, the agent picks one action, act, until the agent
 * answers or gives up, the page says done, the step budget is spent, a spending ceiling is
 * reached, or it repeats itself. An
 * action's failure, and a reply that does not parse, are the next observation's `lastError`.
 */
export async function runEpisode(run: EpisodeRun): Promise<Trajectory> {
  const { actions, agent, protocol, trajectory } = run;
  const observations: Observation[] = [];
  Object.assign(trajectory, { observations, actionSet: GOAL_ACTIONS });
  const followPopups = (page: Page) => (actions.page = page);
  actions.page.context().on('page', followPopups);
  try {
    let lastError: string | undefined;
    let unusable = 0;
    let repeats: string[] = [];
    for (let n = 1; ; n++) {
      if (n > protocol.maxSteps) return end(trajectory, 'max steps');
      const started = performance.now();
      const outcome = await run.step(`step ${n}`, async () => {
        const observation = await observe(actions, n - 1, lastError, agent.observes?.(run.input.options));
        // Images stay out of the trajectory (the report keeps screenshots its own way).
        const { screenshot: _screenshot, browsergym, ...rest } = observation;
        const { som: _som, ...views } = browsergym ?? {};
        const shown: Observation = { ...rest, ...(browsergym && { browsergym: views }) };
        const record: StepRecord = { step: n, action: '', ok: false, url: observation.url, snapshotChars: observation.snapshot.length, ms: 0 };
        const choice = await agent.step!({ ...run.input, goal: run.goal, observation, history: [...trajectory.steps], actionSet: GOAL_ACTIONS });
        if (choice === null) return { stop: true as const };
        if ('failed' in choice) return { failed: choice.failed };
        if (choice.reasoning) record.reasoning = choice.reasoning;
        if (choice.error) {
          record.error = `no usable action: ${choice.error}`;
          return { record, shown, state: observation.snapshot };
        }
        const parsed = parseActions(choice.action);
        const action = parsed.actions[0];
        if (!action || parsed.errors.length) {
          record.error = `no usable action: ${parsed.errors[0]?.message ?? 'the reply holds no action'}`;
          return { record, shown, state: observation.snapshot };
        }
        // A form's actions (modify_text...) name fields, which a goal task's pages need not have.
        if (!isGoalAction(action.name)) {
          record.error = `no usable action: ${formatAction(action)} is not an action of goal tasks`;
          return { record, shown, state: observation.snapshot };
        }
        record.action = formatAction(action);
        // A reference solution's selectors, as the refs a model would have had to write.
        const translated = agent.needsGold ? await withRefs(actions.page, action, actions.refs!) : undefined;
        if (translated) record.byRef = formatAction(translated);
        const result = await actions.run(action);
        record.ok = result.ok;
        if (!result.ok) record.error = result.error;
        if (action.name === 'send_msg_to_user') trajectory.answer = String(action.args[0]);
        if (action.name === 'report_infeasible') trajectory.infeasible = String(action.args[0]);
        return { record, shown, state: `${observation.url}\n${observation.snapshot}` };
      });
      // The harness refused a model call of this instance: whatever the agent made of it, the episode ends here.
      if (instanceCutBy()) return end(trajectory, 'budget reached');
      if ('stop' in outcome) return end(trajectory, 'agent stopped');
      if ('failed' in outcome) {
        trajectory.failure = outcome.failed;
        return end(trajectory, 'agent failed');
      }
      const { record } = outcome;
      record.ms = Math.round(performance.now() - started);
      trajectory.steps.push(record);
      observations.push(outcome.shown);
      if (trajectory.answer !== undefined) return end(trajectory, 'answered');
      if (trajectory.infeasible !== undefined) return end(trajectory, 'infeasible');
      lastError = record.error;
      unusable = record.action ? 0 : unusable + 1;
      if (unusable >= REPEATS) return end(trajectory, 'no usable action');
      // The same action on the same page (URL and snapshot before it) three times: stuck.
      repeats = [...repeats, `${record.action}\n${outcome.state}`].slice(-REPEATS);
      if (record.action && repeats.length === REPEATS && repeats.every((r) => r === repeats[0])) return end(trajectory, 'repeated action');
      if (protocol.done && (await isTrue(actions.page, protocol.done))) return end(trajectory, 'done');
    }
  } finally {
    actions.page.context().off('page', followPopups);
  }
}

function end(trajectory: Trajectory, reason: EndReason): Trajectory {
  trajectory.end = reason;
  return trajectory;
}

/** A task's page expression, true or not (a page that throws has not said yes). */
export async function isTrue(page: Page, expression: string): Promise<boolean> {
  return page.evaluate(`(() => { try { return !!(${expression}); } catch { return false; } })()`).then(Boolean, () => false);
}
