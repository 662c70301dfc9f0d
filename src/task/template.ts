import { Parser } from 'htmlparser2';
import { carriesNoAnswer, FIELD_TYPES, type ControlType, type Field } from './types.ts';

/** `${name}` as Turkle and Mechanical Turk write placeholders. */
const PLACEHOLDER = /\$\{([\w.-]+)\}/g;

const KNOWN_TYPES = new Set<string>(FIELD_TYPES);
/** Amazon's crowd elements that are form controls, and the control each renders (crowd-input: its `type`). */
const CROWD_CONTROLS: Record<string, string | undefined> = { 'crowd-checkbox': 'checkbox', 'crowd-slider': 'range', 'crowd-input': undefined };

export interface Placeholder {
  name: string;
  /** Character offset of `${` in the template. */
  offset: number;
}

export interface TemplateScan {
  /**
   * Placeholders outside <script> elements. Inside scripts, `${x}` is as likely to be a
   * JavaScript template literal as a placeholder: Turkle replaces it only when an instance
   * has a value named x, so a missing value there is not an error.
   */
  placeholders: Placeholder[];
  /**
   * The named form controls present in the static HTML, in document order: fields, and
   * buttons and file inputs (which a gold column may name: they are recorded, never scored).
   */
  fields: Field[];
}

/** Reads a template's placeholders and form fields in one pass of an HTML parser. */
export function scanTemplate(html: string): TemplateScan {
  const fields = new Map<string, Field>();
  const scripts: [number, number][] = [];
  let scriptStart = -1;
  let select: Field | undefined;
  let option: { value?: string; text: string } | undefined;

  const add = (name: string | undefined, type: ControlType): Field | undefined => {
    if (!name) return undefined;
    let f = fields.get(name);
    if (!f) {
      f = { name, type, score: true, dynamic: false };
      fields.set(name, f);
    } else if (carriesNoAnswer(f.type) && !carriesNoAnswer(type)) f.type = type; // a field beside a button of its name
    return f;
  };
  const addOption = (f: Field | undefined, value: string) => {
    if (f && !f.options?.includes(value)) (f.options ??= []).push(value);
  };
  const closeOption = () => {
    if (option) addOption(select, option.value ?? option.text.replace(/\s+/g, ' ').trim());
    option = undefined;
  };

  const parser = new Parser(
    {
      onopentag(tag, attrs) {
        if (tag === 'script') scriptStart = parser.startIndex;
        else if (tag === 'textarea') add(attrs.name, 'textarea');
        else if (tag === 'select') select = add(attrs.name, 'select');
        else if (tag === 'button') add(attrs.name, buttonType(attrs.type));
        else if (tag === 'option') {
          closeOption();
          option = { value: attrs.value, text: '' };
        } else if (tag === 'input' || Object.hasOwn(CROWD_CONTROLS, tag)) {
          const type = (CROWD_CONTROLS[tag] ?? attrs.type ?? 'text').trim().toLowerCase();
          // Browsers treat an unknown input type as text.
          const f = add(attrs.name, carriesNoAnswer(type) || KNOWN_TYPES.has(type) ? (type as ControlType) : 'text');
          if (!f || carriesNoAnswer(type)) return;
          // A crowd-checkbox answers { on: true | false }: its one option is "on".
          if (type === 'radio' || type === 'checkbox') addOption(f, tag === 'crowd-checkbox' ? 'on' : (attrs.value ?? 'on'));
          if (type === 'range' || type === 'number') {
            for (const k of ['min', 'max', 'step'] as const) {
              const n = Number.parseFloat(attrs[k] ?? '');
              if (Number.isFinite(n) && f[k] === undefined) f[k] = n;
            }
          }
        }
      },
      ontext(text) {
        if (option) option.text += text;
      },
      onclosetag(tag) {
        if (tag === 'script' && scriptStart >= 0) {
          scripts.push([scriptStart, parser.endIndex]);
          scriptStart = -1;
        } else if (tag === 'option') closeOption();
        else if (tag === 'select') {
          closeOption();
          select = undefined;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);

  const placeholders: Placeholder[] = [];
  for (const m of html.matchAll(PLACEHOLDER)) {
    const offset = m.index;
    if (!scripts.some(([a, b]) => offset > a && offset < b)) placeholders.push({ name: m[1]!, offset });
  }
  return { placeholders, fields: [...fields.values()] };
}

/** A <button>'s kind as the browser has it: submit unless it says button or reset. */
function buttonType(type: string | undefined): ControlType {
  const t = type?.trim().toLowerCase();
  return t === 'button' || t === 'reset' ? t : 'submit';
}

const FILLED = /\$\{([^{}]*)\}/g;

/**
 * Turkle's substitution: `${name}` becomes the raw value (values may hold HTML), only for
 * names that are instance columns; anything else (`${SENTENCES" + id + "}` in page scripts)
 * stays as written. One pass, so a value that contains `${x}` is not substituted again.
 */
export function fillTemplate(html: string, values: Record<string, string>): string {
  return html.replace(FILLED, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
