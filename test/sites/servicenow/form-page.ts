import { escape } from '../stand-in.ts';
import { controlHtml, REFERENCE_SCRIPT, scriptJson, type ClientField } from './controls.ts';
import { newSysId } from './tables.ts';

/**
 * A classic new-record form as WorkArena's form tasks meet it: each field's control labelled and
 * named `<table>.<field>`, g_form (getUniqueValue: the new record's sys_id, known before it is
 * inserted; getLabelOf), the global gsftSubmit that #sysverb_insert calls, which posts the form.
 */
export function formPage(table: string, form: Record<string, string>, fields: Record<string, ClientField>): string {
  const sysId = newSysId();
  const rows = Object.entries(form).map(([field, label]) => `<div class="form-group">${controlHtml(`${table}.${field}`, label, fields[field])}</div>`).join('\n');
  return `<form id="${escape(table)}.do" method="post" action="/${escape(table)}.do">
<input type="hidden" name="sys_uniqueValue" value="${sysId}">
${rows}
<button type="button" id="sysverb_insert" onclick="gsftSubmit(this)">Submit</button>
</form>
<script>${REFERENCE_SCRIPT}
  const FORM = ${scriptJson({ table, sysId, fields })};
  window.g_form = { getUniqueValue: () => FORM.sysId };
  const form = document.getElementById(FORM.table + '.do');
  for (const input of form.querySelectorAll('[data-reference]')) attachReference(input, FORM.fields[input.dataset.reference.split('.').pop()].candidates);
  // A reference submits the sys_id chosen among its suggestions.
  window.gsftSubmit = () => {
    for (const input of form.querySelectorAll('[data-reference]')) form.elements[input.dataset.reference].value = input.dataset.sysId ?? '';
    form.submit();
  };
</script>`;
}
