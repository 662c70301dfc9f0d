import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { assistantBenchScore } from '../src/benchmarks/assistantbench/scorer/score.ts';
import { normalizeAnswer } from '../src/benchmarks/assistantbench/scorer/strings.ts';
import { logDistanceScore } from '../src/benchmarks/assistantbench/scorer/numbers.ts';
import { pythonFloat, pythonFloatRepr } from '../src/python/float.ts';
import { pythonSplit } from '../src/python/str.ts';
import { pythonJsonLoads } from '../src/python/json.ts';
import { SHARED_CONFORMANCE } from './helpers.ts';

const vectors = join(SHARED_CONFORMANCE, 'assistantbench.jsonl');
const errorVectors = join(SHARED_CONFORMANCE, 'assistantbench_errors.jsonl');
const readLines = (file: string) => readFileSync(file, 'utf8').trim().split('\n').map((line) => JSON.parse(line));

test('AssistantBench question_scorer: every conformance vector scores as the Python reference', { skip: !existsSync(vectors) && 'no ../shared/conformance' }, () => {
  const rows = readLines(vectors);
  assert.equal(rows.length, 164);
  for (const r of rows) {
    const result = assistantBenchScore(r.prediction, r.gold);
    assert.ok(Math.abs(result.score - r.score) <= 1e-9, `${r.id} (${r.note}): score ${result.score} vs ${r.score}`);
    assert.equal(result.hasAnswer, r.has_answer === 1, `${r.id} (${r.note}): has_answer`);
    assert.equal(result.goldType, r.gold_type, `${r.id} (${r.note}): gold type`);
  }
});

test('AssistantBench question_scorer: the inputs on which Python raises throw, naming the prediction', { skip: !existsSync(errorVectors) && 'no ../shared/conformance' }, () => {
  const rows = readLines(errorVectors);
  assert.equal(rows.length, 7);
  for (const r of rows) {
    assert.throws(() => assistantBenchScore(r.prediction, r.gold), (error: Error) => {
      assert.ok(error.message.includes(`prediction "${r.prediction}"`), `${r.id}: ${error.message}`);
      assert.ok(error.message.includes(`gold "${r.gold}"`), `${r.id}: ${error.message}`);
      return true;
    }, r.id);
  }
});

test('float() follows Python: underscores, Unicode digits and spaces, inf/nan words; no hex, no units', () => {
  assert.equal(pythonFloat(' 1_000.5\n'), 1000.5);
  assert.equal(pythonFloat('\u00a0١٢\u3000'), 12);
  assert.equal(pythonFloat('-Infinity'), -Infinity);
  assert.ok(Number.isNaN(pythonFloat('nan')));
  assert.equal(pythonFloat('1.'), 1);
  assert.equal(pythonFloat('.5e1'), 5);
  for (const invalid of ['', '1__0', '_1', '1_', '0x10', '1e', '²', '5\x1c', '$5', '1,5', 'infinit']) {
    assert.equal(pythonFloat(invalid), undefined, JSON.stringify(invalid));
  }
});

test('repr(float) follows Python: ".0" on integers, exponent below 1e-4 and from 1e16', () => {
  const expected: [number, string][] = [
    [395, '395.0'], [3.5, '3.5'], [0.0001, '0.0001'], [0.00001, '1e-05'], [1.5e-7, '1.5e-07'], [-0, '-0.0'],
    [1e16, '1e+16'], [1234567890123456, '1234567890123456.0'], [1.2345678901234568e17, '1.2345678901234568e+17'],
    [Infinity, 'inf'], [NaN, 'nan'], [0.1 + 0.2, '0.30000000000000004'],
  ];
  for (const [value, text] of expected) assert.equal(pythonFloatRepr(value), text);
});

test('DROP normalisation: hyphens split, numbers rewritten as floats, Unicode word boundaries for articles', () => {
  assert.equal(normalizeAnswer('The Jiu-Jitsu of 1,000 Islands'), 'jiu jitsu of 1000.0 islands');
  assert.equal(normalizeAnswer('Route 66.00'), 'route 66.0');
  assert.equal(normalizeAnswer('a\u00a0cat'), 'cat');
  assert.equal(normalizeAnswer('éa théatre'), 'éa théatre');
  assert.deepEqual(pythonSplit('a\x1cb\u2003c'), ['a', 'b', 'c']);
});

test('json.loads follows Python: NaN and Infinity, int kept apart from float, last duplicate wins in first place', () => {
  assert.deepEqual(pythonJsonLoads('[1, 1.0, NaN, -Infinity]'), {
    type: 'list',
    items: [{ type: 'int', value: 1n }, { type: 'float', value: 1 }, { type: 'float', value: NaN }, { type: 'float', value: -Infinity }],
  });
  const object = pythonJsonLoads('{"a": 1, "b": 2, "a": 3}');
  assert.ok(object?.type === 'dict');
  assert.deepEqual([...object.entries.keys()], ['a', 'b']);
  assert.deepEqual(object.entries.get('a'), { type: 'int', value: 3n });
  for (const invalid of ['', '01', '1.', '[1,]', "{'a': 1}", '"tab\there"', '\ufeff1']) assert.equal(pythonJsonLoads(invalid), undefined, invalid);
});

test('number score: 1 - |ln ratio| floored at 0, zero read as 1e-4, two negatives can exceed 1', () => {
  assert.equal(logDistanceScore(0, 0), 1);
  assert.equal(logDistanceScore(0.0001, 0), 1);
  assert.ok(Math.abs(logDistanceScore(-2, -4) - (1 + Math.LN2)) < 1e-15);
  assert.equal(logDistanceScore(-395, 395), 0);
  assert.equal(logDistanceScore(NaN, 42), 0);
});

test('a one-number JSON list becomes a (value, flag) pair, scored as its text against text gold', () => {
  // str((395.0, True)) is "(395.0, True)": the bag {3950.0, true} shares "true" with the gold.
  assert.equal(assistantBenchScore('["395"]', 'true story').score, 0.5);
  assert.equal(assistantBenchScore('[1, true]', 'x').hasAnswer, true);
  assert.throws(() => assistantBenchScore('[true, 1]', 'x'), /JSON true, which has no length/);
});
