import type { Page } from '@playwright/test';
import type { ActionLibrary, StepRunner } from '../actions/library.ts';
import { StepFailure, stepOrFailure } from '../actions/step-failure.ts';
import { isBrowserGymAction } from '../actions/browsergym-actions.ts';
import { PAGE_ACTIONS } from '../actions/page-actions.ts';
import { parseActions } from '../action-set/parse.ts';
import { formatAction, type Action, type ActionName } from '../action-set/signatures.ts';
import type { Agent, AgentReport, StepRecord } from '../agent/types.ts';
import { stepUsageKey } from '../agent/usage.ts';
import { instanceCutBy } from '../llm/spending.ts';
import { observe, withRefs, type Observation } from '../observe/observe.ts';
import { pageLoaded, watchLoads } from '../observe/page-loads.ts';
import { settle } from '../values/settle.ts';
import type { EndReason, Trajectory } from '../record/trajectory.ts';
import type { EpisodeProtocol } from '../task/types.ts';

export interface EpisodeRun {
  actions: ActionLibrary;
  agent: Agent;
  goal: string;
  protocol: EpisodeProtocol;
  input: { task: { id: string; title: string; description: string; split: string }; instanceId: string; seed: number; options: Record<string, unknown>; report: AgentReport; solution?: string[]; answerFormat?: string };
  /** Runs each step as test steps (observing and choosing, then the action), so traces and the HTML report show the episode. */
  step: StepRunner;
  /** Keeps the page of a step as the agent saw it (a screenshot), right after its observation; never throws. */
  keepStep?: (step: number) => Promise<void>;
  /** Checked before each step: why the episode must stop for its infrastructure (a site copy it runs on died), its attempt then run again. */
  outage?: () => Promise<string | undefined>;
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
  const { actions } = run;
  const followPopups = (page: Page) => {
    actions.page = page;
    void watchLoads(page);
  };
  await watchLoads(actions.page);
  actions.page.context().on('page', followPopups);
  try {
    const trajectory = await steps(run);
    // What is judged next is the page the last action led to, loaded (observe waits the same way).
    if (await pageLoaded(actions.page)) await settle(actions.page, 1);
    return trajectory;
  } finally {
    actions.page.context().off('page', followPopups);
  }
}

/** The episode's steps, until one of the ends above. */
async function steps(run: EpisodeRun): Promise<Trajectory> {
  const { actions, protocol, trajectory } = run;
  const observations: Observation[] = [];
  Object.assign(trajectory, { observations, actionSet: GOAL_ACTIONS });
  let lastError: string | undefined;
  let unusable = 0;
  let repeats: string[] = [];
  for (let n = 1; ; n++) {
    // Before each step: its start page, or the last step's, may have found its site gone.
    if (await run.outage?.()) return end(trajectory, 'site down');
    if (n > protocol.maxSteps) return end(trajectory, 'max steps');
    const started = performance.now();
    const choice = await run.step(`step ${n} · observe and choose`, () => observeAndChoose(run, n, lastError));
    if ('action' in choice) await act(run, n, choice.action, choice.record);
    else if ('unusable' in choice) await stepOrFailure(run.step, `step ${n} · no usable action`, () => Promise.reject(new StepFailure(choice.unusable)));
    // The harness refused a model call of this instance: whatever the agent made of it, the episode ends here.
    if (instanceCutBy()) return end(trajectory, 'budget reached');
    if ('stop' in choice) return end(trajectory, 'agent stopped');
    if ('failed' in choice) {
      trajectory.failure = choice.failed;
      if (choice.service) trajectory.serviceFailure = true;
      return end(trajectory, 'agent failed');
    }
    const { record } = choice;
    record.ms = Math.round(performance.now() - started);
    trajectory.steps.push(record);
    observations.push(choice.shown);
    if (trajectory.answer !== undefined) return end(trajectory, 'answered');
    if (trajectory.infeasible !== undefined) return end(trajectory, 'infeasible');
    lastError = record.error;
    unusable = record.action ? 0 : unusable + 1;
    if (unusable >= REPEATS) return end(trajectory, 'no usable action');
    // The same action on the same page (URL and snapshot before it) three times: stuck.
    repeats = [...repeats, `${record.action}\n${choice.state}`].slice(-REPEATS);
    if (record.action && repeats.length === REPEATS && repeats.every((r) => r === repeats[0])) return end(trajectory, 'repeated action');
    if (protocol.done && (await isTrue(actions.page, protocol.done))) return end(trajectory, 'done');
  }
}

/** What observing and asking the agent gave: the episode's end, or the step's record with its action or why it has none. */
type Choice =
  | { stop: true }
  | { failed: string; service?: true }
  | ({ record: StepRecord; shown: Observation; state: string } & ({ action: Action } | { unusable: string }));

/** The step's observation (its page kept, when asked) and the agent's choice, with what it spent and sent its model. */
async function observeAndChoose(run: EpisodeRun, n: number, lastError: string | undefined): Promise<Choice> {
  const { actions, agent, trajectory } = run;
  const observation = await observe(actions, n - 1, lastError, agent.observes?.(run.input.options));
  await run.keepStep?.(n);
  // Images stay out of the trajectory (the report keeps screenshots its own way).
  const { screenshot: _screenshot, browsergym, ...rest } = observation;
  const { som: _som, ...views } = browsergym ?? {};
  const shown: Observation = { ...rest, ...(browsergym && { browsergym: views }) };
  const record: StepRecord = { step: n, action: '', ok: false, url: observation.url, snapshotChars: observation.snapshot.length, ms: 0 };
  // The agent is reminded of what it did, not of what it spent or sent: the HTTP protocol's history has neither, and prompts would make every request grow.
  const history = trajectory.steps.map(({ usage: _usage, prompt: _prompt, ...step }) => step);
  const choice = await agent.step!({ ...run.input, goal: run.goal, observation, history, actionSet: GOAL_ACTIONS });
  if (choice === null) return { stop: true };
  if ('failed' in choice) return choice;
  const usage = run.input.report.usage[stepUsageKey(observation)];
  if (usage) record.usage = usage;
  if (choice.prompt !== undefined) record.prompt = choice.prompt;
  if (choice.reasoning) record.reasoning = choice.reasoning;
  const seen = { record, shown, state: `${observation.url}\n${observation.snapshot}` };
  const unusable = (reason: string) => {
    record.error = `no usable action: ${reason}`;
    return { ...seen, unusable: reason };
  };
  if (choice.error) return unusable(choice.error);
  const parsed = parseActions(choice.action);
  const action = parsed.actions[0];
  if (!action || parsed.errors.length) return unusable(parsed.errors[0]?.message ?? 'the reply holds no action');
  // A form's actions (modify_text...) name fields, which a goal task's pages need not have.
  if (!isGoalAction(action.name)) return unusable(`${formatAction(action)} is not an action of goal tasks`);
  record.action = formatAction(action);
  // A reference solution's selectors, as the refs a model would have had to write.
  const translated = agent.needsGold ? await withRefs(actions.page, action, actions.refs!) : undefined;
  if (translated) record.byRef = formatAction(translated);
  return { ...seen, action };
}

/** The step's action, as a step of its own titled `step 3 · click("e12")` (failed when the action failed). */
async function act({ actions, trajectory }: EpisodeRun, n: number, action: Action, record: StepRecord): Promise<void> {
  const result = await actions.run(action, `step ${n}`);
  record.ok = result.ok;
  if (!result.ok) record.error = result.error;
  if (action.name === 'send_msg_to_user') trajectory.answer = String(action.args[0]);
  if (action.name === 'report_infeasible') trajectory.infeasible = String(action.args[0]);
}

function end(trajectory: Trajectory, reason: EndReason): Trajectory {
  trajectory.end = reason;
  return trajectory;
}

/** A task's page expression, true or not (a page that throws has not said yes). */
export async function isTrue(page: Page, expression: string): Promise<boolean> {
  return page.evaluate(`(() => { try { return !!(${expression}); } catch { return false; } })()`).then(Boolean, () => false);
}
