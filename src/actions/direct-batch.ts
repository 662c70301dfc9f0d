import type { Page } from '@playwright/test';
import type { Action } from '../action-set/signatures.ts';
import { actDirectly, type DirectRequest } from './direct-input.ts';
import { fieldChanges, isFieldAction, type FieldChanges } from './field-changes.ts';
import { locateFields, type FieldLocation } from './locate.ts';
import { ActionProblem, PageRefusal } from './page-actions.ts';

/** What the batch did with an action: made (with its outcome's note), failed (as thrown), or left to be run on its own (undefined). */
export type BatchResult = { ok: true; note?: string } | { ok: false; error: ActionProblem } | undefined;

/**
 * Sets field actions directly in the DOM in rounds of two page calls, one that probes every
 * field and one that makes every change (a call is a round trip to the page and a test step a
 * record: per field they cost more than the change itself). A round plans each action from the
 * page as its probe saw it, so a field's second action waits for the next round, and answering
 * one question often shows the next: an action the page refused when probed (its field hidden
 * at load) waits for the next round, while a round changes something. Left to be run alone,
 * after the batch: actions of other kinds, those whose field our world does not reach (another
 * origin's frame, none at all), and those of a round whose page call failed (a navigation).
 */
export async function setFieldsDirectly(page: Page, actions: Action[]): Promise<BatchResult[]> {
  const results: BatchResult[] = actions.map(() => undefined);
  const nameOf = (i: number) => String(actions[i]!.args[0]);
  let pending = actions.flatMap((action, i) => (isFieldAction(action) ? [i] : []));
  while (pending.length) {
    // The first pending action of each field; the others wait for a probe after it.
    const current = pending.filter((i, n) => pending.findIndex((j) => nameOf(j) === nameOf(i)) === n);
    const later = pending.filter((i) => !current.includes(i));
    const names = current.map(nameOf);
    let locations: (FieldLocation | undefined)[];
    try {
      locations = await locateFields(page, names, { inOtherWorlds: false });
    } catch {
      break;
    }
    const planned: { action: number; plan: FieldChanges; requests: DirectRequest[] }[] = [];
    const waiting: { action: number; refusal: PageRefusal }[] = [];
    for (const [n, i] of current.entries()) {
      const path = locations[n]?.path;
      if (path === undefined) continue;
      try {
        const plan = fieldChanges(locations[n]!, actions[i]!);
        planned.push({ action: i, plan, requests: plan.changes.map((change) => ({ path, name: names[n]!, action: i, ...change })) });
      } catch (e) {
        if (e instanceof PageRefusal) waiting.push({ action: i, refusal: e });
        else if (e instanceof ActionProblem) results[i] = { ok: false, error: e };
        else throw e;
      }
    }
    const requests = planned.flatMap((p) => p.requests);
    let refusals: (string | undefined)[];
    try {
      refusals = requests.length ? await actDirectly(page, requests) : [];
    } catch {
      break;
    }
    for (const { action, plan } of planned) {
      const refusal = refusals.find((r, n) => r !== undefined && requests[n]!.action === action);
      results[action] = refusal ? { ok: false, error: new PageRefusal(refusal) } : { ok: true, ...(plan.note && { note: plan.note }) };
    }
    // A round that changed nothing shows nothing new: what the page refused stays refused.
    if (requests.length === 0) for (const { action, refusal } of waiting) results[action] = { ok: false, error: refusal };
    pending = [...(requests.length ? waiting.map((w) => w.action) : []), ...later].sort((a, b) => a - b);
  }
  return results;
}
