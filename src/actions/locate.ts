import type { Frame, Locator, Page } from '@playwright/test';
import { normalizeAnswer, normalizeNumber } from '../metrics/normalize.ts';
import { NON_ANSWER_TYPES } from '../task/types.ts';

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
  frame: Frame;
  /** Every answer-taking form control with the field's name, in page order (the light DOM, as the read-back sees it). */
  controls: Locator;
  states: ControlState[];
}

/**
 * Runs in the page: the controls named `name`, everything an action checks before acting, in
 * one call (each Playwright query is a round trip; the read-back finds fields the same way).
 * Plain evaluate, in the page's own world: no selector engine to inject into a fresh document.
 * No named helper functions inside: tsx would wrap them in a `__name` call the page lacks.
 */
function probeInPage({ name, nonAnswer }: { name: string; nonAnswer: readonly string[] }): ControlState[] {
  const controls = Array.from(document.getElementsByName(name)).filter((e): e is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
    (e instanceof HTMLInputElement && !nonAnswer.includes(e.type)) || e instanceof HTMLSelectElement || e instanceof HTMLTextAreaElement);
  return controls.map((control): ControlState => {
    const type = control instanceof HTMLSelectElement ? 'select' : control instanceof HTMLTextAreaElement ? 'textarea' : control.type;
    const label = control.labels?.[0] ?? control.closest('label');
    const box = control.getBoundingClientRect();
    const state: ControlState = {
      type, value: control.value, checked: control instanceof HTMLInputElement && control.checked, disabled: control.disabled,
      visible: type !== 'hidden' && control.checkVisibility({ visibilityProperty: true }) && box.width > 0 && box.height > 0,
      usable: !control.disabled && [label, control].some((e) => e !== null
        && e.checkVisibility({ visibilityProperty: true }) && getComputedStyle(e).pointerEvents !== 'none'),
      label: (label?.textContent ?? '').trim(),
    };
    const labelShown = label !== null && label.checkVisibility({ visibilityProperty: true });
    if (labelShown) state.clickLabel = label.contains(control) ? { enclosing: true } : { enclosing: false, for: label.htmlFor };
    if (control instanceof HTMLSelectElement) {
      const options = Array.from(control.options);
      state.options = { values: options.map((o) => o.value), labels: options.map((o) => o.label), selected: options.map((o) => o.selected) };
    }
    return state;
  });
}

/** Controls that take an answer, as the probe keeps them: a button sharing a field's name is never acted on. */
const ANSWER_CONTROLS = `input${NON_ANSWER_TYPES.map((t) => `:not([type=${t} i])`).join('')}, select, textarea`;

/** The form controls named `name` in the page or, failing that, in its frames (main frame first). */
export async function locateField(page: Page, name: string): Promise<FieldLocation | undefined> {
  const frames = [page.mainFrame(), ...page.frames().filter((f) => f !== page.mainFrame())];
  for (const frame of frames) {
    // A frame that navigates or detaches meanwhile simply has no field.
    const states = await frame.evaluate(probeInPage, { name, nonAnswer: NON_ANSWER_TYPES }).catch(() => []);
    if (states.length) return { frame, controls: frame.locator(`css:light=:is(${ANSWER_CONTROLS})[name=${cssString(name)}]`), states };
  }
  return undefined;
}

/** The label to click for control `index` of a location (see ControlState.clickLabel). */
export function labelOf(location: FieldLocation, index: number): Locator | undefined {
  const how = location.states[index]?.clickLabel;
  if (!how) return undefined;
  return how.enclosing
    ? location.controls.nth(index).locator('xpath=ancestor::label[1]')
    : location.frame.locator(`css:light=label[for=${cssString(how.for)}]`).first();
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
