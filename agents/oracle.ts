import type { Page } from '@playwright/test';
import { goldAction, holds } from '../src/evaluators/fields/gold-action.ts';
import { formatAction, type Action } from '../src/action-set/signatures.ts';
import type { ActionOutcome } from '../src/actions/library.ts';
import type { Agent, FieldStep } from '../src/agent/types.ts';
import type { Answer } from '../src/task/types.ts';
import { readRelevantHtml } from '../src/observe/relevant-html.ts';
import { readFields, type FieldState } from '../src/values/read-fields.ts';

/**
 * The upper bound: replays the gold labels through the action library, each field's action
 * chosen by goldAction (majority vote, first text answer, best range value). Fields are set
 * directly in the DOM, all in a few calls (ActionLibrary.runFields: the page's handlers run,
 * Playwright's waits do not), and what that misses (refused, or not held when the fields are
 * read back) gets a second try as a user would;
 * `agentOptions.input: 'user'` acts as a user throughout (checking a user can reach the ceiling).
 */
export const oracle: Agent = {
  name: 'oracle',
  needsGold: true,
  async run({ page, actions, fields, gold, report, options }) {
    // Each field's action, decided once from the page as loaded.
    const planned = fields.flatMap((field) => {
      const action = goldAction(field, gold?.[field.name] ?? []);
      return action ? [{ field, action }] : [];
    });
    // What the oracle is shown and does: training data (benchwright export) and, on train
    // instances, the LLM agents' demonstrations.
    report.fieldSteps = await fieldStepsOf(page, planned);
    // Answering one question often reveals the next (hidden at load): what failed gets a second try.
    const first = options.input === 'user' ? actions : actions.direct();
    const failures = new Map<Action, ActionOutcome & { ok: false }>();
    const outcomes = await first.runFields(planned.map(({ action }) => action));
    outcomes.forEach((outcome, i) => outcome.ok || failures.set(planned[i]!.action, outcome));
    const unheld = first === actions ? [] : await unheldActions(page, planned.filter(({ action }) => !failures.has(action)));
    for (const action of [...failures.keys(), ...unheld]) {
      const outcome = await actions.run(action);
      // A value the page took and then changed (ticking "no subject" overwrites and disables the
      // subject) stays the page's doing (page-limits.ts), though the page refuses the user's try.
      if (outcome.ok || (unheld.includes(action) && outcome.byPage)) failures.delete(action);
      else failures.set(action, outcome);
    }
    // What the page would not take explains a field left below its ceiling (page-limits.ts).
    report.givenAnswers = planned.map(({ field, action }) => {
      const failure = failures.get(action);
      return { field: field.name, answer: answerOf(action), ...(failure && (failure.byPage ? { refused: failure.error } : { failed: failure.error })) };
    });
  },
  // A goal task's gold is its solution: one step of it per observation, then the episode ends.
  async step({ solution, observation }) {
    const action = solution?.[observation.step];
    return action === undefined ? null : { action };
  },
};

/** The answer a field action gives (its second argument: a value, or a checkbox group's values). */
const answerOf = (action: Action): Answer => {
  const value = action.args[1];
  return Array.isArray(value) ? value.map(String) : String(value);
};

/**
 * The actions the direct pass says it did whose fields, read back, do not hold their value (a
 * page handler undid it, a control the DOM call did not move): they get a user's try too, so
 * nothing the fast path misses goes unnoticed.
 */
async function unheldActions(page: Page, done: { field: FieldState; action: Action }[]): Promise<Action[]> {
  const states = await readFields(page, done.map(({ field }) => field.name));
  return done.flatMap(({ action }, i) => (holds(states[i]!, action) ? [] : [action]));
}

/** Each field the oracle acts on: its state and relevant HTML in the page as loaded, and the action as text. */
async function fieldStepsOf(page: Page, planned: { field: FieldState; action: Action }[]): Promise<FieldStep[]> {
  const htmls = await readRelevantHtml(page, planned.map((p) => p.field.name));
  return planned.flatMap((p, i) => (htmls[i] ? [{ field: p.field, html: htmls[i], action: formatAction(p.action) }] : []));
}
