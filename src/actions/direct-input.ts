import type { Frame } from '@playwright/test';
import { NON_ANSWER_TYPES } from '../task/types.ts';

/** What a direct action does to one control of a field. */
export type DirectChange = { kind: 'check'; checked: boolean } | { kind: 'fill'; value: string } | { kind: 'select'; value: string };

interface DirectRequest {
  name: string;
  nonAnswer: readonly string[];
  /** The control's index among the field's answer-taking controls (as locate.ts's probe lists them). */
  index: number;
  change: DirectChange;
}

/**
 * Runs in the page: gives control `index` of a field its value with the DOM's own calls, as
 * Playwright's fill and selectOption end up doing, minus their waits and round trips. A box is
 * clicked through its shown label as a user would (label.click() runs the label's activation,
 * so the page's click, input and change handlers all fire); text is set through the element's
 * own value setter (frameworks that track the property see it) with input and change events,
 * and cut to maxlength as typing would be; a select's option is chosen and input and change
 * fire. Returns why the control refused, or null. No named helper functions inside (see
 * locate.ts's probe).
 */
function actInPage({ name, nonAnswer, index, change }: DirectRequest): string | null {
  const controls = Array.from(document.getElementsByName(name)).filter((e): e is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
    (e instanceof HTMLInputElement && !nonAnswer.includes(e.type)) || e instanceof HTMLSelectElement || e instanceof HTMLTextAreaElement);
  const control = controls[index];
  if (!control) return `field "${name}" changed on the page before the action`;
  if (control.disabled) return `field "${name}" is disabled`;
  if (change.kind === 'check') {
    if (!(control instanceof HTMLInputElement)) return `field "${name}" is not a box`;
    const label = control.labels?.[0] ?? control.closest('label');
    const shown = label !== null && label.checkVisibility({ visibilityProperty: true }) ? label : null;
    if (control.checked !== change.checked) (shown ?? control).click();
    // Clicking the label did not do it (a page that handles the label itself): the box, as Playwright's setChecked would.
    if (control.checked !== change.checked && control.checkVisibility({ visibilityProperty: true })) control.click();
    return control.checked === change.checked ? null : 'the option did not take the click';
  }
  control.focus();
  if (change.kind === 'select') {
    if (!(control instanceof HTMLSelectElement)) return `field "${name}" is not a select`;
    const chosen = Array.from(control.options).find((o) => o.value === change.value);
    if (!chosen) return `select "${name}" has no option "${change.value}"`;
    // Unselecting a single select's only selected option would select its first: select the one.
    if (control.multiple) for (const option of Array.from(control.options)) option.selected = option === chosen;
    else chosen.selected = true;
  } else {
    if (control instanceof HTMLSelectElement) return `field "${name}" is a select`;
    if (control.readOnly) return `field "${name}" is read-only`;
    if (control.type === 'number' && change.value.trim() !== '' && Number.isNaN(Number(change.value))) return `${JSON.stringify(change.value)} is not a valid value for "${name}": Cannot type text into input[type=number]`;
    const value = control.maxLength >= 0 ? change.value.slice(0, control.maxLength) : change.value;
    // The element class's own setter: a page's subclass or framework may wrap the property.
    Object.getOwnPropertyDescriptor((control instanceof HTMLTextAreaElement ? HTMLTextAreaElement : HTMLInputElement).prototype, 'value')!.set!.call(control, value);
    // The browser refused the value (a malformed date, a colour that is none).
    if (value !== '' && control.value === '') return `Malformed value "${value}"`;
  }
  control.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
  return null;
}

/** Gives a field's control its value in the page (actInPage): the reason it refused, or undefined. */
export async function actDirectly(frame: Frame, name: string, index: number, change: DirectChange): Promise<string | undefined> {
  return (await frame.evaluate(actInPage, { name, nonAnswer: NON_ANSWER_TYPES, index, change })) ?? undefined;
}
