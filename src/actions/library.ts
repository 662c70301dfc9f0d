import type { Page } from '@playwright/test';
import { actDirectly } from './direct-input.ts';
import { setFieldsDirectly } from './direct-batch.ts';
import { checkboxValues, fieldChanges, firstVisible, type ControlChange } from './field-changes.ts';
import { labelOf, locateField, type FieldLocation } from './locate.ts';
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
   * ~1-2 ms instead of ~15-40, and many actions in one step and two calls (runFields): for
   * agents that only need the value there (the oracle).
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
    return this.fieldAction({ name: 'modify_text', args: [field, value] });
  }

  modify_radio(field: string, value: string | number) {
    return this.fieldAction({ name: 'modify_radio', args: [field, value] });
  }

  /** Leaves exactly the given values checked (a list, or one string with values separated by `|`). */
  modify_checkbox(field: string, values: string[] | string) {
    return this.fieldAction({ name: 'modify_checkbox', args: [field, checkboxValues(values)] });
  }

  modify_select(field: string, value: string | number) {
    return this.fieldAction({ name: 'modify_select', args: [field, value] });
  }

  modify_range(field: string, value: number | string) {
    return this.fieldAction({ name: 'modify_range', args: [field, value] });
  }

  /**
   * Field actions set directly in the DOM (ActionLibraryOptions.input 'direct'), in one step and
   * rounds of two page calls however many there are (direct-batch.ts); then, one by one, those
   * the batch left (other actions, fields our world does not reach). As a user would, all one by
   * one. Outcomes in the actions' order, each logged (a batched one with an even share of the
   * batch's time).
   */
  async runFields(actions: Action[]): Promise<ActionOutcome[]> {
    if (this.input !== 'direct' || actions.length === 0) return sequence(actions, (action) => this.run(action));
    const started = Date.now();
    const batched = await this.step(`set ${actions.length} fields directly`, () => setFieldsDirectly(this.page, actions));
    const ms = Math.round((Date.now() - started) / Math.max(1, batched.filter((b) => b !== undefined).length));
    return sequence(actions, async (action, i) => {
      const done = batched[i];
      if (done === undefined) return this.run(action);
      const outcome = done.ok ? { ok: true as const, ...(done.note && { note: done.note }) } : outcomeOf(done.error);
      this.logged(formatAction(action), outcome, ms);
      return outcome;
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
      const location = await this.located(field);
      await location.controls.nth(firstVisible(location)).scrollIntoViewIfNeeded({ timeout: this.timeout });
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
        const failed = outcomeOf(e);
        // An episode's step (its title prefixed) shows as a failed step; an oracle's retries and a form agent's tries stay quiet.
        if (prefix) throw new ActionFailure(failed);
        return failed;
      }
    });
    const outcome = ended instanceof ActionFailure ? ended.outcome : (ended as ActionOutcome);
    this.logged(title, outcome, Date.now() - started);
    return outcome;
  }

  private logged(action: string, outcome: ActionOutcome, ms: number): void {
    this.log.push({ action, ok: outcome.ok, ms, ...('error' in outcome && { error: outcome.error }), ...('note' in outcome && outcome.note && { note: outcome.note }) });
  }

  /** A field action (field-changes.ts): its changes made directly where our world reaches the field, else as a user would. */
  private fieldAction(action: Action): Promise<ActionOutcome> {
    const field = String(action.args[0]);
    return this.act(action.name, action.args, async () => {
      const location = await this.located(field);
      const { changes, note } = fieldChanges(location, action);
      if (changes.length === 0) return note;
      if (this.input === 'direct' && location.path !== undefined) {
        const requests = changes.map((c) => ({ path: location.path!, name: field, action: 0, ...c }));
        const refusal = (await actDirectly(this.page, requests)).find((r) => r !== undefined);
        if (refusal) throw new PageRefusal(refusal);
      } else {
        for (const change of changes) await this.asUser(location, field, change);
      }
      return note;
    });
  }

  /** A change made as a user makes it: a click on the box or its label, typing, an option chosen. */
  private async asUser(location: FieldLocation, field: string, { index, change }: ControlChange): Promise<void> {
    const control = location.controls.nth(index);
    if (change.kind === 'fill') return control.fill(change.value, { timeout: this.timeout }).catch(refused(field, change.value));
    if (change.kind === 'select') {
      await control.selectOption({ value: change.value }, { timeout: this.timeout, force: !location.states[index]!.visible });
      return;
    }
    return this.setChecked(location, index, change.checked);
  }

  private async located(field: string): Promise<FieldLocation> {
    const location = await locateField(this.page, field);
    if (!location) throw new ActionProblem(`no field named "${field}" on the page`);
    return location;
  }

  /**
   * Clicks the option's label when it has a visible one, as a user does (styled toggles often
   * hide or cover the box itself), else the box: one click on the element the page shows.
   * The probe has just seen it shown and taking pointer events, so the click goes straight to
   * its centre (force: none of Playwright's waits for it to be stable and hit, ~30 ms a click);
   * whatever covers it takes the click, as it would a user's, and the check below sees that.
   */
  private async setChecked(location: FieldLocation, index: number, checked: boolean): Promise<void> {
    const box = location.controls.nth(index);
    const label = labelOf(location, index);
    await (label ?? box).click({ timeout: this.timeout, force: label !== undefined || location.states[index]!.visible });
    if ((await box.isChecked()) === checked) return;
    if (await box.isVisible()) return box.setChecked(checked, { timeout: this.timeout });
    throw new PageRefusal('the option is hidden and clicking its label did not select it');
  }
}

/**
 * The page's HTML, as page.content() has it, read in our own world (callIsolated: a page's
 * replaced XMLSerializer changes nothing): page.content() runs in Playwright's utility world,
 * which costs ~60 ms to set up in every new document.
 */
export function documentHtml(page: Page): Promise<string> {
  return callIsolated(page, 'reading the HTML', () => (document.doctype ? new XMLSerializer().serializeToString(document.doctype) : '') + (document.documentElement?.outerHTML ?? ''), undefined);
}

/** A failed action's outcome: `byPage` when the page refused the value (PageRefusal). */
function outcomeOf(e: unknown): ActionOutcome & { ok: false } {
  return { ok: false, error: actionError(e), ...(e instanceof PageRefusal && { byPage: true as const }) };
}

/** Runs `each` on the items one after another (actions on one page never overlap). */
async function sequence<T, R>(items: T[], each: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (const [i, item] of items.entries()) results.push(await each(item, i));
  return results;
}
