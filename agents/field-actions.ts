import type { Page } from '@playwright/test';
import type { ActionLibrary } from '../src/actions/library.ts';
import { parseActions } from '../src/action-set/parse.ts';
import { formatAction, type Action } from '../src/action-set/signatures.ts';
import { isFieldAction } from '../src/actions/field-changes.ts';
import { readFields, type FieldState } from '../src/values/read-fields.ts';

// What agents that are asked one field at a time share (the LLM agent, the HTTP agent): which
// fields are asked and when, which actions of a reply count, and running them.

const usable = (f: FieldState) => f.found && !f.unsupported;

/**
 * Asks about the fields in rounds: the visible ones (found and supported) first; answers often
 * reveal further questions (hidden at load), so a second round asks those the first revealed.
 */
export async function askInRounds(page: Page, fields: FieldState[], round: (asked: FieldState[]) => Promise<void>): Promise<void> {
  await round(fields.filter((f) => usable(f) && f.visible));
  const hidden = fields.filter((f) => usable(f) && !f.visible);
  if (hidden.length) await round((await readFields(page, hidden.map((f) => f.name))).filter((f) => usable(f) && f.visible));
}

/** A reply's actions for one field, or why it has none. */
export type FieldActions = { actions: Action[]; error?: undefined } | { actions: []; error: string };

/** The actions of a reply that set this field (only those count), or why there are none. */
export function actionsForField(reply: string, field: string): FieldActions {
  const parsed = parseActions(reply);
  const mine = parsed.actions.filter((a) => isFieldAction(a) && a.args[0] === field);
  if (mine.length) return { actions: mine };
  const why = parsed.errors[0]?.message ?? (parsed.actions.length ? `no action for the field "${field}" (got ${parsed.actions.map(formatAction).join(', ')})` : 'no action call in the reply');
  return { actions: [], error: why };
}

/** Runs a field's actions in order; the first the page refuses (an option the field lacks...) is the field's error. */
export async function runFieldActions(actions: ActionLibrary, chosen: Action[]): Promise<string | undefined> {
  let error: string | undefined;
  for (const action of chosen) {
    const outcome = await actions.run(action);
    if (!outcome.ok) error ??= `${formatAction(action)}: ${outcome.error}`;
  }
  return error;
}
