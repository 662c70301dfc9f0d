import { parseEncodedQuery, writeEncodedQuery } from '../../../src/benchmarks/workarena/encoded-query.ts';
import { escape } from '../stand-in.ts';
import { REFERENCE_SCRIPT, scriptJson, type ClientField } from './controls.ts';
import type { ServiceNowRecord, Table } from './tables.ts';

/**
 * A list page as ServiceNow's classic list has it for WorkArena: sortable headers, its
 * GlideList2 (title, table, query without the sort, sort field and direction), and the
 * condition builder its cheats use: .list_filter_toggle, .filter_row rows (a field's
 * select.filerTableSelect, then select.condOperator and #value, or a direction), AND / OR,
 * "Add Sort" and "Run filter", which opens the list again with the rows as sysparm_query. A
 * condition's #value is its field's control: a choice's or a boolean's select, a reference's
 * input with suggestions (the query holds its sys_id), text.
 */
export function listPage(name: string, table: Table, query: string, records: ServiceNowRecord[], fields: Record<string, ClientField>, display: (r: ServiceNowRecord, field: string) => string): string {
  const parsed = parseEncodedQuery(query);
  const [first] = parsed.orderBy;
  const sortBy = (field: string) => writeEncodedQuery({ ...parsed, orderBy: [{ field, descending: first?.field === field && !first.descending }] });
  const columns = Object.entries(table.columns);
  const head = columns.map(([field, label]) => `<th><a class="column_head" data-field="${field}" href="?sysparm_query=${encodeURIComponent(sortBy(field))}">${escape(label)}</a></th>`).join('');
  const rows = records.map((r) => `<tr>${columns.map(([field]) => `<td>${escape(display(r, field))}</td>`).join('')}</tr>`).join('');
  const list = { id: `${name}_list`, title: table.label, table: name, filter: writeEncodedQuery({ ...parsed, orderBy: [] }), fields: Object.keys(table.columns).join(','), orderBy: first?.field ?? '', sortDir: first?.descending ? 'DESC' : 'ASC' };
  const fieldOptions = `<option value="">-- choose field --</option>${columns.map(([field, label]) => `<option value="${field}">${escape(label)}</option>`).join('')}`;
  return `<button type="button" class="list_filter_toggle" aria-label="Show / hide filter">Filter</button>
<div class="list_filter" hidden>
  <div class="filterToolbar"><button type="button" class="filerTableAction" data-join="^">AND</button><button type="button" class="filerTableAction" data-join="^OR">OR</button>
    <button type="button" id="add-sort">Add Sort</button><button type="button" aria-label="Run filter">Run</button></div>
  <div id="rows"></div>
</div>
<template id="condition"><div class="filter_row" data-kind="condition"><select class="filerTableSelect" aria-label="Field">${fieldOptions}</select>
  <select class="condOperator" aria-label="Operator"><option value="=">is</option><option value="!=">is not</option><option value="STARTSWITH">starts with</option><option value="LIKE">contains</option></select>
  <span id="value"></span><button type="button" class="filerTableAction deleteButton" aria-label="Delete">x</button></div></template>
<template id="sort"><div class="filter_row" data-kind="sort"><select class="filerTableSelect" aria-label="Sort field">${fieldOptions}</select>
  <select class="filerTableSelect" aria-label="Sort direction"><option value="ascending">ascending</option><option value="descending">descending</option></select>
  <button type="button" class="filerTableAction deleteButton" aria-label="Delete">x</button></div></template>
<table class="data_list_table" data-list_id="${list.id}"><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>
<script>${REFERENCE_SCRIPT}
  const LIST = ${scriptJson(list)};
  const FIELDS = ${scriptJson(fields)};
  // A condition's value control follows its field's type.
  const valueControl = (row) => {
    const field = FIELDS[row.querySelector('select.filerTableSelect').value] || { type: 'string' };
    const span = row.querySelector('#value');
    const choices = field.type === 'boolean' ? { true: 'true', false: 'false' } : field.choices;
    if (choices) {
      const select = document.createElement('select');
      select.setAttribute('aria-label', 'Value');
      for (const [value, label] of Object.entries(choices)) select.append(new Option(label, value));
      span.replaceChildren(select);
    } else {
      const input = document.createElement('input');
      input.setAttribute('aria-label', 'Value');
      span.replaceChildren(input);
      if (field.type === 'reference') attachReference(input, field.candidates);
    }
  };
  const glideList = { getTitle: () => LIST.title, getTableName: () => LIST.table, getQuery: () => LIST.filter, getOrderBy: () => LIST.orderBy, sortDir: LIST.sortDir, fields: LIST.fields };
  window.GlideList2 = { get: (id) => (id === LIST.id ? glideList : undefined) };
  const rows = document.getElementById('rows');
  const add = (kind, join) => {
    const row = document.getElementById(kind).content.firstElementChild.cloneNode(true);
    row.dataset.join = join || '^';
    if (kind === 'condition') {
      valueControl(row);
      row.querySelector('select.filerTableSelect').addEventListener('change', () => valueControl(row));
    }
    row.querySelector('.deleteButton').addEventListener('click', () => row.remove());
    // Conditions come before the sort rows.
    const firstSort = rows.querySelector('[data-kind="sort"]');
    rows.insertBefore(row, kind === 'condition' ? firstSort : null);
  };
  document.querySelector('.list_filter_toggle').addEventListener('click', () => {
    const filter = document.querySelector('.list_filter');
    filter.hidden = !filter.hidden;
    if (!filter.hidden && !rows.children.length) add('condition');
  });
  for (const button of document.querySelectorAll('.filterToolbar .filerTableAction')) button.addEventListener('click', () => add('condition', button.dataset.join));
  document.getElementById('add-sort').addEventListener('click', () => add('sort'));
  const conditionValue = (row) => {
    const control = row.querySelector('#value input, #value select');
    return control.dataset.sysId ?? control.value;
  };
  document.querySelector('[aria-label="Run filter"]').addEventListener('click', () => {
    let query = '';
    for (const row of rows.children) {
      const [field, second] = row.querySelectorAll('select');
      if (!field.value) continue;
      const part = row.dataset.kind === 'sort' ? 'ORDERBY' + (second.value === 'descending' ? 'DESC' : '') + field.value : field.value + second.value + conditionValue(row);
      query += query ? (row.dataset.kind === 'sort' ? '^' : row.dataset.join) + part : part;
    }
    location.href = LIST.table + '_list.do?sysparm_query=' + encodeURIComponent(query);
  });
</script>`;
}
