// The actions an agent may take, with the parameters each takes: one table for the library,
// the parser of model text and the prompts. Form tasks (the paper's Table 3, plus
// wait_till_loaded and scroll_to) name fields; goal tasks (BrowserGym's high-level set) name
// elements by the ref of the last snapshot (`e12`) or, in reference solutions, by a Playwright
// selector. click takes either form: click("e12") or Table 3's click(x, y), told apart by the
// kinds of their arguments. BrowserGym's names for what the set does otherwise (mouse_click,
// keyboard_type...) are actions too, and its extra parameters (click's modifiers, fill's
// enable_autocomplete_menu) are taken but not shown in prompts: docs/observation.md maps them.

export type ParamKind = 'string' | 'number' | 'strings' | 'boolean';

export interface ParamSpec {
  name: string;
  kind: ParamKind | ParamKind[];
  optional?: boolean;
  /** Taken when written (BrowserGym's), never shown: the prompts of earlier runs stay the same. */
  hidden?: boolean;
  /** BrowserGym's names for it, taken as keywords (`bid`, `key_comb`). */
  aliases?: string[];
  /** What it is when a keyword after it skips it. */
  fallback?: ActionArg;
}

const p = (name: string, kind: ParamSpec['kind'], optional = false, aliases?: string[]): ParamSpec => ({ name, kind, optional, ...(aliases && { aliases }) });
const hidden = (name: string, kind: ParamSpec['kind']): ParamSpec => ({ name, kind, optional: true, hidden: true });
const target = p('target', 'string', false, ['bid']);
const button: ParamSpec = { ...p('button', 'string', true), fallback: 'left' };
const x = p('x', 'number');
const y = p('y', 'number');

/** Per action, its forms (most have one): the parser takes the first form the arguments fit. */
export const ACTION_SIGNATURES = {
  modify_text: [[p('field', 'string'), p('value', 'string')]],
  modify_checkbox: [[p('field', 'string'), p('values', ['strings', 'string'])]],
  modify_radio: [[p('field', 'string'), p('value', ['string', 'number'])]],
  modify_select: [[p('field', 'string'), p('value', ['string', 'number'])]],
  modify_range: [[p('field', 'string'), p('value', ['number', 'string'])]],
  get_html: [[]],
  capture_screen: [[]],
  click: [[target, button, hidden('modifiers', 'strings')], [x, y]],
  type: [[p('text', 'string')]],
  scroll: [[p('direction', ['string', 'number'], false, ['delta_x']), p('dy', 'number', true, ['delta_y'])]],
  maximize: [[]],
  wait_till_loaded: [[p('field', 'string'), p('timeout_ms', 'number', true)]],
  scroll_to: [[p('field', 'string')]],
  dblclick: [[target, button, hidden('modifiers', 'strings')]],
  hover: [[target]],
  fill: [[target, p('value', 'string'), hidden('enable_autocomplete_menu', 'boolean')]],
  press: [[target, p('key', 'string', false, ['key_comb'])]],
  keyboard_press: [[p('key', 'string', false, ['key_comb'])]],
  select_option: [[target, p('options', ['string', 'strings'])]],
  check: [[target]],
  uncheck: [[target]],
  drag_and_drop: [[p('from', 'string', false, ['from_bid']), p('to', 'string', false, ['to_bid'])]],
  goto: [[p('url', 'string')]],
  go_back: [[]],
  go_forward: [[]],
  new_tab: [[]],
  tab_focus: [[p('index', 'number')]],
  tab_close: [[]],
  noop: [[p('wait_ms', 'number', true)]],
  send_msg_to_user: [[p('text', 'string')]],
  report_infeasible: [[p('reason', 'string')]],
  // BrowserGym's own names (functions.py), for agents written to its action set.
  focus: [[target]],
  clear: [[target]],
  mouse_click: [[x, y, button]],
  mouse_dblclick: [[x, y, button]],
  mouse_move: [[x, y]],
  mouse_down: [[x, y, button]],
  mouse_up: [[x, y, button]],
  mouse_drag_and_drop: [[p('from_x', 'number'), p('from_y', 'number'), p('to_x', 'number'), p('to_y', 'number')]],
  scroll_at: [[x, y, p('dx', 'number', false, ['delta_x']), p('dy', 'number', false, ['delta_y'])]],
  keyboard_type: [[p('text', 'string')]],
  keyboard_insert_text: [[p('text', 'string')]],
  keyboard_down: [[p('key', 'string')]],
  keyboard_up: [[p('key', 'string')]],
} as const satisfies Record<string, ParamSpec[][]>;

export type ActionName = keyof typeof ACTION_SIGNATURES;

/** What each action does, one line each: the llm agent's step prompt lists the action set with them. */
export const ACTION_HELP: Record<ActionName, string> = {
  modify_text: 'types the value into a text field (replacing what is there)',
  modify_checkbox: 'checks exactly these values of a checkbox group',
  modify_radio: 'chooses this value (or its 0-based index) of a radio group',
  modify_select: 'chooses this option (its value, label or index) of a select',
  modify_range: 'sets a slider to this value',
  get_html: 'returns the page\'s HTML',
  capture_screen: 'takes a screenshot',
  click: 'clicks the element (button: left, middle or right), or the point x, y of the viewport',
  type: 'types the text with the keyboard where the focus is',
  scroll: 'scrolls the page up or down (by dy pixels)',
  maximize: 'makes the window as large as the screen',
  wait_till_loaded: 'waits until the field is on the page',
  scroll_to: 'scrolls the field into view',
  dblclick: 'double-clicks the element',
  hover: 'moves the mouse over the element',
  fill: 'clears the text field and types the value into it',
  press: 'presses a key (Enter, Tab, Control+A, ...) on the element',
  keyboard_press: 'presses a key where the focus is',
  select_option: 'chooses the option(s) of a select, by value or label',
  check: 'checks a checkbox or radio button',
  uncheck: 'unchecks a checkbox',
  drag_and_drop: 'drags the element from onto the element to',
  goto: 'opens the URL in this tab',
  go_back: 'goes back in the tab\'s history',
  go_forward: 'goes forward in the tab\'s history',
  new_tab: 'opens a new, empty tab and focuses it',
  tab_focus: 'focuses the tab with this index',
  tab_close: 'closes this tab',
  noop: 'waits (wait_ms, at most 10 s) and does nothing',
  send_msg_to_user: 'gives the final answer to the user (ends the task)',
  report_infeasible: 'says the task cannot be done, and why (ends the task)',
  focus: 'focuses the element',
  clear: 'empties the text field',
  mouse_click: 'clicks the point x, y of the viewport (button: left, middle or right)',
  mouse_dblclick: 'double-clicks the point x, y',
  mouse_move: 'moves the mouse to the point x, y',
  mouse_down: 'moves the mouse to x, y and presses the button',
  mouse_up: 'moves the mouse to x, y and releases the button',
  mouse_drag_and_drop: 'presses at from_x, from_y, moves to to_x, to_y and releases',
  scroll_at: 'moves the mouse to x, y and turns the wheel by dx, dy pixels',
  keyboard_type: 'types the text with the keyboard where the focus is',
  keyboard_insert_text: 'inserts the text where the focus is, as an input method does (no key events)',
  keyboard_down: 'holds a key down',
  keyboard_up: 'releases a held key',
};
export type ActionArg = string | number | string[] | boolean;

export interface Action {
  name: ActionName;
  args: ActionArg[];
}

export const isActionName = (name: string): name is ActionName => Object.hasOwn(ACTION_SIGNATURES, name);

/** A parameter as messages and agents are told it: `button?` when optional. */
export const describeParam = (spec: ParamSpec) => `${spec.name}${spec.optional ? '?' : ''}`;

/** The parameters of a form that prompts show: BrowserGym's hidden extras left out. */
export const shownParams = (params: readonly ParamSpec[]) => params.filter((spec) => !spec.hidden);

/** An action's forms written out: ['click(target, button?)', 'click(x, y)']. */
export function actionForms(name: ActionName): string[] {
  return (ACTION_SIGNATURES[name] as readonly (readonly ParamSpec[])[]).map((params) => `${name}(${shownParams(params).map(describeParam).join(', ')})`);
}

/** How an action is written, for logs and step titles: modify_radio("q1", "yes"). */
export function formatAction(action: Action): string {
  return `${action.name}(${action.args.map((a) => JSON.stringify(a)).join(', ')})`;
}
