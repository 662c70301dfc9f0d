import type { Locator, Page } from '@playwright/test';
import { locateField, matchOption } from './locate.ts';
import { formatAction, type Action, type ActionArg, type ActionName } from './signatures.ts';

export type Outcome = { ok: true; value?: string; note?: string } | { ok: false; error: string };

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
}

/** A failure the agent should hear about (an Outcome), not an infrastructure error. */
class ActionError extends Error {}

/**
 * The action library: what an agent can do to a page, as a user would (clicks, typing, key
 * presses through Playwright locators, never DOM assignment). Every call returns an outcome
 * and is logged; only a broken page or browser throws.
 */
export class ActionLibrary {
  readonly log: ActionRecord[] = [];
  private readonly step: StepRunner;
  private readonly timeout: number;

  constructor(readonly page: Page, options: ActionLibraryOptions = {}) {
    this.step = options.step ?? ((_title, body) => body());
    this.timeout = options.timeout ?? 5000;
  }

  /** Runs a parsed action (from model text) through the same methods. */
  run(action: Action): Promise<Outcome> {
    const method = this[action.name] as (...args: ActionArg[]) => Promise<Outcome>;
    return method.apply(this, action.args);
  }

  modify_text(field: string, value: string) {
    return this.act('modify_text', [field, value], async () => {
      const target = await this.editable(field);
      await target.fill(value, { timeout: this.timeout }).catch((e: Error) => {
        // A value the input refuses (text in a number input) is the agent's mistake, not the harness's.
        if (e.message.includes('Cannot type text into')) throw new ActionError(`${JSON.stringify(value)} is not a valid value for "${field}": ${firstLine(e)}`);
        throw e;
      });
    });
  }

  modify_radio(field: string, value: string | number) {
    return this.act('modify_radio', [field, value], async () => {
      const option = await this.option(field, 'radio', String(value));
      await this.setChecked(option, true);
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
      const select = await this.single(field);
      const { values, labels } = await select.evaluate((e) => {
        const options = Array.from((e as HTMLSelectElement).options ?? []);
        return { values: options.map((o) => o.value), labels: options.map((o) => o.label) };
      });
      const index = optionIndex('select', field, String(value), { values, labels });
      // A select that scripts replaced with a custom widget is hidden: pick the option anyway.
      const force = !(await select.isVisible());
      await select.selectOption({ value: values[index]! }, { timeout: this.timeout, force });
      return force ? 'the select is hidden; option chosen on the element' : undefined;
    });
  }

  modify_range(field: string, value: number | string) {
    return this.act('modify_range', [field, value], async () => {
      const target = await this.editable(field);
      await target.fill(String(value), { timeout: this.timeout });
    });
  }

  get_html() {
    return this.act('get_html', [], async () => this.page.content(), false);
  }

  /** A PNG of the viewport, base64. */
  capture_screen() {
    return this.act('capture_screen', [], async () => (await this.page.screenshot()).toString('base64'), false);
  }

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
      if (!delta) throw new ActionError(`scroll direction must be up, down, left or right, not "${direction}"`);
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
        if (Date.now() > deadline) throw new ActionError(`no field "${field}" appeared within ${timeoutMs} ms`);
        await this.page.waitForTimeout(50);
      }
    });
  }

  scroll_to(field: string) {
    return this.act('scroll_to', [field], async () => {
      const target = await this.single(field);
      await target.scrollIntoViewIfNeeded({ timeout: this.timeout });
    });
  }

  private async act(name: ActionName, args: ActionArg[], body: () => Promise<unknown>, logged = true): Promise<Outcome> {
    const title = formatAction({ name, args });
    const started = Date.now();
    const outcome = await this.step(title, async (): Promise<Outcome> => {
      try {
        const result = await body();
        return typeof result === 'string' ? (logged ? { ok: true, note: result } : { ok: true, value: result }) : { ok: true };
      } catch (e) {
        if (e instanceof ActionError || isPlaywrightTimeout(e)) return { ok: false, error: firstLine(e) };
        throw e;
      }
    });
    this.log.push({ action: title, ok: outcome.ok, ms: Date.now() - started, ...('error' in outcome && { error: outcome.error }), ...('note' in outcome && outcome.note && { note: outcome.note }) });
    return outcome;
  }

  private async located(field: string) {
    const location = await locateField(this.page, field);
    if (!location) throw new ActionError(`no field named "${field}" on the page`);
    return location.controls;
  }

  private async single(field: string): Promise<Locator> {
    const controls = await this.located(field);
    const visible = controls.filter({ visible: true });
    return (await visible.count()) ? visible.first() : controls.first();
  }

  /** The first visible, enabled control of a name, as a user would pick. */
  private async editable(field: string): Promise<Locator> {
    const target = await this.single(field);
    if (!(await target.isVisible())) throw new ActionError(`field "${field}" is not visible`);
    if (!(await target.isEnabled())) throw new ActionError(`field "${field}" is disabled`);
    return target;
  }

  /**
   * The field's boxes of the given type. Templates repeat a group (worked examples in the
   * instructions, alternative blocks shown one at a time): only the boxes a user can click
   * (shown, enabled, taking pointer events, themselves or through their label) count.
   */
  private async options(field: string, type: 'radio' | 'checkbox') {
    const all = await this.located(field);
    const info = await all.evaluateAll((els) => els.map((e) => {
      const input = e as HTMLInputElement;
      const label = input.labels?.[0] ?? input.closest('label');
      const usable = !input.disabled && [label, input].some((el) => el !== null
        && el.checkVisibility({ visibilityProperty: true }) && getComputedStyle(el).pointerEvents !== 'none');
      return { type: input.type, value: input.value, checked: input.checked, label: (label?.textContent ?? '').trim(), usable };
    }));
    const boxes = info.flatMap((i, index) => (i.type === type ? [{ ...i, index }] : []));
    if (boxes.length === 0) throw new ActionError(`field "${field}" is a ${info[0]?.type}, not a ${type}`);
    const pool = boxes.filter((b) => b.usable);
    if (pool.length === 0) throw new ActionError(`no option of ${type} "${field}" can be clicked now (hidden, disabled or covered)`);
    return {
      boxes: pool.map((b) => all.nth(b.index)), values: pool.map((b) => b.value), labels: pool.map((b) => b.label), checked: pool.map((b) => b.checked),
    };
  }

  private async option(field: string, type: 'radio' | 'checkbox', value: string): Promise<Locator> {
    const options = await this.options(field, type);
    return options.boxes[optionIndex(type, field, value, options)]!;
  }

  /**
   * Clicks the option's label when it has a visible one, as a user does (styled toggles often
   * hide or cover the box itself), else the box: one click on the element the page shows.
   */
  private async setChecked(box: Locator, checked: boolean): Promise<void> {
    // Its label, or the label around it even when that label's `for` names another id.
    const target = await box.evaluateHandle((e) => {
      const input = e as HTMLInputElement;
      if (input.disabled) return null;
      const label = input.labels?.[0] ?? input.closest('label');
      return label && label.checkVisibility({ visibilityProperty: true }) ? label : input;
    });
    const element = target.asElement();
    if (!element) throw new ActionError('the option is disabled');
    await element.click({ timeout: this.timeout });
    if ((await box.isChecked()) === checked) return;
    if (await box.isVisible()) return box.setChecked(checked, { timeout: this.timeout });
    throw new ActionError('the option is hidden and clicking its label did not select it');
  }
}

/** The option a value means (see matchOption), or an outcome that lists the options there are. */
function optionIndex(kind: string, field: string, value: string, options: { values: string[]; labels: string[] }): number {
  const index = matchOption(value, options.values, options.labels);
  if (index < 0) throw new ActionError(`${kind} "${field}" has no option "${value}" (options: ${options.values.join(', ')})`);
  return index;
}

function isPlaywrightTimeout(e: unknown): boolean {
  return e instanceof Error && e.name === 'TimeoutError';
}

const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
