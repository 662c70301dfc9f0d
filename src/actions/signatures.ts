// The actions an agent may take (the paper's Table 3 plus wait_till_loaded and scroll_to), with
// the parameters each takes. One table for the library and for the parser of model text.

export type ParamKind = 'string' | 'number' | 'strings';

export interface ParamSpec {
  name: string;
  kind: ParamKind | ParamKind[];
  optional?: boolean;
}

const p = (name: string, kind: ParamSpec['kind'], optional = false): ParamSpec => ({ name, kind, optional });

export const ACTION_SIGNATURES = {
  modify_text: [p('field', 'string'), p('value', 'string')],
  modify_checkbox: [p('field', 'string'), p('values', ['strings', 'string'])],
  modify_radio: [p('field', 'string'), p('value', ['string', 'number'])],
  modify_select: [p('field', 'string'), p('value', ['string', 'number'])],
  modify_range: [p('field', 'string'), p('value', ['number', 'string'])],
  get_html: [],
  capture_screen: [],
  click: [p('x', 'number'), p('y', 'number')],
  type: [p('text', 'string')],
  scroll: [p('direction', ['string', 'number']), p('dy', 'number', true)],
  maximize: [],
  wait_till_loaded: [p('field', 'string'), p('timeout_ms', 'number', true)],
  scroll_to: [p('field', 'string')],
} as const satisfies Record<string, ParamSpec[]>;

export type ActionName = keyof typeof ACTION_SIGNATURES;
export type ActionArg = string | number | string[];

export interface Action {
  name: ActionName;
  args: ActionArg[];
}

export const isActionName = (name: string): name is ActionName => Object.hasOwn(ACTION_SIGNATURES, name);

/** How an action is written, for logs and step titles: modify_radio("q1", "yes"). */
export function formatAction(action: Action): string {
  return `${action.name}(${action.args.map((a) => JSON.stringify(a)).join(', ')})`;
}
