import type { Page } from '@playwright/test';
import { NON_ANSWER_TYPES } from '../task/types.ts';
import { callIsolated } from '../values/page-session.ts';
import { FRAME_ELEMENTS } from './locate.ts';

/** What a direct action does to one control of a field. */
export type DirectChange = { kind: 'check'; checked: boolean } | { kind: 'fill'; value: string } | { kind: 'select'; value: string };

/** A change to one control of a field (field-changes.ts), in the field's document. */
export interface DirectRequest {
  /** The field's document: frame elements from the main document (FieldLocation.path). */
  path: number[];
  name: string;
  /** The control's index among the field's answer-taking controls (as locate.ts's probe lists them). */
  index: number;
  change: DirectChange;
  /** The action it belongs to: after one of its changes is refused, its later ones are not made. */
  action: number;
}

/**
 * Runs in a world of our own (callIsolated), so nothing a page script replaced is used: makes
 * the changes in order, in one call however many (a call is a round trip to the page). Gives
 * control `index` of a field its value with the DOM's own calls, as Playwright's fill and
 * selectOption end up doing, minus their waits and round trips. A box is clicked through its
 * shown label as a user would (label.click() runs the label's activation, so the page's click,
 * input and change handlers all fire); text is set through the element's value setter (ours:
 * frameworks that track the property see the change) with input and change events, and cut to
 * maxlength as typing would be; a select's option is chosen and input and change fire. A box
 * is checked once clicked; whether a value outlasts the page's handlers, the oracle reads back.
 * Returns why each control refused, or null (also for a change not made, as its action's
 * earlier one was refused).
 */
function actInPage({ requests, frames, nonAnswer }: { requests: DirectRequest[]; frames: string; nonAnswer: readonly string[] }): (string | null)[] {
  const refusedActions = new Set<number>();
  return requests.map(({ path, name, index, change, action }) => {
    if (refusedActions.has(action)) return null;
    const refusal = actOn(path, name, index, change);
    if (refusal !== null) refusedActions.add(action);
    return refusal;
  });

  // A named helper is safe here: this runs only through callIsolated, which gives tsx's `__name`.
  function actOn(path: number[], name: string, index: number, change: DirectChange): string | null {
    let doc: Document | null = document;
    for (const i of path) doc = (doc?.querySelectorAll(frames)[i] as HTMLIFrameElement | undefined)?.contentDocument ?? null;
    const controls = Array.from(doc?.getElementsByName(name) ?? []).filter((e) => (e.localName === 'input' && !nonAnswer.includes((e as HTMLInputElement).type))
      || e.localName === 'select' || e.localName === 'textarea') as (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement)[];
    const control = controls[index];
    if (!control) return `field "${name}" changed on the page before the action`;
    if (control.disabled) return `field "${name}" is disabled`;
    if (change.kind === 'check') {
      if (control.localName !== 'input') return `field "${name}" is not a box`;
      const box = control as HTMLInputElement;
      const label = box.labels?.[0] ?? box.closest('label');
      const shown = label !== null && label.checkVisibility({ visibilityProperty: true }) ? label : null;
      // An earlier change of the batch may have hidden it since it was probed.
      if (!shown && !box.checkVisibility({ visibilityProperty: true })) return `the option of "${name}" is hidden`;
      if (box.checked !== change.checked) (shown ?? box).click();
      // Clicking the label did not do it (a page that handles the label itself): the box, as Playwright's setChecked would.
      if (box.checked !== change.checked && box.checkVisibility({ visibilityProperty: true })) box.click();
      return box.checked === change.checked ? null : 'the option did not take the click';
    }
    if (change.kind === 'select') {
      if (control.localName !== 'select') return `field "${name}" is not a select`;
      const options = Array.from((control as HTMLSelectElement).options);
      const chosen = options.find((o) => o.value === change.value);
      if (!chosen) return `select "${name}" has no option "${change.value}"`;
      control.focus();
      // Unselecting a single select's only selected option would select its first: select the one.
      if ((control as HTMLSelectElement).multiple) for (const option of options) option.selected = option === chosen;
      else chosen.selected = true;
    } else {
      if (control.localName === 'select') return `field "${name}" is a select`;
      const text = control as HTMLInputElement | HTMLTextAreaElement;
      if (text.readOnly) return `field "${name}" is read-only`;
      const box = text.getBoundingClientRect();
      if (!text.checkVisibility({ visibilityProperty: true }) || box.width === 0 || box.height === 0) return `field "${name}" is not visible`;
      if (text.type === 'number' && change.value.trim() !== '' && Number.isNaN(Number(change.value))) return `${JSON.stringify(change.value)} is not a valid value for "${name}": Cannot type text into input[type=number]`;
      text.focus();
      const value = text.maxLength >= 0 ? change.value.slice(0, text.maxLength) : change.value;
      // Our world's setter: a property the page defined or wrapped on the element or its class is not in it.
      text.value = value;
      // The browser refused the value (a malformed date, a colour that is none).
      if (value !== '' && text.value === '') return `Malformed value "${value}"`;
    }
    control.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return null;
  }
}

/** Makes the changes in one call, in order: why each control refused, or undefined. */
export async function actDirectly(page: Page, requests: DirectRequest[]): Promise<(string | undefined)[]> {
  const refusals = await callIsolated(page, 'setting fields', actInPage, { requests, frames: FRAME_ELEMENTS, nonAnswer: NON_ANSWER_TYPES });
  return refusals.map((r) => r ?? undefined);
}
