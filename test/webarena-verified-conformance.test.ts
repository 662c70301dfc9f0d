// WebArena-Verified's AgentResponseEvaluator against its own conformance data: every valid
// variation of an answer scores 1 (also upper-cased, padded, fenced, a single item unwrapped,
// as the reference's tests/api/test_evaluation_api_retrieval_tasks.py builds them), every
// invalid one 0; and the two real runs reach the reference's conclusions.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { agentResponse } from '../src/benchmarks/webarena-verified/agent-response-evaluator.ts';
import { scoreAgentResponse, type AgentResponseSpec } from '../src/benchmarks/webarena-verified/answers/agent-response.ts';
import { isRegexp } from '../src/benchmarks/webarena-verified/answers/normalize-text.ts';
import { ROOT, SHARED_CONFORMANCE } from './helpers.ts';

const DATASET = join(ROOT, '..', 'shared', 'webarena-verified', 'webarena-verified.json');
const RESPONSES = join(SHARED_CONFORMANCE, 'webarena_verified_responses.json');
const RUNS = join(SHARED_CONFORMANCE, 'webarena-verified-runs');
const missing = !existsSync(DATASET) || !existsSync(RESPONSES) ? 'no ../shared/webarena-verified or its conformance data' : false;

interface Task {
  task_id: number;
  eval: ({ evaluator: string } & AgentResponseSpec)[];
}
const specOf = (task: Task) => task.eval.find((e) => e.evaluator === 'AgentResponseEvaluator')!;
const load = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;

/**
 * Tasks 89-93: the conformance file's variations are of the dataset's revision before 3 (state
 * names), where revision 3 expects relation ids: the reference scorer gives them 0 too.
 */
const STALE = new Set(['89', '90', '91', '92', '93']);

/** Every answer the reference suite makes of one valid retrieved_data. */
function validAnswers(answer: Record<string, unknown>): [string, string][] {
  const items = answer.retrieved_data as unknown[];
  const json = JSON.stringify(answer);
  const cases: [string, string][] = [['as is', json]];
  const texts = Array.isArray(items) && items.length > 0 && items.every((i) => typeof i === 'string');
  if (texts && !items.some((i) => isRegexp(i as string))) {
    cases.push(['upper-cased', JSON.stringify({ ...answer, retrieved_data: items.map((i) => (i as string).toUpperCase()) })]);
    cases.push(['padded', JSON.stringify({ ...answer, retrieved_data: items.map((i) => `  ${i}  `) })]);
  }
  if (texts) cases.push(['fenced', `\`\`\`json\n${JSON.stringify(answer, null, 2)}\n\n\`\`\``]);
  if (Array.isArray(items) && items.length === 1 && !Array.isArray(items[0])) cases.push(['unwrapped', JSON.stringify({ ...answer, retrieved_data: items[0] })]);
  return cases;
}

/** The expected data with one alternative chosen per slot, every combination (the suite's base and alt_* cases). */
function combinations(data: unknown[]): unknown[][] {
  return data.reduce<unknown[][]>((all, item) => all.flatMap((prefix) => (Array.isArray(item) ? item : [item]).map((choice) => [...prefix, choice])), [[]]);
}

/** The suite's generated wrong answers, each a failure (not an error). */
function invalidAnswers(expected: AgentResponseSpec['expected'], schema: AgentResponseSpec['results_schema']): [string, unknown][] {
  const base = { task_type: 'retrieve', status: 'SUCCESS', retrieved_data: expected.retrieved_data };
  const { retrieved_data: _, ...withoutData } = base;
  return [
    ['wrong_status', { ...base, status: 'FAILURE' }],
    ['null_data', { ...base, retrieved_data: null }],
    ['empty_array', { ...base, retrieved_data: [] }],
    ['wrong_type_string', { ...base, retrieved_data: 'not an array' }],
    ...(schema.items?.type === 'boolean' ? [] : [['wrong_type_number', { ...base, retrieved_data: 42 }] as [string, unknown]]),
    ['wrong_type_object', { ...base, retrieved_data: { invalid: 'structure' } }],
    ['missing_field', withoutData],
    ['wrong_task_type', { ...base, task_type: 'INVALID_TYPE' }],
    ['extra_items', { ...base, retrieved_data: [...(expected.retrieved_data as unknown[]), 'extra_item', 'another_extra'] }],
  ];
}

test('every valid variation of the 96 retrieve tasks scores 1 in each form the reference suite gives it, every invalid one 0', { skip: missing }, () => {
  const tasks = new Map(load<Task[]>(DATASET).map((t) => [String(t.task_id), t]));
  const responses = load<Record<string, { valid: Record<string, unknown>; invalid: Record<string, unknown> }>>(RESPONSES);
  const wrong: string[] = [];
  let checked = 0;
  const check = (id: string, name: string, raw: string, score: number) => {
    const result = scoreAgentResponse(raw, specOf(tasks.get(id)!));
    checked++;
    const as = score === 1 ? 'success' : 'failure';
    if (result.score !== score || result.status !== as) wrong.push(`${id} ${name}: ${result.status} ${result.error ?? result.assertions.map((a) => `${a.name}: ${a.messages.join(' ')}`).join('; ')}\n  ${raw}`);
  };
  for (const [id, { valid, invalid }] of Object.entries(responses)) {
    const spec = specOf(tasks.get(id)!);
    for (const [n, data] of combinations(spec.expected.retrieved_data as unknown[]).entries()) {
      for (const [form, raw] of validAnswers({ ...spec.expected, retrieved_data: data })) check(id, `${n ? `alt_${n}` : 'base'} ${form}`, raw, 1);
    }
    for (const [name, data] of Object.entries(valid)) {
      for (const [form, raw] of validAnswers({ task_type: 'retrieve', status: 'SUCCESS', retrieved_data: data })) check(id, `${name} ${form}`, raw, STALE.has(id) ? 0 : 1);
    }
    for (const [name, data] of Object.entries(invalid)) check(id, name, JSON.stringify({ task_type: 'retrieve', status: 'SUCCESS', retrieved_data: data }), 0);
    for (const [name, answer] of invalidAnswers(spec.expected, spec.results_schema)) check(id, `default_${name}`, JSON.stringify(answer), 0);
  }
  assert.deepEqual(wrong, [], `${wrong.length} of ${checked} answers scored otherwise`);
  assert.ok(checked > 1000, `${checked} answers`);
});

test('a retrieve task that expects NOT_FOUND_ERROR and no data: missing, null or [] data succeed; SUCCESS fails', { skip: missing }, () => {
  const spec = specOf(load<Task[]>(DATASET).find((t) => t.task_id === 22)!);
  for (const data of [{}, { retrieved_data: null }, { retrieved_data: [] }]) {
    assert.equal(scoreAgentResponse(JSON.stringify({ task_type: 'retrieve', status: 'NOT_FOUND_ERROR', ...data }), spec).status, 'success');
    assert.equal(scoreAgentResponse(JSON.stringify({ task_type: 'retrieve', status: 'SUCCESS', ...data }), spec).status, 'failure');
  }
});

test('the two real runs: the reference\'s score, assertions and normalised values, from the same files', { skip: !existsSync(RUNS) && 'no ../shared/conformance/webarena-verified-runs' }, () => {
  const tasks = load<Task[]>(join(ROOT, 'test', 'fixtures', 'webarena-verified', 'runs-tasks.json'));
  for (const task of tasks) {
    const folder = join(RUNS, String(task.task_id));
    const reference = load<{ status: string; score: number; evaluators_results: { status: string; actual_normalized: unknown; expected: unknown; assertions: { assertion_name: string }[] | null }[] }>(join(folder, 'eval_result.json'));
    const result = scoreAgentResponse(readFileSync(join(folder, 'agent_response.json'), 'utf8'), specOf(task));
    const [evaluator] = reference.evaluators_results;
    assert.deepEqual([result.status, result.score], [reference.status, reference.score], `task ${task.task_id}`);
    assert.deepEqual(result.assertions.map((a) => a.name).sort(), (evaluator!.assertions ?? []).map((a) => a.assertion_name).sort(), `task ${task.task_id}`);
    assert.deepEqual(result.expectedNormalized, evaluator!.expected, `task ${task.task_id}`);
    assert.deepEqual(result.actualNormalized, evaluator!.actual_normalized, `task ${task.task_id}`);
  }
});

test('the agent-response evaluator: a stored answer scored with no browser, the reference\'s status and assertions recorded; no answer scores 0', { skip: !existsSync(RUNS) && 'no ../shared/conformance/webarena-verified-runs' }, async () => {
  const [failing, passing] = load<Task[]>(join(ROOT, 'test', 'fixtures', 'webarena-verified', 'runs-tasks.json'));
  const stored = (task: Task) => ({ answer: readFileSync(join(RUNS, String(task.task_id), 'agent_response.json'), 'utf8') });
  const spec = (task: Task) => agentResponse.expected(specOf(task), {} as never, {} as never);
  const passed = await agentResponse.score(stored(passing!), spec(passing!), {});
  assert.deepEqual([passed.score, passed.recorded], [1, { status: 'success', assertions: [] }]);
  const failed = await agentResponse.score(stored(failing!), spec(failing!), {});
  assert.equal(failed.score, 0);
  assert.match(failed.reason!, /^agent_response\.task_type_mismatch: Expected retrieve, got navigate; retrieved_data_missing_or_null: /);
  assert.deepEqual((await agentResponse.score({ answer: null }, spec(passing!), {})).reason, 'no answer');
  assert.equal((await agentResponse.score({ answer: '{"task_type": 3, "status": "SUCCESS"}' }, spec(passing!), {})).recorded?.status, 'error');
});
