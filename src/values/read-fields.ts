import type { Page } from '@playwright/test';
import { callIsolated } from './page-session.ts';
import { settleInPage, type Unsettled } from './settle.ts';
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

/**
 * Runs in the page: every named field in one pass, in the document and then in its frames
 * (those it can reach, in document order, depth first as page.frames() lists them; a field is
 * taken from the first document that has it).
 * Several elements may share a name (radio groups, repeated inputs); the first visible one
 * stands for a repeated non-radio input. Elements are told apart by their tag, not by
 * `instanceof` (a frame's elements belong to another window). No named helper functions
 * inside: tsx would wrap them in a `__name` call the page lacks.
 */
function readInPage({ names, nonAnswer }: { names: string[]; nonAnswer: readonly string[] }): FieldState[] {
  const documents: Document[] = [];
  for (const stack: Document[] = [document]; stack.length; ) {
    const doc = stack.pop()!;
    documents.push(doc);
    const inner = Array.from(doc.querySelectorAll('iframe, frame')).map((f) => (f as HTMLIFrameElement).contentDocument);
    stack.push(...(inner.filter((d) => d !== null) as Document[]).reverse()); // null: sandboxed or another origin
  }
  return names.map((name): FieldState => {
    let all: HTMLElement[] = [];
    let holder = document;
    for (const doc of documents) {
      all = Array.from(doc.getElementsByName(name));
      holder = doc;
      if (all.length) break;
    }
    const where = holder === document ? {} : { frame: holder.URL };
    // Crowd elements (crowd-checkbox, crowd-input, crowd-slider) hold a native control of their name.
    const named = all.filter((e) => ['input', 'select', 'textarea', 'button'].includes(e.localName)) as (HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | HTMLButtonElement)[];
    // Buttons and file inputs carry no answer: they stand for the name only when nothing else has it.
    const answering = named.filter((e) => e.localName !== 'button' && !nonAnswer.includes(e.type));
    const controls = answering.length ? answering : named;
    if (controls.length === 0) {
      const custom = all.find((e) => e.localName.includes('-'));
      return custom
        ? { name, found: true, visible: true, value: '', unsupported: `<${custom.localName}> is a custom element without a form control inside`, ...where }
        : { name, found: false, visible: false, value: '' };
    }
    const visible = controls.filter((e) => e.checkVisibility({ visibilityProperty: true }) && e.type !== 'hidden');
    const first = visible[0] ?? controls[0]!;
    const type = (first.localName === 'select' || first.localName === 'textarea' ? first.localName : first.type) as ControlType;
    const state: FieldState = { name, found: true, type, visible: visible.length > 0, value: '', ...where };
    if (type === 'radio' || type === 'checkbox') {
      const boxes = controls.filter((e) => e.localName === 'input' && e.type === type) as HTMLInputElement[];
      state.options = boxes.map((b) => b.value);
      const checked = boxes.filter((b) => b.checked).map((b) => b.value);
      state.value = type === 'checkbox' ? checked : (checked[0] ?? '');
      // Of several radios marked checked in the HTML, the parser keeps the last.
      if (type === 'radio') state.resetValue = boxes.filter((b) => b.defaultChecked).at(-1)?.value ?? '';
    } else if (first.localName === 'select') {
      const select = first as HTMLSelectElement;
      const options = Array.from(select.options);
      state.options = options.map((o) => o.value);
      if (select.multiple) {
        state.multiple = true;
        state.value = Array.from(select.selectedOptions).map((o) => o.value).join('|');
      } else {
        state.value = select.value;
        state.resetValue = (options.filter((o) => o.defaultSelected).at(-1) ?? options.find((o) => !o.disabled))?.value ?? '';
      }
    } else {
      state.value = first.value;
      if (type === 'range') {
        const input = first as HTMLInputElement;
        state.min = Number(input.min || 0);
        state.max = Number(input.max || 100);
        state.step = input.step === 'any' ? 0 : Number(input.step || 1);
      }
    }
    return state;
  });
}

/**
 * Reads every named field from the page and its frames, in a world of its own (callIsolated):
 * a page script that replaced a built-in (`Array.from`) or put a getter on an element's
 * `value` changes nothing of what is read. Only what the DOM holds counts, which is what a
 * submit would send.
 */
export async function readFields(page: Page, names: string[]): Promise<FieldState[]> {
  return (await readDocumentFields(page, names, {})).states;
}

/** What a read of an instance's fields does besides, in the same call. */
export interface DocumentRead {
  /** Marks the document as the instance's (when it is first read). */
  mark?: string;
  /** Lets the page settle first (settleInPage, settleArgs). */
  settle?: Parameters<typeof settleInPage>[0];
}

export interface DocumentFields {
  states: FieldState[];
  /** The document's address (with its #fragment). */
  url: string;
  /** The mark the document had before this read (its first, when marked again): another document has none. */
  marked?: string;
  /** The page still moved when it was read (the settle hit its bound). */
  unsettled?: Unsettled;
}

/**
 * readFields, with what tells the instance's document from another in the same call: a mark on
 * our world's global, which a new document does not have (its world is a new one) and a
 * pushState or #fragment keeps (Chromium gives the same world for the same name within a
 * document, though callIsolated asks again after those: specs/harness/isolation.spec.ts, "a
 * page that navigates away"). A document is marked once: a second mark (another fields
 * evaluator of the instance) keeps the first. One call where there were three (the document's
 * id, the settle, the read), and the read is of the very document the mark is checked in.
 */
export async function readDocumentFields(page: Page, names: string[], also: DocumentRead): Promise<DocumentFields> {
  const args = { names, nonAnswer: NON_ANSWER_TYPES };
  const read = await callIsolated(page, 'reading the fields', documentReadInPage, { read: args, ...also }, { helpers: { readInPage, settleInPage } });
  const { states } = read;
  // Frames the page's documents cannot reach (sandboxed, other origins): as Playwright lists them.
  for (const frame of page.frames().slice(1)) {
    const missing = states.filter((s) => !s.found).map((s) => s.name);
    if (!missing.length) break;
    const found = (await frame.evaluate(readInPage, { ...args, names: missing }).catch(() => [])).filter((s) => s.found);
    for (const s of found) states[states.findIndex((t) => t.name === s.name)] = { ...s, frame: frame.url() };
  }
  return { states, url: read.url, ...(read.marked !== undefined && { marked: read.marked }), ...(read.unsettled && { unsettled: read.unsettled }) };
}

/** Runs in the page: readDocumentFields's one call. A settle that fails is said, and the page read as it is. */
async function documentReadInPage(
  this: { readInPage: typeof readInPage; settleInPage: typeof settleInPage },
  { read, mark, settle }: DocumentRead & { read: Parameters<typeof readInPage>[0] },
): Promise<{ states: FieldState[]; url: string; marked?: string; unsettled: Unsettled | null }> {
  const started = performance.now();
  const unsettled = settle
    ? await this.settleInPage(settle).catch((e: unknown): Unsettled => ({ waitedMs: Math.round(performance.now() - started), running: [], error: String((e as Error)?.message ?? e).split('\n')[0]! }))
    : null;
  const key = Symbol.for('benchwright.instance');
  const holder = globalThis as unknown as Record<symbol, string | undefined>;
  const marked = holder[key];
  if (mark !== undefined) holder[key] ??= mark;
  return { states: this.readInPage(read), url: location.href, marked, unsettled };
}
