import assert from 'node:assert/strict';
import { test } from 'node:test';
import { meets, parseEncodedQuery, sortRecords, writeEncodedQuery } from '../src/benchmarks/workarena/encoded-query.ts';

test('an encoded query: and, or with the condition before, new query groups, the sort, ^EQ', () => {
  assert.deepEqual(parseEncodedQuery('priority=1^ORstate=2^assigned_toISEMPTY^NQshort_descriptionLIKEemail^ORDERBYnumber^ORDERBYDESCopened_at^EQ'), {
    groups: [
      [[{ field: 'priority', operator: '=', value: '1' }, { field: 'state', operator: '=', value: '2' }], [{ field: 'assigned_to', operator: 'ISEMPTY', value: '' }]],
      [[{ field: 'short_description', operator: 'LIKE', value: 'email' }]],
    ],
    orderBy: [{ field: 'number', descending: false }, { field: 'opened_at', descending: true }],
  });
  assert.deepEqual(parseEncodedQuery(''), { groups: [], orderBy: [] });
  assert.deepEqual(parseEncodedQuery('nameNOT LIKEbob^stage!=closed').groups, [[[{ field: 'name', operator: 'NOT LIKE', value: 'bob' }], [{ field: 'stage', operator: '!=', value: 'closed' }]]]);
  assert.throws(() => parseEncodedQuery('priority~1'), /"priority~1" is not a condition of an encoded query/);
});

test('written back as ServiceNow writes it', () => {
  for (const query of ['priority=1^ORstate=2^assigned_toISEMPTY', 'active=true^ORDERBYDESCsys_updated_on', 'ORDERBYnumber', 'a=1^NQb=2']) {
    assert.equal(writeEncodedQuery(parseEncodedQuery(query)), query);
  }
});

test('records that meet a query, and in its order', () => {
  const records = [
    { number: 'INC0010', priority: '1', state: '2', assigned_to: '' },
    { number: 'INC0002', priority: '3', state: '2', assigned_to: 'beth' },
    { number: 'INC0003', priority: '3', state: '1', assigned_to: '' },
  ];
  const numbers = (query: string) => sortRecords(records.filter((r) => meets(r, parseEncodedQuery(query))), parseEncodedQuery(query)).map((r) => r.number);
  assert.deepEqual(numbers('priority=1^ORstate=2^ORDERBYnumber'), ['INC0002', 'INC0010']);
  assert.deepEqual(numbers('assigned_toISEMPTY^ORDERBYDESCnumber'), ['INC0010', 'INC0003']);
  assert.deepEqual(numbers('assigned_toLIKEBET'), ['INC0002']);
  assert.deepEqual(numbers('priority=1^NQstate=1^ORDERBYnumber'), ['INC0003', 'INC0010']);
  assert.deepEqual(numbers('ORDERBYpriority^ORDERBYDESCnumber'), ['INC0010', 'INC0003', 'INC0002']);
});
