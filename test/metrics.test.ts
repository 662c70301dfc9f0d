import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkboxExact, checkboxIou } from '../src/metrics/checkbox.ts';
import { majorityExact, majorityVote } from '../src/metrics/majority-exact.ts';
import { normalizeAnswer, normalizeNumber } from '../src/metrics/normalize.ts';
import { porterStem } from '../src/metrics/porter.ts';
import { range } from '../src/metrics/range.ts';
import { rangeNearest } from '../src/metrics/range-nearest.ts';
import { rougeL, rougeTokens } from '../src/metrics/rouge-l.ts';
import { rougeLMetric } from '../src/metrics/rouge-l-metric.ts';
import { scoreField } from '../src/evaluators/fields/score-fields.ts';
import { type FieldRecord } from '../src/record/evaluation.ts';
import type { FieldState } from '../src/values/read-fields.ts';
import { SHARED_CONFORMANCE } from './helpers.ts';

const vectors = join(SHARED_CONFORMANCE, 'rougeL.jsonl');

test('ROUGE-L reproduces rouge_score on every conformance vector, tokens included', { skip: !existsSync(vectors) && 'no ../shared/conformance' }, () => {
  const rows = readFileSync(vectors, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(rows.length, 421);
  for (const r of rows) {
    assert.deepEqual(rougeTokens(r.prediction), r.prediction_tokens, `${r.id} prediction tokens`);
    assert.deepEqual(rougeTokens(r.reference), r.reference_tokens, `${r.id} reference tokens`);
    const score = rougeL(r.prediction, r.reference);
    assert.ok(Math.abs(score.fmeasure - r.rougeL_f) <= 1e-9, `${r.id} f ${score.fmeasure} vs ${r.rougeL_f}`);
    assert.ok(Math.abs(score.precision - r.rougeL_p) <= 1e-9, `${r.id} p`);
    assert.ok(Math.abs(score.recall - r.rougeL_r) <= 1e-9, `${r.id} r`);
  }
});

test("the stemmer follows NLTK's extensions, not the original Porter algorithm", () => {
  const expected: Record<string, string> = {
    today: 'today', used: 'use', dying: 'die', skies: 'sky', ties: 'tie', cried: 'cri', happily: 'happili',
    generalization: 'gener', hopefully: 'hope', analogi: 'analog', caresses: 'caress', running: 'run',
    relational: 'relat', electrical: 'electr', is: 'is', news: 'news',
  };
  for (const [word, stem] of Object.entries(expected)) assert.equal(porterStem(word), stem, word);
});

test('numbers are normalised as the original harness does', () => {
  assert.equal(normalizeNumber('1.0'), '1');
  assert.equal(normalizeNumber('-1.0'), '-1');
  assert.equal(normalizeNumber('2.50'), '2.5');
  assert.equal(normalizeNumber('1.5e-7'), '1.5e-07');
  assert.equal(normalizeNumber('yes'), 'yes');
  assert.equal(normalizeNumber(''), '');
  assert.equal(normalizeNumber('0x10'), '0x10');
  assert.equal(normalizeAnswer('  The  Cat, sat! '), 'the cat sat');
});

test('text: exact match is 1, else the best ROUGE-L over non-empty answers; all empty is not scored', () => {
  assert.deepEqual(rougeLMetric.score('a red car', ['x', 'a red car']), { score: 1 });
  const partial = rougeLMetric.score('a red car', ['a blue car', '']);
  assert.ok('score' in partial && Math.abs(partial.score - 2 / 3) < 1e-12);
  assert.deepEqual(rougeLMetric.score('anything', ['', 'nan']), { skipped: 'every gold answer is empty' });
});

test("text: empty gold answers are dropped before comparing, as the original's calculate_metrics does", () => {
  // Left empty where one annotator wrote something: 0, whoever else left it empty ('nan', '{}': empty cells).
  assert.deepEqual(rougeLMetric.score('', ['', 'a calm lake', '']), { score: 0 });
  assert.deepEqual(rougeLMetric.score('', ['nan', 'lake', '{}']), { score: 0 });
  assert.deepEqual(rougeLMetric.score('', ['', '', "'{}'"]), { skipped: 'every gold answer is empty' });
  // Cells pandas 1.5.3 (the original's) reads as NaN are empty answers; "None" is text there.
  assert.deepEqual(rougeLMetric.score('', ['N/A', 'NA', 'null', '#N/A', 'NaN']), { skipped: 'every gold answer is empty' });
  assert.deepEqual(rougeLMetric.score('None', ['None']), { score: 1 });
  // Whole gold cells only: a gold cell "NA" is no box checked, as pandas reads it; a box the page has
  // checked with the value "NA" is checked, and so is "NA" among others in a cell.
  assert.deepEqual(checkboxExact.score(['NA'], ['NA']), { score: 0 });
  assert.deepEqual(checkboxExact.score([], ['NA']), { score: 1 });
  assert.deepEqual(checkboxExact.score(['NA', 'b'], ['NA|b']), { score: 1 });
  // Its exact-match shortcut and "&amp;" read as "&", on both sides.
  assert.deepEqual(rougeLMetric.score('a red car & a bike', ['', 'a red car &amp; a bike']), { score: 1 });
  assert.deepEqual(rougeLMetric.score('cats &amp; dogs', ['cats & dogs']), { score: 1 });
  // The ceiling is what an annotator's own (non-empty) answer scores; no longer reached by leaving it empty.
  const text = { name: 'summary', found: true, visible: true, type: 'text' as const, value: '' };
  for (const [value, score] of [['', 0], ['a calm lake', 1]] as const) {
    const record = scoreField({ name: 'summary' }, ['', 'a calm lake'], { ...text, value });
    assert.deepEqual([record.score, record.ceiling], [score, 1]);
  }
});

test('radio and select: majority vote, first seen on ties, normalised comparison', () => {
  assert.equal(majorityVote(['b', 'a', 'a', 'b', 'c']), 'b');
  assert.deepEqual(majorityExact.score('Yes.', ['yes', 'no', 'yes']), { score: 1 });
  assert.deepEqual(majorityExact.score('no', ['yes', 'no', 'yes']), { score: 0 });
  assert.deepEqual(majorityExact.score('', ['', '']), { score: 1 }, 'all empty: 1 when left empty');
  assert.deepEqual(majorityExact.score('x', ['', '']), { score: 0 });
});

test('checkbox: exact set match (default) and intersection over union, best over annotators', () => {
  assert.deepEqual(checkboxExact.score(['b', 'a'], [['a'], 'a|b']), { score: 1 });
  assert.deepEqual(checkboxExact.score(['a'], [['a', 'b']]), { score: 0 });
  assert.deepEqual(checkboxExact.score([], [[], ['a']]), { score: 1 });
  assert.deepEqual(checkboxIou.score(['a'], [['a', 'b'], ['c']]), { score: 0.5 });
  assert.deepEqual(checkboxIou.score([], [[]]), { score: 1 });
});

test("range-nearest: the original harness's distance to the nearest annotator over the largest gold value", () => {
  assert.deepEqual(rangeNearest.score('4', ['4', '2']), { score: 1 });
  assert.deepEqual(rangeNearest.score('3', ['4', '2']), { score: 0.75 });
  assert.deepEqual(rangeNearest.score('1', ['0', '0']), { score: 0 }, 'no normalisation when the largest gold is 0');
  assert.throws(() => scoreField({ name: 'q' }, ['1'], { name: 'q', found: true, visible: true, type: 'range', value: '1' }, { metricByType: { range: 'nope' } }), /metricByType.range: unknown metric "nope"/);
});

test('range: 1 - mean error / largest magnitude; not numeric falls back to exact match', () => {
  assert.deepEqual(range.score('4', ['4', '4']), { score: 1 });
  assert.deepEqual(range.score('3', ['4', '2']), { score: 0.75 });
  assert.deepEqual(range.score('0', ['0']), { score: 1 });
  assert.deepEqual(range.score('low', ['low']), { score: 1 });
  assert.deepEqual(range.score('', ['']), { skipped: 'every gold answer is empty' });
});

test('a field is scored with its type\'s metric after number normalisation; hidden and missing ones are not', () => {
  const state = (over: Partial<FieldState>): FieldState => ({ name: 'q', found: true, visible: true, type: 'radio', value: '', ...over });
  assert.equal(scoreField({ name: 'q' }, ['-1.0', '-1.0', '2'], state({ value: '-1' })).score, 1);
  assert.equal(scoreField({ name: 'q' }, ['a|b'], state({ type: 'checkbox', value: ['b', 'a'] })).score, 1);
  assert.equal(scoreField({ name: 'q' }, ['a|b'], state({ type: 'checkbox', value: ['a'] }), { metricByType: { checkbox: 'checkbox-iou' } }).score, 0.5);
  assert.equal(scoreField({ name: 'q' }, ['x'], state({ visible: false })).reason, 'not visible');
  assert.equal(scoreField({ name: 'q' }, ['x'], state({ found: false })).reason, 'not on the page');
  const disagreeing = scoreField({ name: 'q' }, ['1', '1', '5'], state({ type: 'range', value: '1' }));
  assert.ok(disagreeing.ceiling! < 1 && disagreeing.score === disagreeing.ceiling, 'no single answer satisfies disagreeing annotators');
});

test('radio and select: an empty gold answer is the value the field had when loaded; the ceiling is what its options can reach', () => {
  const select = (value: string, over: Partial<FieldState> = {}): FieldState => ({ name: 's', found: true, visible: true, type: 'select', value, options: ['none', '1', '2'], ...over });
  const loaded = select('none');
  // Nobody touched it: a select without an empty option shows its first one.
  assert.deepEqual(pick(scoreField({ name: 's' }, ['', '', ''], select('none'), {}, loaded)), { score: 1, ceiling: 1, initial: 'none' });
  assert.deepEqual(pick(scoreField({ name: 's' }, ['', 'nan', ''], select('2'), {}, loaded)), { score: 0, ceiling: 1, initial: 'none' });
  // '' and the first option are one answer: 2 of 3 left it.
  assert.equal(scoreField({ name: 's' }, ['2', '', 'none'], select('none'), {}, loaded).score, 1);
  // Not there as a select with options when the page loaded (a script made or filled it later): what a reset restores.
  assert.deepEqual(pick(scoreField({ name: 's' }, ['', ''], select('none', { resetValue: 'none' }), {}, select('', { options: [] }))), { score: 1, ceiling: 1, initial: 'none' });
  assert.deepEqual(pick(scoreField({ name: 's' }, ['', ''], select('none', { resetValue: 'none' }), {}, { name: 's', found: true, visible: true, type: 'submit', value: 'Go' })), { score: 1, ceiling: 1, initial: 'none' });
  // Untouched value unknown (results stored before it was recorded): '' stays '', which this select cannot show.
  assert.deepEqual(pick(scoreField({ name: 's' }, ['', ''], select('none'))), { score: 0, ceiling: 0, initial: undefined });
  // A select of several options: its value joins them; the ceiling stays the annotators' own answers.
  assert.deepEqual(pick(scoreField({ name: 's' }, ['1|2', '1|2'], select('1|2', { multiple: true }), {}, select('', { multiple: true }))), { score: 1, ceiling: 1, initial: undefined });
  // A majority no option has: no agent can reach it, and the ceiling says so.
  assert.deepEqual(pick(scoreField({ name: 's' }, ['ten', 'ten', '1'], select('none'), {}, loaded)), { score: 0, ceiling: 0, initial: 'none' });
  // A radio group that loads unchecked can be left empty; one that loads checked cannot.
  const radio = (value: string): FieldState => ({ name: 'r', found: true, visible: true, type: 'radio', value, options: ['a', 'b'] });
  assert.deepEqual(pick(scoreField({ name: 'r' }, ['', ''], radio(''), {}, radio(''))), { score: 1, ceiling: 1, initial: '' });
  assert.deepEqual(pick(scoreField({ name: 'r' }, ['', '', 'a'], radio('b'), {}, radio('b'))), { score: 1, ceiling: 1, initial: 'b' });
  assert.deepEqual(pick(scoreField({ name: 'r' }, ['', '', 'a'], radio(''), {}, radio(''))), { score: 1, ceiling: 1, initial: '' });
  // Other types keep empty answers as they are.
  const text: FieldState = { name: 't', found: true, visible: true, type: 'text', value: 'as loaded' };
  assert.equal(scoreField({ name: 't' }, ['', ''], text, {}, text).reason, 'every gold answer is empty');
});

test('buttons and file inputs named in gold columns are recorded with the reason, never scored', () => {
  for (const type of ['submit', 'button', 'reset', 'image', 'file'] as const) {
    const record = scoreField({ name: 'b' }, ['29.353'], { name: 'b', found: true, visible: true, type, value: 'Submit' });
    assert.deepEqual([record.score, record.type, record.prediction, record.reason], [null, type, 'Submit', `a ${type} control carries no answer`]);
  }
});

const pick = (r: FieldRecord) => ({ score: r.score, ceiling: r.ceiling, initial: r.initial });
