import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { htmlUnescape } from '../src/python/html-unescape.ts';
import { wordTokenize } from '../src/evaluators/answer/word-tokenize.ts';
import { stringMatch, type StringReference } from '../src/evaluators/answer/string-match.ts';
import { type FuzzyJudge } from '../src/llm/judge.ts';
import { requiredContents, type RequiredContents } from '../src/evaluators/html/program-html.ts';
import { urlMatch } from '../src/evaluators/url-match.ts';
import { fromEvaluateResult, pyFloat, pyList, pyStr, pythonStr, type PyValue } from '../src/python/value.ts';
import { SHARED_CONFORMANCE } from './helpers.ts';

const vectors = join(SHARED_CONFORMANCE, 'webarena_string.jsonl');

type Vector = { id: string; note: string; score: number } & (
  | { evaluator: 'exact_match'; prediction: string; reference: string }
  | { evaluator: 'must_include'; prediction: string; reference: string[] }
  | { evaluator: 'fuzzy_match'; prediction: string; reference: 'N/A' }
  | { evaluator: 'string_match'; prediction: string; reference: StringReference }
  | { evaluator: 'url_match'; prediction: string; reference: string }
  | { evaluator: 'program_html'; prediction: JsonValue; reference: RequiredContents; locator_raises?: boolean }
);

// Python's json.loads keeps 2 (int) and 2.0 (float) apart, and str() of a locator result shows it: ints become bigints.
/** A vector's value as JSON.parse gives it here: an integer as written (no fraction, no exponent) is a bigint. */
type JsonValue = null | boolean | bigint | number | string | JsonValue[] | { [key: string]: JsonValue };

/** As Python's json.loads reads the vector: int where it was written as one, float else. */
function asPython(value: JsonValue): PyValue {
  if (value === null) return { type: 'None' };
  if (typeof value === 'bigint') return { type: 'int', value };
  if (typeof value === 'number') return pyFloat(value);
  if (typeof value === 'boolean') return { type: 'bool', value };
  if (typeof value === 'string') return pyStr(value);
  if (Array.isArray(value)) return pyList(value.map(asPython));
  return { type: 'dict', entries: new Map(Object.entries(value).map(([k, item]) => [k, asPython(item)])) };
}

const parseVector = (line: string): Vector =>
  JSON.parse(line, (_key, value: unknown, context?: { source?: string }) => {
    const source = context?.source;
    return typeof value === 'number' && source !== undefined && /^-?\d+$/.test(source) ? BigInt(source) : value;
  });

/** The conformance vectors only cover branches that must not reach the LLM judge. */
const noJudge: FuzzyJudge = {
  fuzzy: async () => assert.fail('the fuzzy judge was asked'),
  unachievable: async () => assert.fail('the unachievable judge was asked'),
};

/** Scores a vector as StringEvaluator, URLEvaluator or HTMLContentEvaluator would for a one-key reference. */
async function score(v: Vector): Promise<number> {
  switch (v.evaluator) {
    case 'exact_match':
      return stringMatch(v.prediction, { exact_match: v.reference }, noJudge, 'intent');
    case 'must_include':
      return stringMatch(v.prediction, { must_include: v.reference }, noJudge, 'intent');
    case 'fuzzy_match':
      return stringMatch(v.prediction, { fuzzy_match: v.reference }, noJudge, 'intent');
    case 'string_match':
      return stringMatch(v.prediction, v.reference, noJudge, 'intent');
    case 'url_match':
      return urlMatch(v.prediction, v.reference);
    case 'program_html':
      // page.content() is a str already, and str() leaves a str alone.
      return requiredContents(v.locator_raises ? null : pythonStr(asPython(v.prediction)), v.reference);
  }
}

test('WebArena string, URL and program_html scoring reproduces every conformance vector', { skip: !existsSync(vectors) && 'no ../shared/conformance' }, async () => {
  const rows = readFileSync(vectors, 'utf8').trim().split('\n').map(parseVector);
  assert.equal(rows.length, 133);
  for (const v of rows) {
    const got = await score(v);
    assert.ok(Math.abs(got - v.score) <= 1e-9, `${v.id} ${v.evaluator} (${v.note}): ${got} vs ${v.score}`);
  }
});

test("word_tokenize gives NLTK's own documented tokens (nltk/test/tokenize.doctest)", () => {
  const expected: [string, string[]][] = [
    ['On a $50,000 mortgage of 30 years at 8 percent, the monthly payment would be $366.88.',
      ['On', 'a', '$', '50,000', 'mortgage', 'of', '30', 'years', 'at', '8', 'percent', ',', 'the', 'monthly', 'payment', 'would', 'be', '$', '366.88', '.']],
    ['"We beat some pretty good teams to get here," Slocum said.',
      ['``', 'We', 'beat', 'some', 'pretty', 'good', 'teams', 'to', 'get', 'here', ',', "''", 'Slocum', 'said', '.']],
    ['Well, we couldn\'t have this predictable, cliche-ridden, "Touched by an Angel" (a show creator John Masius worked on) wanna-be if she didn\'t.',
      ['Well', ',', 'we', 'could', "n't", 'have', 'this', 'predictable', ',', 'cliche-ridden', ',', '``', 'Touched', 'by', 'an', 'Angel', "''", '(', 'a', 'show',
        'creator', 'John', 'Masius', 'worked', 'on', ')', 'wanna-be', 'if', 'she', 'did', "n't", '.']],
    ['I cannot cannot work under these conditions!', ['I', 'can', 'not', 'can', 'not', 'work', 'under', 'these', 'conditions', '!']],
    ['The company spent 40.75% of its income last year.', ['The', 'company', 'spent', '40.75', '%', 'of', 'its', 'income', 'last', 'year', '.']],
    ['He arrived at 3:00 pm.', ['He', 'arrived', 'at', '3:00', 'pm', '.']],
    ['There were 300,000, but that wasn\'t enough.', ['There', 'were', '300,000', ',', 'but', 'that', 'was', "n't", 'enough', '.']],
    ["It's more'n enough.", ['It', "'s", 'more', "'n", 'enough', '.']],
    ['\xabNow that I can do.\xbb', ['\xab', 'Now', 'that', 'I', 'can', 'do', '.', '\xbb']],
    ['Good muffins cost $3.88\nin New York.  Please buy me\ntwo of them.\nThanks.',
      ['Good', 'muffins', 'cost', '$', '3.88', 'in', 'New', 'York', '.', 'Please', 'buy', 'me', 'two', 'of', 'them', '.', 'Thanks', '.']],
  ];
  for (const [text, tokens] of expected) assert.deepEqual(wordTokenize(text), tokens, text);
});

test('word_tokenize on lower-cased answers: a period after a number or a letter ends a sentence only before a non-word', () => {
  assert.deepEqual(wordTokenize('the total is 5. it was 3.'), ['the', 'total', 'is', '5.', 'it', 'was', '3', '.']);
  assert.deepEqual(wordTokenize('option b. (c) too'), ['option', 'b', '.', '(', 'c', ')', 'too']);
  assert.deepEqual(wordTokenize('choose a, then b; done...'), ['choose', 'a', ',', 'then', 'b', ';', 'done', '...']);
});

test('url_match pools the query constraints of |OR| alternatives and reads queries as parse_qs does', () => {
  const reference = 'http://h/s?q=red+shoes |OR| http://h/list?cat=1 |OR| http://h/list?cat=2';
  assert.equal(urlMatch('http://h/list?cat=2&q=red%20shoes', reference), 1);
  assert.equal(urlMatch('http://h/list?cat=2', reference), 0, 'q is required too, though only the first alternative names it');
  assert.equal(urlMatch('http://h/s?cat=3&q=red+shoes', reference), 0);
  assert.equal(urlMatch('https://h/s/;v=1?q=red%20shoes&cat=1#top', reference), 1, 'scheme, ;params and fragment ignored');
  assert.equal(urlMatch('http://h/s?q=%E2%82%AC', 'http://h/s?q=€&blank=&bare'), 1, 'percent escapes are UTF-8; blank and bare names are dropped');
  assert.throws(() => urlMatch('http://[::1/a', 'http://h'), /Invalid URL/, 'urlparse raises on unbalanced brackets');
});

test('program_html: str() of the locator result as playwright-python returns it, then html.unescape', () => {
  const str = (value: Parameters<typeof fromEvaluateResult>[0]) => pythonStr(fromEvaluateResult(value));
  assert.equal(str(2), '2', 'an integral JavaScript number reaches Python as int');
  assert.equal(str(0.1 + 0.2), '0.30000000000000004');
  assert.equal(str(1e21), '1e+21');
  assert.equal(str(1e-7), '1e-07');
  assert.equal(str(-0), '-0.0');
  assert.equal(str(Number.NaN), 'nan');
  assert.equal(str(undefined), 'None');
  assert.equal(str(['a', "it's", '\n', 'é', '\u200b']), `['a', "it's", '\\n', 'é', '\\u200b']`);
  assert.equal(str({ a: [1, null, true, 2.5] }), "{'a': [1, None, True, 2.5]}");
  assert.equal(htmlUnescape('&#1;&#128;&#x110000;&notit;&ampx&amp;amp;'), '\u20ac\ufffd\u00acit;&x&amp;');
  assert.equal(requiredContents('Tom &amp; Jerry', { exact_match: 'tom & jerry', must_include: ['nothing'] }), 1, 'exact_match wins');
  assert.equal(requiredContents(null, { must_include: ['', 'x |OR| '] }), 1);
});

test('string_match: only the non-deterministic branches ask the judge, with the once-cleaned answer', async () => {
  const calls: string[] = [];
  const judge: FuzzyJudge = {
    fuzzy: async (reference, prediction) => (calls.push(`fuzzy ${reference} / ${prediction}`), reference === 'paris' ? 1 : 0.5),
    unachievable: async (intent, note, prediction) => (calls.push(`ua ${intent} / ${note} / ${prediction}`), 1),
  };
  assert.equal(await stringMatch(' "Paris, France" ', { fuzzy_match: ['paris', 'france'] }, judge, 'capital?'), 0.5);
  assert.equal(await stringMatch("'N/A'", { fuzzy_match: 'N/A' }, judge, 'capital?'), 1);
  assert.equal(await stringMatch('It does not exist', { fuzzy_match: 'N/A' }, judge, 'capital?', 'no such city'), 1, 'the judge replaces the score');
  assert.equal(await stringMatch('N/A', { exact_match: 'x', fuzzy_match: 'N/A' }, judge, 'capital?', 'note'), 1, 'an earlier failure also reaches the judge');
  assert.deepEqual(calls, [
    'fuzzy paris / paris, france',
    'fuzzy france / paris, france',
    'ua capital? / no such city / it does not exist',
    'ua capital? / note / n/a',
  ]);
  await assert.rejects(stringMatch('maybe', { fuzzy_match: 'N/A' }, judge, 'capital?'), /string_note/);
});
