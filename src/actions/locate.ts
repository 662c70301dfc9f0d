import type { Frame, FrameLocator, Locator, Page } from '@playwright/test';
import { normalizeAnswer, normalizeNumber } from '../metrics/normalize.ts';
import { NON_ANSWER_TYPES } from '../task/types.ts';
import { callIsolated } from '../values/page-session.ts';

/** A CSS string literal for any attribute value (quotes, backslashes, new lines). */
export function cssString(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;
}

/** One form control of a field, as the page shows it when the action starts. */
export interface ControlState {
  /** 'select', 'textarea', or an input's type. */
  type: string;
  value: string;
  checked: boolean;
  disabled: boolean;
  /** Rendered (not display:none, visibility:hidden, or an empty box). */
  visible: boolean;
  /** A box a user can click: enabled, and it or its label shown and taking pointer events. */
  usable: boolean;
  label: string;
  /** The label a user would click instead of the box, when one is shown. */
  clickLabel?: { enclosing: true } | { enclosing: false; for: string };
  /** A select's options. */
  options?: { values: string[]; labels: string[]; selected: boolean[] };
}

export interface FieldLocation {
  /** Where locators find its controls: the page, a frame reached through its frame elements, or a frame our world cannot reach. */
  scope: Page | FrameLocator | Frame;
  /**
   * The frame elements from the main document down to the field's document (the index of each
   * among its document's iframe and frame elements), when our isolated world reaches it
   * (callIsolated): direct input works only there.
   */
  path?: number[];
  /** Every answer-taking form control with the field's name, in page order (the light DOM, as the read-back sees it). */
  controls: Locator;
  states: ControlState[];
}

/** A document's frame elements, as the probes and Playwright's light-DOM CSS both number them. */
export const FRAME_ELEMENTS = 'iframe, frame';

/**
 * Runs in a world of our own (callIsolated): for each name, the controls named so, everything
 * an action checks before acting, in one call (each Playwright query is a round trip; the
 * read-back finds fields the same way), in the main document or else in the frames it reaches,
 * depth first. Elements are told apart by their tag, not `instanceof` (a frame's elements
 * belong to another window). No named helper functions inside: it runs through frame.evaluate
 * too, where tsx's `__name` calls would find no such function.
 */
function probeInPage({ names, nonAnswer, frames }: { names: string[]; nonAnswer: readonly string[]; frames: string }): ({ path: number[]; states: ControlState[] } | null)[] {
  return names.map((name) => {
    for (const stack: { doc: Document; path: number[] }[] = [{ doc: document, path: [] }]; stack.length; ) {
      const { doc, path } = stack.pop()!;
      const controls = Array.from(doc.getElementsByName(name)).filter((e) => (e.localName === 'input' && !nonAnswer.includes((e as HTMLInputElement).type))
        || e.localName === 'select' || e.localName === 'textarea') as (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[];
      if (controls.length) {
        const view = doc.defaultView ?? window;
        return { path, states: controls.map((control): ControlState => {
          const select = control.localName === 'select' ? (control as HTMLSelectElement) : null;
          const type = select ? 'select' : control.localName === 'textarea' ? 'textarea' : control.type;
          const label = control.labels?.[0] ?? control.closest('label');
          const box = control.getBoundingClientRect();
          const state: ControlState = {
            type, value: control.value, checked: control.localName === 'input' && (control as HTMLInputElement).checked, disabled: control.disabled,
            visible: type !== 'hidden' && control.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0,
            usable: !control.disabled && [label, control].some((e) => e !== null
              && e.checkVisibility({ visibilityProperty: true }) && view.getComputedStyle(e).pointerEvents !== 'none'),
            label: (label?.textContent ?? '').trim(),
          };
          const labelShown = label !== null && label.checkVisibility({ visibilityProperty: true });
          if (labelShown) state.clickLabel = label.contains(control) ? { enclosing: true } : { enclosing: false, for: label.htmlFor };
          if (select) {
            const options = Array.from(select.options);
            state.options = { values: options.map((o) => o.value), labels: options.map((o) => o.label), selected: options.map((o) => o.selected) };
          }
          return state;
        }) };
      }
      const inner = Array.from(doc.querySelectorAll(frames)).map((f) => (f as HTMLIFrameElement).contentDocument);
      for (let i = inner.length - 1; i >= 0; i--) if (inner[i]) stack.push({ doc: inner[i]!, path: [...path, i] }); // null: sandboxed or another origin
    }
    return null;
  });
}

/** Controls that take an answer, as the probe keeps them: a button sharing a field's name is never acted on. */
const ANSWER_CONTROLS = `input${NON_ANSWER_TYPES.map((t) => `:not([type=${t} i])`).join('')}, select, textarea`;

/**
 * The form controls of each name, probed in our own world (nothing a page script replaced
 * changes what is found), all in one call: in the page or the frames its documents reach.
 * Failing that (unless `inOtherWorlds` is false: for direct input alone), in the frames they
 * cannot reach (sandboxed, another origin), probed in those frames' own world, as Playwright
 * lists them; no direct input there (FieldLocation.path).
 */
export async function locateFields(page: Page, names: string[], { inOtherWorlds = true } = {}): Promise<(FieldLocation | undefined)[]> {
  const args = (wanted: string[]) => ({ names: wanted, nonAnswer: NON_ANSWER_TYPES, frames: FRAME_ELEMENTS });
  const controls = (scope: FieldLocation['scope'], name: string) => scope.locator(`css:light=:is(${ANSWER_CONTROLS})[name=${cssString(name)}]`);
  const found = await callIsolated(page, 'finding fields', probeInPage, args(names));
  return Promise.all(names.map(async (name, n) => {
    const here = found[n];
    if (here) {
      let scope: Page | FrameLocator = page;
      for (const index of here.path) scope = scope.locator(`css:light=${FRAME_ELEMENTS}`).nth(index).contentFrame();
      return { scope, path: here.path, controls: controls(scope, name), states: here.states };
    }
    for (const frame of inOtherWorlds ? page.frames().slice(1) : []) {
      // A frame that navigates or detaches meanwhile simply has no field.
      const states = (await frame.evaluate(probeInPage, args([name])).catch(() => null))?.[0]?.states;
      if (states) return { scope: frame, controls: controls(frame, name), states };
    }
    return undefined;
  }));
}

/** One field's controls (locateFields). */
export async function locateField(page: Page, name: string): Promise<FieldLocation | undefined> {
  return (await locateFields(page, [name]))[0];
}

/** The label to click for control `index` of a location (see ControlState.clickLabel). */
export function labelOf(location: FieldLocation, index: number): Locator | undefined {
  const how = location.states[index]?.clickLabel;
  if (!how) return undefined;
  return how.enclosing
    ? location.controls.nth(index).locator('xpath=ancestor::label[1]')
    : location.scope.locator(`css:light=label[for=${cssString(how.for)}]`).first();
}

/**
 * The index of the option a gold or model value means. Gold labels and the DOM may differ
 * only in number form ('-1.0' vs '-1') or case and punctuation; labels are tried last.
 */
export function matchOption(wanted: string, values: string[], labels: string[] = []): number {
  const tries: ((v: string) => string)[] = [(v) => v, normalizeNumber, (v) => normalizeAnswer(normalizeNumber(v))];
  for (const norm of tries) {
    const target = norm(wanted);
    const index = values.findIndex((v) => norm(v) === target);
    if (index >= 0) return index;
  }
  const target = normalizeAnswer(wanted);
  return target === '' ? -1 : labels.findIndex((l) => normalizeAnswer(l) === target);
}
