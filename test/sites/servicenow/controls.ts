import { escape } from '../stand-in.ts';
import type { Field, Tables } from './tables.ts';

// The form controls the stand-in's classic pages share: a field's control by its dictionary type
// (a choice's select, a boolean's checkbox or select, a reference's input with ServiceNow's
// suggestions, text), as a list's condition builder and a form draw them.

/** JSON inside a script element: nothing in it can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** A field as the page's script needs it: a reference's candidates are the referenced records' display values. */
export interface ClientField {
  type: Field['type'];
  choices?: Record<string, string>;
  candidates?: { id: string; label: string }[];
}

/**
 * A reference's suggestions as ServiceNow's AJAXReferenceCompleter shows them: typing lists the
 * candidates whose display value starts with the text (any case), each `[id^=ac_option_]`
 * with its `.ac_cell`; choosing one keeps its sys_id on the input (data-sys-id) and says its
 * display value. Text typed after a choice undoes it.
 */
export const REFERENCE_SCRIPT = `
function attachReference(input, candidates) {
  const box = document.createElement('div');
  box.className = 'ac_results';
  box.setAttribute('role', 'listbox');
  input.after(box);
  input.setAttribute('aria-expanded', 'false');
  input.addEventListener('input', () => {
    delete input.dataset.sysId;
    const typed = input.value.toLowerCase();
    box.replaceChildren(...candidates.filter((c) => typed && c.label.toLowerCase().startsWith(typed)).map((c, i) => {
      const option = document.createElement('div');
      option.id = 'ac_option_' + i;
      option.setAttribute('role', 'option');
      const cell = document.createElement('span');
      cell.className = 'ac_cell';
      cell.textContent = c.label;
      option.append(cell);
      option.addEventListener('click', () => {
        input.value = c.label;
        input.dataset.sysId = c.id;
        box.replaceChildren();
        input.setAttribute('aria-expanded', 'false');
        input.dispatchEvent(new Event('change', { bubbles: true }));
      });
      return option;
    }));
    input.setAttribute('aria-expanded', String(box.children.length > 0));
  });
}`;

/** A field's control named `name` (its id too), labelled `label`; a reference's is wired by attachReference. */
export function controlHtml(name: string, label: string, field: ClientField | undefined): string {
  const id = escape(name);
  const labelled = `<label for="${id}">${escape(label)}</label>`;
  switch (field?.type) {
    case 'boolean': return `<input type="checkbox" id="${id}" name="${id}" value="true">${labelled}`;
    case 'choice': return `${labelled}<select id="${id}" name="${id}"><option value="">-- None --</option>${Object.entries(field.choices ?? {}).map(([v, l]) => `<option value="${escape(v)}">${escape(l)}</option>`).join('')}</select>`;
    case 'reference': return `<label for="sys_display.${id}">${escape(label)}</label><input id="sys_display.${id}" name="sys_display.${id}" data-reference="${id}" autocomplete="off"><input type="hidden" name="${id}">`;
    default: return `${labelled}<input id="${id}" name="${id}">`;
  }
}

/** A table's fields for the page's script: each reference with its candidates. */
export function clientFields(tables: Tables, name: string): Record<string, ClientField> {
  const fields = tables.table(name)?.fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([field, type]) => {
    if (type.type !== 'reference') return [field, type];
    const candidates = (tables.table(type.reference)?.records ?? []).map((r) => ({ id: r.sys_id, label: r[type.display] ?? '' })).filter((c) => c.label);
    return [field, { type: type.type, candidates }];
  }));
}
