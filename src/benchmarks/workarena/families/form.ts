import type { Evaluator } from '../../../evaluators/types.ts';
import { act, inMain, suggestion, type InstanceWriter } from '../actions.ts';
import { startPath } from '../l1-tasks.ts';
import type { TableApi } from '../table-api.ts';
import { topPath } from '../top-url.ts';
import { siteApi, verdicts } from '../verdicts.ts';

type TemplateValue = string | null | { display_value: string; link?: string };

interface FormConfig {
  fields: Record<string, string>;
  task_fields: string[];
  template_record: Record<string, TemplateValue>;
}

interface RecordSettings {
  table: string;
  /** Each task field's expected display value. */
  fields: Record<string, string>;
  /** Each task field's label, for the reasons. */
  labels: Record<string, string>;
}

interface RecordEvidence {
  url: string;
  badFieldChanged: boolean;
  sysId: string | null;
  /** The created record's task fields as display values; null: no such record. */
  record: Record<string, string> | null;
}

/** Where the init script keeps the submitted form's sys_id (WorkArena: "<id(task)>.record_sys_id"). */
export const RECORD_SYS_ID = 'benchwright.workarena.record_sys_id';

/**
 * Fields of WorkArena's forms whose control is a choice (a select): the oracle picks their
 * option. The configurations do not say a field's type (WorkArena's cheat asks the instance),
 * so this is what ServiceNow's dictionary makes choices among the fields its tasks fill.
 */
const CHOICE_FIELDS = new Set(['state', 'impact', 'urgency', 'priority', 'category', 'subcategory', 'contact_type', 'close_code', 'hold_reason', 'type', 'risk', 'phase',
  'problem_state', 'install_status', 'substatus', 'hardware_status', 'hardware_substatus', 'date_format', 'calendar_integration', 'preferred_language', 'time_zone', 'notification']);

/**
 * Fields ServiceNow makes references whose configurations give only their display value, as
 * text: the oracle types them and picks the suggestion, as for a value given with its link.
 */
const REFERENCE_FIELDS = new Set(['department']);

const display = (value: TemplateValue | undefined) => (value !== null && typeof value === 'object' ? value.display_value : (value ?? ''));

/**
 * A form task (tasks/form.py GenericNewRecordTask): the goal of :635-645; the oracle as cheat()
 * fills the form (:780-796, _fill_fields :405-525): each task field by its label (a choice's
 * option picked, a checkbox set, a reference typed then chosen from its suggestions, text
 * filled), then Submit.
 */
export const writeForm: InstanceWriter = (config, task) => {
  const { fields: labels, task_fields: taskFields, template_record: template } = config as FormConfig;
  const expected = Object.fromEntries(taskFields.map((f) => [f, display(template[f])]));
  const goal = `Create a new ${task.tableLabel} with ${enumerate(taskFields.map((f) => `a value of "${display(template[f])}" for field "${labels[f]}"`))}.`;
  const fill = (field: string) => {
    const control = inMain(`internal:label=${JSON.stringify(labels[field] ?? field)}s >> nth=0`);
    const value = expected[field]!;
    if (value === 'true' || value === 'false') return [act(value === 'true' ? 'check' : 'uncheck', control)];
    if (CHOICE_FIELDS.has(field)) return [act('select_option', control, value)];
    const reference = (template[field] !== null && typeof template[field] === 'object') || REFERENCE_FIELDS.has(field);
    return [act('fill', control, value), ...(reference && value !== '' ? [act('click', suggestion(value))] : [])];
  };
  return {
    goal,
    eval: [{ 'workarena-record': { table: task.table, fields: expected, labels: Object.fromEntries(taskFields.map((f) => [f, labels[f] ?? f])) } }],
    solution: [
      ...(task.table === 'change_request' ? [act('click', inMain('internal:label="All"s')), act('click', inMain('internal:text="Normal" >> nth=0'))] : []),
      ...taskFields.flatMap(fill),
      act('click', inMain('#sysverb_insert')),
    ],
    start_url: startPath(task)!,
  };
};

/** prettyprint_enum (tasks/utils/utils.py:23-33): "a", "a, and b", "a, b, and c". */
const enumerate = (items: string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`);

/**
 * The form family's init scripts (tasks/form.py:317-398), in gsft_main on the table's pages:
 * gsftSubmit patched to keep the form's sys_id, and a change of any field outside the task's
 * marked (WORKARENA_BAD_FIELD_CHANGED).
 */
export function formInitScript(table: string, taskFields: string[]): string {
  return `(() => {
  if (window.name !== 'gsft_main' || !decodeURIComponent(location.href).includes(${JSON.stringify(table)})) return;
  const fields = ${JSON.stringify(taskFields)};
  const watch = () => {
    if (typeof window.gsftSubmit === 'function' && !window.gsftSubmit.workarena) {
      const submit = window.gsftSubmit;
      window.gsftSubmit = Object.assign(function (...args) { localStorage[${JSON.stringify(RECORD_SYS_ID)}] = window.g_form.getUniqueValue(); return submit.apply(this, args); }, { workarena: true });
    }
    document.querySelectorAll('input, select, textarea').forEach((e) => {
      if (!fields.includes(String(e.name).split('.').pop())) e.addEventListener('change', () => { window.WORKARENA_BAD_FIELD_CHANGED = true; });
    });
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch); else watch();
})();`;
}

/**
 * GenericNewRecordTask.validate (tasks/form.py:798-926): the page is the table's form or list;
 * no field outside the task's was changed; the submitted record (its sys_id kept at submit) has
 * each task field's display value exactly.
 */
export const record: Evaluator<RecordSettings, RecordSettings, RecordEvidence> = {
  name: 'workarena-record',
  settingsSchema: {
    type: 'object', required: ['table', 'fields', 'labels'], additionalProperties: false,
    properties: { table: { type: 'string' }, fields: { type: 'object', additionalProperties: { type: 'string' } }, labels: { type: 'object', additionalProperties: { type: 'string' } } },
  },
  expected: (settings) => settings,
  async capture(page, expected, episode) {
    const badFieldChanged = await page.evaluate(() => Boolean((window as unknown as { gsft_main?: { WORKARENA_BAD_FIELD_CHANGED?: boolean } }).gsft_main?.WORKARENA_BAD_FIELD_CHANGED)).catch(() => false);
    const sysId = await page.evaluate((key) => localStorage.getItem(key), RECORD_SYS_ID).catch(() => null);
    const evidence: RecordEvidence = { url: page.url(), badFieldChanged, sysId, record: null };
    if (sysId === null) return evidence;
    const found = await pollRecord(siteApi(episode, 'workarena-record'), expected.table, sysId);
    return { ...evidence, record: found && Object.fromEntries(Object.keys(expected.fields).map((f) => [f, display(found[f] as TemplateValue)])) };
  },
  score(evidence, expected) {
    const result = verdicts('workarena-record', expected.fields, evidence);
    const path = topPath(evidence.url);
    const pages = [`/${expected.table}.do`, `/${expected.table}_list.do`, ...(expected.table === 'change_request' ? ['/sn_chg_model_ui_landing.do'] : [])];
    if (!pages.some((p) => path.includes(p))) return result(0, `The page is not in the right URL to validate the task.`);
    if (evidence.badFieldChanged) return result(0, 'Some fields outside of the task scope have been changed.');
    if (evidence.sysId === null) return result(0, 'The form has not been submitted.');
    if (!evidence.record) return result(0, 'The record was not found in the database. Perhaps the form was not submitted correctly.');
    const wrong = Object.keys(expected.fields).find((f) => evidence.record![f] !== expected.fields[f]);
    return wrong === undefined ? result(1) : result(0, `The field "${expected.labels[wrong] ?? wrong}" has the wrong value.`);
  },
};

/** The record with display values, asked for again for up to 10 s (WorkArena: 20 tries, 0.5 s apart). */
async function pollRecord(api: TableApi, table: string, sysId: string): Promise<Record<string, unknown> | null> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [found] = await api.get(table, { sysparm_query: `sys_id=${sysId}`, sysparm_display_value: 'true' });
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return null;
}
