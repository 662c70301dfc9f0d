import type { Locator, Page } from '@playwright/test';
import { actDirectly, type DirectChange } from './direct-input.ts';
import { labelOf, locateField, matchOption, type ControlState, type FieldLocation } from './locate.ts';
import { BROWSERGYM_ACTIONS, isBrowserGymAction, type BrowserGymActionName } from './browsergym-actions.ts';
import { ActionProblem, isPageAction, PAGE_ACTIONS, PageRefusal, type ElementKey, type PageActionContext, type PageActionName } from './page-actions.ts';
import { actionError, firstLine, PAGE_GONE, refused } from './action-errors.ts';
import { ActionFailure, stepOrFailure } from './step-failure.ts';
import { formatAction, type Action, type ActionArg, type ActionName } from '../action-set/signatures.ts';
import { callIsolated } from '../values/page-session.ts';

/** `byPage`: the page refused the value (PageRefusal), as opposed to a request it could not carry out. */
export type ActionOutcome = { ok: true; value?: string; note?: string } | { ok: false; error: string; byPage?: true };

export interface ActionRecord {
  action: string;
  ok: boolean;
  error?: string;
  note?: string;
  ms: number;
}

/** Runs a body as a named step (Playwright's test.step in a test), so traces and reports show it. */
export type StepRunner = <T>(title: string, body: () => Promise<T>) => Promise<T>;

export interface ActionLibraryOptions {
  step?: StepRunner;
  /** Per-action wait for an element to become actionable, in ms. */
  timeout?: number;
  /**
   * How field actions set a control: 'user' (default) through Playwright's clicks and typing,
   * with their checks that a user could; 'direct' through the DOM in one call (direct-input.ts),
   * ~1-2 ms instead of ~15-40: for agents that only need the value there (the oracle).
   */
  input?: 'user' | 'direct';
  /** The log to append to (a direct() view shares its library's). */
  log?: ActionRecord[];
}


/**
 * The action library: what an agent can do to a page, as a user would (clicks, typing, key
 * presses through Playwright locators; direct() is the exception, for agents that only need
 * a field's value set, never a model's choice). Every call returns an outcome
 * and is logged: whatever a model asks (the wrong kind of field, a hidden or detached one, a
 * value the control refuses) is an outcome with its reason; only a page or browser that is
 * gone throws.
 */
export class ActionLibrary {
  readonly log: ActionRecord[];
  private readonly step: StepRunner;
  private readonly timeout: number;
  private readonly input: 'user' | 'direct';
  /** The refs of the last snapshot (observe/), with Playwright's own: what a goal task's actions may name. */
  refs?: ReadonlyMap<string, ElementKey>;
  /** run()'s title prefix: set only while run() dispatches, which reaches act() before anything is awaited. */
  private titlePrefix?: string;

  /** `page`: the tab actions work on; a goal task's tab actions move it. */
  constructor(public page: Page, options: ActionLibraryOptions = {}) {
    this.step = options.step ?? ((_title, body) => body());
    this.timeout = options.timeout ?? 5000;
    this.input = options.input ?? 'user';
    this.log = options.log ?? [];
  }

  /** The same library (page, steps, log) with field actions set directly in the DOM (ActionLibraryOptions.input). */
  direct(): ActionLibrary {
    return new ActionLibrary(this.page, { step: this.step, timeout: this.timeout, input: 'direct', log: this.log });
  }

  /** Runs a parsed action (from model text) through the same methods; `prefix` leads its step's title (`step 3 · click("e12")`). */
  run(action: Action, prefix?: string): Promise<ActionOutcome> {
    this.titlePrefix = prefix;
    try {
      return this.dispatch(action);
    } finally {
      this.titlePrefix = undefined;
    }
  }

  private dispatch(action: Action): Promise<ActionOutcome> {
    if (action.name === 'click' && typeof action.args[0] === 'number') return this.click(action.args[0], action.args[1] as number);
    if (isPageAction(action.name) || isBrowserGymAction(action.name)) {
      const perform = { ...PAGE_ACTIONS, ...BROWSERGYM_ACTIONS }[action.name] as (context: PageActionContext, ...args: ActionArg[]) => Promise<unknown>;
      return this.act(action.name, action.args, () => perform(this.pageContext(), ...action.args));
    }
    const method = this[action.name as Exclude<ActionName, PageActionName | BrowserGymActionName>] as (...args: ActionArg[]) => Promise<ActionOutcome>;
    return method.apply(this, action.args);
  }

  private pageContext(): PageActionContext {
    return { page: this.page, timeout: this.timeout, ...(this.refs && { refs: this.refs }), focus: (page) => (this.page = page) };
  }

  modify_text(field: string, value: string) {
    return this.act('modify_text', [field, value], async () => {
      await this.fill(field, 'modify_text', value);
    });
  }

  modify_radio(field: string, value: string | number) {
    return this.act('modify_radio', [field, value], async () => {
      const options = await this.options(field, 'radio');
      const index = optionIndex('radio', field, String(value), options);
      // Already chosen: a user would not click it again (nor would the page see a change).
      if (!options.checked[index]) await this.setChecked(options.boxes[index]!, true);
    });
  }

  /** Leaves exactly the given values checked (a list, or one string with values separated by `|`). */
  modify_checkbox(field: string, values: string[] | string) {
    const wanted = Array.isArray(values) ? values : values.split('|').filter((v) => v !== '');
    return this.act('modify_checkbox', [field, wanted], async () => {
      const options = await this.options(field, 'checkbox');
      const indexes = wanted.map((w) => optionIndex('checkbox', field, w, options));
      for (const [i, box] of options.boxes.entries()) {
        const checked = indexes.includes(i);
        if (options.checked[i] !== checked) await this.setChecked(box, checked);
      }
    });
  }

  modify_select(field: string, value: string | number) {
    return this.act('modify_select', [field, value], async () => {
      const { target: select, state, location, index: control } = await this.single(field);
      if (!state.options) throw new ActionProblem(`field "${field}" is a ${state.type}, not a select`);
      const { options } = state;
      const index = optionIndex('select', field, String(value), options);
      // Already the one chosen: nothing for a user to do.
      if (options.selected.every((selected, i) => selected === (i === index))) return undefined;
      // A select that scripts replaced with a custom widget is hidden: pick the option anyway.
      const force = !state.visible;
      if (this.directs(location)) await this.directly(location, field, control, { kind: 'select', value: options.values[index]! });
      else await select.selectOption({ value: options.values[index]! }, { timeout: this.timeout, force });
      return force ? 'the select is hidden; option chosen on the element' : undefined;
    });
  }

  modify_range(field: string, value: number | string) {
    return this.act('modify_range', [field, value], async () => {
      await this.fill(field, 'modify_range', String(value));
    });
  }

  get_html() {
    return this.act('get_html', [], () => documentHtml(this.page), false);
  }

  /** A PNG of the viewport, base64. */
  capture_screen() {
    return this.act('capture_screen', [], async () => (await this.page.screenshot()).toString('base64'), false);
  }

  /** Table 3's click at a point of the viewport (a goal task's click by ref goes through run). */
  click(x: number, y: number) {
    return this.act('click', [x, y], () => this.page.mouse.click(x, y));
  }

  type(text: string) {
    return this.act('type', [text], () => this.page.keyboard.type(text));
  }

  /** scroll("up" | "down" | "left" | "right"), or scroll(dx, dy) in pixels. */
  scroll(direction: string | number, dy?: number) {
    return this.act('scroll', dy === undefined ? [direction] : [direction, dy], async () => {
      const viewport = this.page.viewportSize() ?? { width: 1280, height: 800 };
      const step = { up: [0, -viewport.height / 2], down: [0, viewport.height / 2], left: [-viewport.width / 2, 0], right: [viewport.width / 2, 0] };
      const delta = typeof direction === 'number' ? [direction, dy ?? 0] : step[direction as keyof typeof step];
      if (!delta) throw new ActionProblem(`scroll direction must be up, down, left or right, not "${direction}"`);
      await this.page.mouse.wheel(delta[0]!, delta[1]!);
    });
  }

  /** Headless browsers have no window to maximise: the viewport becomes a full HD screen. */
  maximize() {
    return this.act('maximize', [], () => this.page.setViewportSize({ width: 1920, height: 1080 }));
  }

  /** Waits until a field exists (scripts create some after load). */
  wait_till_loaded(field: string, timeoutMs = this.timeout) {
    return this.act('wait_till_loaded', [field, timeoutMs], async () => {
      const deadline = Date.now() + timeoutMs;
      while (!(await locateField(this.page, field))) {
        if (Date.now() > deadline) throw new ActionProblem(`no field "${field}" appeared within ${timeoutMs} ms`);
        await this.page.waitForTimeout(50);
      }
    });
  }

  scroll_to(field: string) {
    return this.act('scroll_to', [field], async () => {
      const { target } = await this.single(field);
      await target.scrollIntoViewIfNeeded({ timeout: this.timeout });
    });
  }

  private async act(name: ActionName, args: ActionArg[], body: () => Promise<unknown>, logged = true): Promise<ActionOutcome> {
    const title = formatAction({ name, args });
    const prefix = this.titlePrefix;
    const stepTitle = prefix ? `${prefix} · ${title}` : title;
    const started = Date.now();
    const ended = await stepOrFailure(this.step, stepTitle, async (): Promise<ActionOutcome> => {
      try {
        const result = await body();
        return typeof result === 'string' ? (logged ? { ok: true, note: result } : { ok: true, value: result }) : { ok: true };
      } catch (e) {
        // What an agent asked for failed: an outcome (Playwright's reasons, a timeout, a page
        // that navigated meanwhile...). A closed or crashed page, or a bug of ours, is not.
        if (this.page.isClosed() || PAGE_GONE.test(firstLine(e)) || e instanceof TypeError || e instanceof ReferenceError || e instanceof RangeError) throw e;
        const failed = { ok: false as const, error: actionError(e), ...(e instanceof PageRefusal && { byPage: true as const }) };
        // An episode's step (its title prefixed) shows as a failed step; an oracle's retries and a form agent's tries stay quiet.
        if (prefix) throw new ActionFailure(failed);
        return failed;
      }
    });
    const outcome = ended instanceof ActionFailure ? ended.outcome : (ended as ActionOutcome);
    this.log.push({ action: title, ok: outcome.ok, ms: Date.now() - started, ...('error' in outcome && { error: outcome.error }), ...('note' in outcome && outcome.note && { note: outcome.note }) });
    return outcome;
  }

  private async located(field: string): Promise<FieldLocation> {
    const location = await locateField(this.page, field);
    if (!location) throw new ActionProblem(`no field named "${field}" on the page`);
    return location;
  }

  /** The field's first visible control (else its first), as a user would pick. */
  private async single(field: string): Promise<{ target: Locator; state: ControlState; location: FieldLocation; index: number }> {
    const location = await this.located(field);
    const index = Math.max(0, location.states.findIndex((s) => s.visible));
    return { target: location.controls.nth(index), state: location.states[index]!, location, index };
  }

  /** Types into the first visible control of a name, which must be enabled and take typed text. */
  private async fill(field: string, action: 'modify_text' | 'modify_range', value: string): Promise<void> {
    const { target, state, location, index } = await this.single(field);
    const instead = CHOICE_ACTIONS[state.type];
    if (instead) throw new ActionProblem(`field "${field}" is a ${state.type}: ${action} cannot fill it (use ${instead})`);
    if (!state.visible) throw new PageRefusal(`field "${field}" is not visible`);
    if (state.disabled) throw new PageRefusal(`field "${field}" is disabled`);
    if (this.directs(location)) return this.directly(location, field, index, { kind: 'fill', value });
    await target.fill(value, { timeout: this.timeout }).catch(refused(field, value));
  }

  /** Direct input where our own world reaches the field's document; a frame it cannot reach is acted on as a user would. */
  private directs(location: FieldLocation): location is FieldLocation & { path: number[] } {
    return this.input === 'direct' && location.path !== undefined;
  }

  /** A direct action (direct-input.ts); what the control refused is the agent's to hear. */
  private async directly(location: FieldLocation & { path: number[] }, field: string, index: number, change: DirectChange): Promise<void> {
    const refusal = await actDirectly(this.page, location.path, field, index, change);
    if (refusal) throw new PageRefusal(refusal);
  }

  /**
   * The field's boxes of the given type. Templates repeat a group (worked examples in the
   * instructions, alternative blocks shown one at a time): only the boxes a user can click
   * (shown, enabled, taking pointer events, themselves or through their label) count.
   */
  private async options(field: string, type: 'radio' | 'checkbox') {
    const location = await this.located(field);
    const boxes = location.states.flatMap((s, index) => (s.type === type ? [{ ...s, index }] : []));
    if (boxes.length === 0) throw new ActionProblem(`field "${field}" is a ${location.states[0]!.type}, not a ${type}`);
    const pool = boxes.filter((b) => b.usable);
    if (pool.length === 0) throw new PageRefusal(`no option of ${type} "${field}" can be clicked now (hidden, disabled or covered)`);
    return {
      boxes: pool.map((b) => ({ location, field, index: b.index, visible: b.visible })),
      values: pool.map((b) => b.value), labels: pool.map((b) => b.label), checked: pool.map((b) => b.checked),
    };
  }

  /**
   * Clicks the option's label when it has a visible one, as a user does (styled toggles often
   * hide or cover the box itself), else the box: one click on the element the page shows.
   * The probe has just seen it shown and taking pointer events, so the click goes straight to
   * its centre (force: none of Playwright's waits for it to be stable and hit, ~30 ms a click);
   * whatever covers it takes the click, as it would a user's, and the check below sees that.
   */
  private async setChecked({ location, field, index, visible }: Box, checked: boolean): Promise<void> {
    if (this.directs(location)) return this.directly(location, field, index, { kind: 'check', checked });
    const box = location.controls.nth(index);
    const label = labelOf(location, index);
    await (label ?? box).click({ timeout: this.timeout, force: label !== undefined || visible });
    if ((await box.isChecked()) === checked) return;
    if (await box.isVisible()) return box.setChecked(checked, { timeout: this.timeout });
    throw new PageRefusal('the option is hidden and clicking its label did not select it');
  }
}

/** A radio or checkbox option: its field's location and name, its index there, whether the box shows. */
interface Box {
  location: FieldLocation;
  field: string;
  index: number;
  visible: boolean;
}

/**
 * The page's HTML, as page.content() has it, read in our own world (callIsolated: a page's
 * replaced XMLSerializer changes nothing): page.content() runs in Playwright's utility world,
 * which costs ~60 ms to set up in every new document.
 */
export function documentHtml(page: Page): Promise<string> {
  return callIsolated(page, 'reading the HTML', () => (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '') + (document.documentElement?.outerHTML ?? ''), undefined);
}

/** The option a value means (see matchOption), or an outcome that lists the options there are. */
function optionIndex(kind: string, field: string, value: string, options: { values: string[]; labels: string[] }): number {
  const index = matchOption(value, options.values, options.labels);
  if (index < 0) throw new PageRefusal(`${kind} "${field}" has no option "${value}" (options: ${options.values.join(', ')})`);
  return index;
}

/** Fields that are chosen, not typed into, and the action that does it. */
const CHOICE_ACTIONS: Record<string, string> = { radio: 'modify_radio', checkbox: 'modify_checkbox', select: 'modify_select' };
