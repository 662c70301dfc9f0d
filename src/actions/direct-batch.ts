import type { Page } from '@playwright/test';
import type { Action } from '../action-set/signatures.ts';
import { actDirectly, type DirectRequest } from './direct-input.ts';
import { fieldChanges, isFieldAction, type FieldChanges } from './field-changes.ts';
import { locateFields } from './locate.ts';
import { ActionProblem, PageRefusal } from './page-actions.ts';

/** What the batch did with an action: made (with its outcome's note), failed (as thrown), or left to be run on its own (undefined). */
export type BatchResult = { ok: true; note?: string } | { ok: false; error: ActionProblem } | undefined;

/**
 * Sets field actions directly in the DOM in rounds of two page calls, one that probes every
 * field and one that makes every change (a call is a round trip to the page and a test step a
 * record, per field they cost more than the change itself). Answering one question often shows
 * the next: an action the page refused when probed (its field hidden at load) waits for the
 * next round, while a round changes something. Actions whose field our world does not reach
 * (another origin's frame, none at all) and actions of other kinds are left to be run alone.
 */
export async function setFieldsDirectly(page: Page, actions: Action[]): Promise<BatchResult[]> {
  const results: BatchResult[] = actions.map(() => undefined);
  let pending = actions.flatMap((action, i) => (isFieldAction(action) ? [i] : []));
  while (pending.length) {
    const names = [...new Set(pending.map((i) => String(actions[i]!.args[0])))];
    const locations = new Map((await locateFields(page, names)).map((location, n) => [names[n]!, location]));
    const planned: { action: number; name: string; path: number[]; plan: FieldChanges }[] = [];
    const waiting: { action: number; refusal: PageRefusal }[] = [];
    for (const i of pending) {
      const name = String(actions[i]!.args[0]);
      const location = locations.get(name);
      if (location?.path === undefined) continue;
      try {
        planned.push({ action: i, name, path: location.path, plan: fieldChanges(location, actions[i]!) });
      } catch (e) {
        if (e instanceof PageRefusal) waiting.push({ action: i, refusal: e });
        else if (e instanceof ActionProblem) results[i] = { ok: false, error: e };
        else throw e;
      }
    }
    const requests: DirectRequest[] = planned.flatMap(({ action, name, path, plan }) => plan.changes.map((change) => ({ path, name, action, ...change })));
    const refusals = requests.length ? await actDirectly(page, requests) : [];
    for (const { action, plan } of planned) {
      const refusal = refusals.find((r, n) => r !== undefined && requests[n]!.action === action);
      results[action] = refusal ? { ok: false, error: new PageRefusal(refusal) } : { ok: true, ...(plan.note && { note: plan.note }) };
    }
    if (requests.length === 0) {
      for (const { action, refusal } of waiting) results[action] = { ok: false, error: refusal };
      break;
    }
    pending = waiting.map((w) => w.action);
  }
  return results;
}
