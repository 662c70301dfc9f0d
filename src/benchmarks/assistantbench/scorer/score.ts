// AssistantBench's question_scorer (evaluator.py, as vendored in ServiceNow/BrowserGym), Python
// quirks included: a prediction is first read as JSON, the gold's shape picks the scorer.

import { isPythonNumeric, pythonStrip } from '../../../python/str.ts';
import { evaluateNumbers, fixNumber } from './numbers.ts';
import { pythonJsonLoads } from '../../../python/json.ts';
import { isNumpyNaN, pyList, pyStr, pythonLength, UnscorableInput, type PyValue } from '../../../python/value.ts';
import { evaluateStrings } from './strings.ts';
import { evaluateDicts } from './structured.ts';

export type GoldType = 'string' | 'string list' | 'number' | 'json';

export interface AssistantBenchScore {
  score: number;
  /** The answer-rate flag: false for an empty answer (or NaN). */
  hasAnswer: boolean;
  goldType: GoldType;
}

type Gold =
  | { goldType: 'number'; value: number }
  | { goldType: 'string'; value: string }
  | { goldType: 'string list'; value: string[] }
  | { goldType: 'json'; value: PyValue[] };

/** fix_ans: a Python-style dict with single quotes is made JSON. */
function singleToDoubleQuotes(text: string): string {
  return text.replaceAll("{'", '{"').replaceAll("', '", '", "').replaceAll("': '", '": "').replaceAll("'}", '"}')
    .replaceAll("': ", '": ');
}

/** parse_answer: one line is a number, else JSON, else text; several lines are JSON lines, else a text list. */
function parseGold(gold: string): Gold {
  const lines = gold.split('\n').filter((line) => pythonStrip(line) !== '');
  const [onlyLine] = lines;
  if (lines.length === 1 && onlyLine !== undefined) {
    const { value } = fixNumber(pyStr(onlyLine));
    if (value.type === 'float') return { goldType: 'number', value: value.value };
    const json = pythonJsonLoads(singleToDoubleQuotes(onlyLine));
    return json ? { goldType: 'json', value: [json] } : { goldType: 'string', value: onlyLine };
  }
  const parsed = lines.map((line) => pythonJsonLoads(singleToDoubleQuotes(line)));
  const values = parsed.filter((value) => value !== undefined);
  return values.length === lines.length ? { goldType: 'json', value: values } : { goldType: 'string list', value: lines };
}

/** A text whose every line is JSON, as those values; undefined for anything else. */
function jsonLines(value: PyValue): PyValue[] | undefined {
  if (value.type !== 'str') return undefined;
  const lines = value.value.split('\n').map(pythonJsonLoads);
  const values = lines.filter((line) => line !== undefined);
  return values.length === lines.length ? values : undefined;
}

/** fix_prediction: the prediction as the scorer sees it, and whether it is scored at all. */
function fixPrediction(loaded: PyValue, gold: Gold): { prediction: PyValue; scored: boolean } {
  let prediction = loaded;
  const onlyItem = prediction.type === 'list' && prediction.items.length === 1 ? prediction.items[0] : undefined;
  if (onlyItem && (onlyItem.type === 'int' || (onlyItem.type === 'str' && isPythonNumeric(onlyItem.value)))) {
    // The reference keeps fix_number's whole (value, is_number) result here, a pair, not the value.
    const { value, isNumber } = fixNumber(onlyItem);
    prediction = { type: 'tuple', items: [value, { type: 'bool', value: isNumber }] };
  }
  if (prediction.type !== 'list') {
    prediction = fixNumber(prediction).value;
    if (gold.goldType === 'json') prediction = pyList(jsonLines(prediction) ?? [prediction]);
  }
  const hasLength = ['str', 'list', 'dict', 'tuple'].includes(prediction.type);
  if (hasLength && pythonLength(prediction, 'the prediction') === 0) return { prediction, scored: false };
  const severalForOneNumber = prediction.type === 'list' && prediction.items.length > 1 && gold.goldType === 'number';
  return { prediction, scored: !severalForOneNumber };
}

/** The answer-rate flag; Python's len() raises on null and booleans, which is why those cannot be scored. */
function hasAnswer(prediction: PyValue): boolean {
  if ((prediction.type !== 'float' && pythonLength(prediction, 'the prediction') === 0) || isNumpyNaN(prediction)) return false;
  if (prediction.type !== 'list') return true;
  // all() stops at the first item that is not empty, so a later null is never measured.
  const isEmpty = (item: PyValue) =>
    (item.type !== 'float' && item.type !== 'int' && pythonLength(item, 'an item of the prediction') === 0) || isNumpyNaN(item);
  return !prediction.items.every(isEmpty);
}

function evaluate(prediction: PyValue, gold: Gold): number {
  switch (gold.goldType) {
    case 'number': return evaluateNumbers(prediction, gold.value);
    case 'string': return evaluateStrings(prediction, pyStr(gold.value));
    case 'string list': return evaluateStrings(prediction, pyList(gold.value.map(pyStr)));
    // fix_prediction made every prediction a list for JSON gold.
    case 'json': return evaluateDicts(prediction.type === 'list' ? prediction.items : [prediction], gold.value);
  }
}

/**
 * AssistantBench's accuracy of a prediction against a gold answer (both raw strings), with the
 * answer-rate flag and the gold type. Throws where the Python reference raises.
 */
export function assistantBenchScore(prediction: string, gold: string): AssistantBenchScore {
  const goldAnswer = parseGold(gold);
  const { goldType } = goldAnswer;
  try {
    const fixed = fixPrediction(pythonJsonLoads(prediction) ?? pyStr(prediction), goldAnswer);
    const answered = hasAnswer(fixed.prediction);
    return { score: fixed.scored ? evaluate(fixed.prediction, goldAnswer) : 0, hasAnswer: answered, goldType };
  } catch (error) {
    if (!(error instanceof UnscorableInput)) throw error;
    throw new Error(`AssistantBench's scorer cannot score the prediction "${prediction}" against gold "${gold}": ${error.message}`, { cause: error });
  }
}
