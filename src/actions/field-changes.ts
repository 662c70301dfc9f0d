import { ACTION_SIGNATURES, type Action, type ActionName } from '../action-set/signatures.ts';
import type { DirectChange } from './direct-input.ts';
import { matchOption, type FieldLocation } from './locate.ts';
import { ActionProblem, PageRefusal } from './page-actions.ts';

/** One control of a field given a value: its index among the field's controls (locate.ts). */
export interface ControlChange {
  index: number;
  change: DirectChange;
}

/** What a field action does to its field's controls, in order, and what its outcome notes. */
export interface FieldChanges {
  changes: ControlChange[];
  note?: string;
}

/** The actions that set a field (planned here, from the field as probed): the action set's modify_*. */
export type FieldActionName = Extract<ActionName, `modify_${string}`>;
export const FIELD_ACTIONS: readonly FieldActionName[] = (Object.keys(ACTION_SIGNATURES) as ActionName[]).filter((name): name is FieldActionName => name.startsWith('modify_'));

export const isFieldAction = (action: Action): action is Action & { name: FieldActionName } => (FIELD_ACTIONS as readonly string[]).includes(action.name);

/** A checkbox action's values: a list, or one string with values separated by `|`. */
export const checkboxValues = (values: unknown): string[] => (Array.isArray(values) ? values.map(String) : String(values).split('|').filter((v) => v !== ''));

/**
 * The changes a field action makes, decided from its field as the probe saw it (locate.ts),
 * whether they are then made directly or as a user would. Throws ActionProblem when the action
 * does not fit the field (text into a radio), PageRefusal when the page does not let it now
 * (hidden, disabled, no such option). A choice already made asks for no change.
 */
export function fieldChanges(location: FieldLocation, action: Action): FieldChanges {
  const field = String(action.args[0]);
  const value = action.args[1];
  switch (action.name as FieldActionName) {
    case 'modify_text':
    case 'modify_range':
      return { changes: [fillChange(location, field, action.name, String(value))] };
    case 'modify_radio': {
      const pool = boxes(location, field, 'radio');
      const box = pool[optionIndex('radio', field, String(value), pool)]!;
      return { changes: box.checked ? [] : [{ index: box.index, change: { kind: 'check', checked: true } }] };
    }
    case 'modify_checkbox': {
      const pool = boxes(location, field, 'checkbox');
      const wanted = checkboxValues(value).map((w) => optionIndex('checkbox', field, w, pool));
      return { changes: pool.flatMap((box, i) => (box.checked === wanted.includes(i) ? [] : [{ index: box.index, change: { kind: 'check' as const, checked: !box.checked } }])) };
    }
    case 'modify_select': {
      const index = firstVisible(location);
      const { options, type, visible } = location.states[index]!;
      if (!options) throw new ActionProblem(`field "${field}" is a ${type}, not a select`);
      const chosen = optionIndex('select', field, String(value), options);
      // Already the one chosen: nothing for a user to do.
      if (options.selected.every((selected, i) => selected === (i === chosen))) return { changes: [] };
      const change = { index, change: { kind: 'select' as const, value: options.values[chosen]! } };
      // A select that scripts replaced with a custom widget is hidden: the option is picked anyway.
      return visible ? { changes: [change] } : { changes: [change], note: 'the select is hidden; option chosen on the element' };
    }
    default:
      throw new Error(`${action.name} is not a field action`);
  }
}

/** The field's first visible control (else its first), as a user would pick. */
export const firstVisible = (location: FieldLocation): number => Math.max(0, location.states.findIndex((s) => s.visible));

/** Typing into the first visible control of a name, which must be enabled and take typed text. */
function fillChange(location: FieldLocation, field: string, action: string, value: string): ControlChange {
  const index = firstVisible(location);
  const state = location.states[index]!;
  const instead = CHOICE_ACTIONS[state.type];
  if (instead) throw new ActionProblem(`field "${field}" is a ${state.type}: ${action} cannot fill it (use ${instead})`);
  if (!state.visible) throw new PageRefusal(`field "${field}" is not visible`);
  if (state.disabled) throw new PageRefusal(`field "${field}" is disabled`);
  return { index, change: { kind: 'fill', value } };
}

/**
 * The field's boxes of the given type. Templates repeat a group (worked examples in the
 * instructions, alternative blocks shown one at a time): only the boxes a user can click
 * (shown, enabled, taking pointer events, themselves or through their label) count.
 */
function boxes(location: FieldLocation, field: string, type: 'radio' | 'checkbox') {
  const all = location.states.flatMap((s, index) => (s.type === type ? [{ ...s, index }] : []));
  if (all.length === 0) throw new ActionProblem(`field "${field}" is a ${location.states[0]!.type}, not a ${type}`);
  const pool = all.filter((b) => b.usable);
  if (pool.length === 0) throw new PageRefusal(`no option of ${type} "${field}" can be clicked now (hidden, disabled or covered)`);
  return Object.assign(pool, { values: pool.map((b) => b.value), labels: pool.map((b) => b.label) });
}

/** The option a value means (see matchOption), or a refusal that lists the options there are. */
function optionIndex(kind: string, field: string, value: string, options: { values: string[]; labels: string[] }): number {
  const index = matchOption(value, options.values, options.labels);
  if (index < 0) throw new PageRefusal(`${kind} "${field}" has no option "${value}" (options: ${options.values.join(', ')})`);
  return index;
}

/** Fields that are chosen, not typed into, and the action that does it. */
const CHOICE_ACTIONS: Record<string, string> = { radio: 'modify_radio', checkbox: 'modify_checkbox', select: 'modify_select' };
