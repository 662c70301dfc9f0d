// Each WorkArena evaluator's score() against the rules of the validate() it ports, with the
// cases of WorkArena's own tests where it has them (tests/test_filter_list_task.py).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Evaluator, ScoreOptions } from '../src/evaluators/types.ts';
import { order } from '../src/benchmarks/workarena/families/catalog.ts';
import { chart } from '../src/benchmarks/workarena/families/dashboard.ts';
import { record } from '../src/benchmarks/workarena/families/form.ts';
import { knowledge } from '../src/benchmarks/workarena/families/knowledge.ts';
import { listFilter } from '../src/benchmarks/workarena/families/list-filter.ts';
import { listSort } from '../src/benchmarks/workarena/families/list-sort.ts';
import { impersonation, menuUrl } from '../src/benchmarks/workarena/families/menu.ts';

const BASE = 'https://dev1.service-now.com';
const SHELL = `${BASE}/now/nav/ui/classic/params/target/`;
/** The top URL of a classic page, encoded as the shell encodes it. */
const shellUrl = (inner: string) => SHELL + encodeURIComponent(inner);

/** score()'s verdict as [score, reason]. */
async function verdict<S, E, V>(evaluator: Evaluator<S, E, V>, evidence: V, expected: E): Promise<[number | null, string | undefined]> {
  const { score, reason } = await evaluator.score(evidence, expected, {} as ScoreOptions);
  return [score, reason];
}

// WorkArena's tests open the list with the query in its URL; validate() reads the list's getQuery(), which has no trailing ^.
const getQuery = (urlQuery: string) => urlQuery.replace(/\^$/, '');

test('a list filter: the five ways WorkArena\'s test writes one filter with empty values all pass', async () => {
  const expected = { table: 'incident', columns: ['short_description', 'assigned_to', 'description'], values: ['', '', 'This is a beautiful incident'], kind: 'AND' as const, types: { assigned_to: { type: 'reference', reference: 'sys_user', display_field: 'name' } } };
  for (const query of [
    'assigned_toEMPTYSTRING^short_descriptionISEMPTY^description=This is a beautiful incident',
    'assigned_toISEMPTY^short_descriptionEMPTYSTRING^description=This is a beautiful incident^',
    'assigned_toISEMPTY^short_descriptionISEMPTY^description=This is a beautiful incident',
    'assigned_toEMPTYSTRING^short_descriptionEMPTYSTRING^description=This is a beautiful incident^',
    'assigned_to=^short_description=^description=This is a beautiful incident',
  ]) assert.deepEqual(await verdict(listFilter, { url: shellUrl(`incident_list.do?sysparm_query=${query}`), query: getQuery(query), displayed: {} }, expected), [1, undefined], query);
});

test('a list filter: the five wrong ones of WorkArena\'s test fail with its messages', async () => {
  const expected = { table: 'incident', columns: ['assigned_to', 'description'], values: ['', 'Description'], kind: 'AND' as const, types: { assigned_to: { type: 'reference', reference: 'sys_user', display_field: 'name' } } };
  for (const [query, message] of [
    ['', 'There are no filters yet'],
    ['assignment_groupEMPTYSTRING', 'Incorrect number of filter conditions'],
    ['assigned_toEMPTYSTRING^short_description!=Description', 'Unexpected operator in filter condition'],
    ['assigned_toEMPTYSTRING^short_description=Description', 'Incorrect filter columns'],
    ['assigned_toISEMPTY^description=My Description', 'Incorrect filter values'],
  ] as const) {
    const [score, reason] = await verdict(listFilter, { url: shellUrl(`incident_list.do?sysparm_query=${query}`), query, displayed: {} }, expected);
    assert.equal(score, 0, query);
    assert.ok(reason?.startsWith(message), `${query}: ${reason}`);
  }
});

test('a list filter: references by their display value, choices by their label, ^NQ as OR, and the list\'s page', async () => {
  const expected = { table: 'incident', columns: ['assigned_to', 'priority'], values: ['Beth Anglin', '1 - Critical'], kind: 'OR' as const, types: { assigned_to: { type: 'reference', reference: 'sys_user', display_field: 'name' }, priority: { type: 'choice', choices: { 1: '1 - Critical' } } } };
  const at = (query: string, url = shellUrl(`incident_list.do?sysparm_query=${query}`)) => verdict(listFilter, { url, query, displayed: { 'u-1': 'Beth Anglin', 'u-2': 'David Loo' } }, expected);
  assert.deepEqual(await at('assigned_to=u-1^ORpriority=1'), [1, undefined]);
  assert.deepEqual(await at('priority=1^NQassigned_to=u-1'), [1, undefined]);
  assert.equal((await at('assigned_to=u-2^ORpriority=1'))[0], 0);
  assert.match((await at('assigned_to=u-1^ORpriority=7'))[1]!, /Incorrect filter values \{'Beth Anglin', '-- None --'\}/);
  assert.match((await at('assigned_to=u-1^priority=1'))[1]!, /^The kind of filter used is incorrect/);
  assert.equal((await at('assigned_to=u-1^ORpriority=1', shellUrl('problem_list.do')))[0], 0);

  // One column over several rows: references each become their display value, a choice only at its first row (WorkArena's :899-932).
  const rows = (columns: string[], values: string[], query: string) => verdict(listFilter, { url: shellUrl('incident_list.do'), query, displayed: { 'u-1': 'Beth Anglin', 'u-2': 'David Loo' } }, { ...expected, columns, values });
  assert.deepEqual(await rows(['assigned_to', 'assigned_to'], ['Beth Anglin', 'David Loo'], 'assigned_to=u-1^ORassigned_to=u-2'), [1, undefined]);
  assert.equal((await rows(['priority', 'priority'], ['1 - Critical', '1 - Critical'], 'priority=1^ORpriority=1'))[0], 0);
  assert.deepEqual(await rows(['assigned_to', 'priority'], ['Beth Anglin', '1 - Critical'], 'assigned_to=u-1^ORpriority=1^ORassigned_to=u-2'), [0, 'Incorrect number of filter conditions: [\'assigned_to=u-1\', \'priority=1\', \'assigned_to=u-2\'].']);
});

test('a list sort: one field by the GlideList2\'s order, several by adjacent ORDERBYs in the top URL\'s query', async () => {
  const one = { table: 'incident', fields: ['priority'], directions: ['desc' as const] };
  assert.deepEqual(await verdict(listSort, { url: shellUrl('incident_list.do'), list: { orderBy: 'priority', sortDir: 'DESC' } }, one), [1, undefined]);
  assert.equal((await verdict(listSort, { url: shellUrl('incident_list.do'), list: { orderBy: 'priority', sortDir: 'ASC' } }, one))[0], 0);
  const several = { table: 'incident', fields: ['active', 'assignment_group'], directions: ['asc' as const, 'desc' as const] };
  const at = (query: string) => verdict(listSort, { url: shellUrl(`incident_list.do?sysparm_query=${query}`), list: null }, several);
  assert.equal((await at('active=true^ORDERBYactive^ORDERBYDESCassignment_group'))[0], 1);
  assert.equal((await at('ORDERBYDESCassignment_group^ORDERBYactive'))[0], 0);
  assert.equal((await at('ORDERBYactive^ORDERBYDESCassignment_group^ORDERBYnumber'))[0], 0);
  assert.deepEqual(await verdict(listSort, { url: shellUrl('incident_list.do'), list: null }, several), [0, 'No sysparm_query found in URL.']);
});

test('a new record: its page, no field outside the task changed, submitted, each task field exactly', async () => {
  const expected = { table: 'sys_user', fields: { first_name: 'Rosalind', time_zone: 'US/Eastern' }, labels: { first_name: 'First name', time_zone: 'Time zone' } };
  const evidence = { url: shellUrl('sys_user_list.do'), badFieldChanged: false, sysId: 'abc', record: { first_name: 'Rosalind', time_zone: 'US/Eastern' } };
  assert.deepEqual(await verdict(record, evidence, expected), [1, undefined]);
  assert.equal((await verdict(record, { ...evidence, url: shellUrl('incident.do') }, expected))[0], 0);
  assert.deepEqual(await verdict(record, { ...evidence, badFieldChanged: true }, expected), [0, 'Some fields outside of the task scope have been changed.']);
  assert.deepEqual(await verdict(record, { ...evidence, sysId: null }, expected), [0, 'The form has not been submitted.']);
  assert.equal((await verdict(record, { ...evidence, record: null }, expected))[0], 0);
  assert.deepEqual(await verdict(record, { ...evidence, record: { first_name: 'rosalind', time_zone: 'US/Eastern' } }, expected), [0, 'The field "First name" has the wrong value.']);
});

test('a knowledge-base answer: any accepted answer inside the message, in any case', async () => {
  const expected = { accepted: ['+1-555-101-2020', '+1 555 101 2020'] };
  assert.equal((await verdict(knowledge, { answer: 'The number is +1 555 101 2020.' }, expected))[0], 1);
  assert.equal((await verdict(knowledge, { answer: '555 101 2020' }, expected))[0], 0);
  assert.deepEqual(await verdict(knowledge, { answer: null }, expected), [0, 'The assistant did not provide an answer.']);
});

test('an order: one item of the right description and quantity, options matched loosely, text contained', async () => {
  const expected = { item: 'iPad mini', description: 'Request for iPad mini', quantity: 2, configuration: { 'Choose the colour': ['radio', 'Space Grey'] as [string, string], 'Notes': ['textarea', 'Zoom'] as [string, string] } };
  const item = { short_description: 'request for iPad mini', quantity: '2', options: { 'Choose the colour': 'space_grey', Notes: 'Slack, zoom' } };
  const at = (items: (typeof item)[] | null, requestId: string | null = 'r') => verdict(order, { requestId, items }, expected as never);
  assert.deepEqual(await at([item]), [1, undefined]);
  assert.equal((await at([item], null))[0], 0);
  assert.equal((await at([item, item]))[0], 0);
  assert.deepEqual(await at([{ ...item, quantity: '1' }]), [0, 'The requested quantity is incorrect.']);
  assert.equal((await at([{ ...item, short_description: 'Request for iPad pro' }]))[0], 0);
  assert.deepEqual(await at([{ ...item, options: { ...item.options, 'Choose the colour': 'Pink' } }]), [0, 'The option "Choose the colour" is incorrect.']);
});

test('a menu\'s destination: the top URL equals the module\'s once both are unquoted; an impersonation: the session\'s user by its name', async () => {
  const url = `${BASE}/now/nav/ui/classic/params/target/sys_script_list.do%3Fsysparm_query%3DcollectionSTARTSWITHsn_actsub%255EEQ`;
  assert.equal((await verdict(menuUrl, { url: shellUrl('sys_script_list.do?sysparm_query=collectionSTARTSWITHsn_actsub%5EEQ') }, { url }))[0], 1);
  assert.equal((await verdict(menuUrl, { url: shellUrl('sys_script_list.do') }, { url }))[0], 0);
  assert.deepEqual(await verdict(impersonation, { impersonating: true, name: 'ATF User' }, { user: 'ATF User' }), [1, undefined]);
  assert.deepEqual(await verdict(impersonation, { impersonating: true, name: 'Beth Anglin' }, { user: 'ATF User' }), [0, 'Currently impersonating the wrong user.']);
  assert.deepEqual(await verdict(impersonation, { impersonating: false, name: null }, { user: 'ATF User' }), [0, 'Not currently impersonating a user.']);
});

test('a chart\'s answer: one number once the labels are taken out, close to the count or percent; the top point named for max and min', async () => {
  const startUrl = shellUrl('$pa_dashboard.do?sysparm_dashboard=d1');
  const points = [{ label: 'Windows NT 4.0', count: 3, percent: 30 }, { label: 'Linux', count: 7, percent: 70 }];
  const at = (question: string, answer: string | null) => verdict(chart, { url: startUrl, startUrl, points, answer }, { title: 'OS', series: '', question });
  assert.equal((await at('value; count; Windows NT 4.0', 'Windows NT 4.0 has 3'))[0], 1);
  assert.equal((await at('value; percent; Windows NT 4.0', '30.0'))[0], 1);
  assert.deepEqual(await at('value; count; Windows NT 4.0', '3 or 4'), [0, 'Incorrect answer. More than one number detected in the response.']);
  assert.deepEqual(await at('value; count; Linux', 'many'), [0, 'No number detected in the response.']);
  assert.equal((await at('max', 'Linux, 7'))[0], 1);
  assert.equal((await at('max', 'Windows NT 4.0, 7'))[0], 0);
  assert.equal((await at('min', 'Windows NT 4.0: 3'))[0], 1);
  // Labels are taken out as written (any case only when naming the point), so a label's own number then counts, as in WorkArena.
  assert.deepEqual(await at('min', 'windows nt 4.0: 3'), [0, 'Incorrect answer. More than one number detected in the response.']);
  assert.equal((await verdict(chart, { url: shellUrl('home.do'), startUrl, points, answer: '7 Linux' }, { title: 'OS', series: '', question: 'max' }))[0], 0);
});
