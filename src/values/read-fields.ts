import type { Frame, Page } from '@playwright/test';
import { NON_ANSWER_TYPES, type Answer, type ControlType } from '../task/types.ts';

/** A field as the live page has it, after its scripts ran. */
export interface FieldState {
  name: string;
  found: boolean;
  /** The control's kind (from the DOM: a dynamic field's kind is only known here). */
  type?: ControlType;
  visible: boolean;
  /** Radio/checkbox values or select option values, in page order. */
  options?: string[];
  min?: number;
  max?: number;
  step?: number;
  /** The value a submit would send: checked values for checkboxes, '' when none. */
  value: Answer;
  /** A select that takes several options (its value: the chosen ones joined by '|'). */
  multiple?: boolean;
  /**
   * Radio group, single select: the value form.reset() restores, i.e. what nobody touched
   * shows: the radio marked checked (else ''), the option marked selected (else the first enabled one).
   */
  resetValue?: string;
  /** Why the field cannot be read or filled by the action library. */
  unsupported?: string;
  /** URL of the frame holding it, when not the main frame. */
  frame?: string;
}

type InPageState = Omit<FieldState, 'frame'>;

/**
 * Runs in the page: every named field in one pass. Several elements may share a name (radio
 * groups, repeated inputs); the first visible one stands for a repeated non-radio input.
 * No named helper functions inside: tsx would wrap them in a `__name` call the page lacks.
 */
function readInPage({ names, nonAnswer }: { names: string[]; nonAnswer: readonly string[] }): InPageState[] {
  return names.map((name): InPageState => {
    const all = Array.from(document.getElementsByName(name));
    // Crowd elements (crowd-checkbox, crowd-input, crowd-slider) hold a native control of their name.
    const named = all.filter((e): e is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement =>
      e instanceof HTMLInputElement || e instanceof HTMLSelectElement || e instanceof HTMLTextAreaElement || e instanceof HTMLButtonElement);
    // Buttons and file inputs carry no answer: they stand for the name only when nothing else has it.
    const answering = named.filter((e) => !(e instanceof HTMLButtonElement) && !nonAnswer.includes(e.type));
    const controls = answering.length ? answering : named;
    if (controls.length === 0) {
      const custom = all.find((e) => e.tagName.includes('-'));
      return custom
        ? { name, found: true, visible: true, value: '', unsupported: `<${custom.tagName.toLowerCase()}> is a custom element without a form control inside` }
        : { name, found: false, visible: false, value: '' };
    }
    const visible = controls.filter((e) => e.checkVisibility({ visibilityProperty: true }) && e.type !== 'hidden');
    const first = visible[0] ?? controls[0]!;
    const type = (first instanceof HTMLSelectElement ? 'select' : first instanceof HTMLTextAreaElement ? 'textarea' : first.type) as ControlType;
    const state: InPageState = { name, found: true, type, visible: visible.length > 0, value: '' };
    if (type === 'radio' || type === 'checkbox') {
      const boxes = controls.filter((e): e is HTMLInputElement => e instanceof HTMLInputElement && e.type === type);
      state.options = boxes.map((b) => b.value);
      const checked = boxes.filter((b) => b.checked).map((b) => b.value);
      state.value = type === 'checkbox' ? checked : (checked[0] ?? '');
      // Of several radios marked checked in the HTML, the parser keeps the last.
      if (type === 'radio') state.resetValue = boxes.filter((b) => b.defaultChecked).at(-1)?.value ?? '';
    } else if (first instanceof HTMLSelectElement) {
      const options = Array.from(first.options);
      state.options = options.map((o) => o.value);
      if (first.multiple) {
        state.multiple = true;
        state.value = Array.from(first.selectedOptions).map((o) => o.value).join('|');
      } else {
        state.value = first.value;
        state.resetValue = (options.filter((o) => o.defaultSelected).at(-1) ?? options.find((o) => !o.disabled))?.value ?? '';
      }
    } else {
      state.value = first.value;
      if (first instanceof HTMLInputElement && type === 'range') {
        state.min = Number(first.min || 0);
        state.max = Number(first.max || 100);
        state.step = first.step === 'any' ? 0 : Number(first.step || 1);
      }
    }
    return state;
  });
}

/** Reads every named field from the page and its frames (a field is taken from the first frame that has it). */
export async function readFields(page: Page, names: string[]): Promise<FieldState[]> {
  const main = page.mainFrame();
  const states = await readFrame(main, names);
  const missing = () => states.filter((s) => !s.found).map((s) => s.name);
  for (const frame of page.frames()) {
    if (frame === main || missing().length === 0) continue;
    const found = (await readFrame(frame, missing()).catch(() => [])).filter((s) => s.found);
    for (const s of found) states[states.findIndex((t) => t.name === s.name)] = { ...s, frame: frame.url() };
  }
  return states;
}

function readFrame(frame: Frame, names: string[]): Promise<FieldState[]> {
  return frame.evaluate(readInPage, { names, nonAnswer: NON_ANSWER_TYPES });
}
