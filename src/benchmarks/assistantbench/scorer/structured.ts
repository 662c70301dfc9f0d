// AssistantBench's JSON answers (evaluate_dicts.py): objects are matched one-to-one with the gold
// objects, each pair scored by the F1 of per-key recall and precision.

import { alignedScores, mean } from './assignment.ts';
import { fixDictNumber, evaluateNumbers } from './numbers.ts';
import { evaluateStrings } from './strings.ts';
import { describe, UnscorableInput, type PyValue } from '../../../python/value.ts';

type Dict = Map<string, PyValue>;

function asDict(value: PyValue, role: string): Dict {
  if (value.type !== 'dict') throw new UnscorableInput(`${role} is ${describe(value)}, not a JSON object, so its keys cannot be compared`);
  return value.entries;
}

/** The reference picks a comparison by the gold value's Python type; null and objects have none. */
function compareValues(found: PyValue, wanted: PyValue, goldValue: PyValue, key: string): number {
  if (goldValue.type === 'None' || goldValue.type === 'dict') {
    throw new UnscorableInput(`the gold value of key ${JSON.stringify(key)} is ${describe(goldValue)}, for which the scorer has no comparison`);
  }
  if (found.type !== wanted.type) return 0;
  return found.type === 'float' && wanted.type === 'float' ? evaluateNumbers(found, wanted.value) : evaluateStrings(found, wanted);
}

/**
 * calc_recall(found, wanted): the mean score of wanted's keys in found (0 for a missing key). Recall
 * passes (prediction, gold), precision (gold, prediction); either way the gold value picks the comparison.
 */
function keyRecall(found: Dict, wanted: Dict, wantedIsGold: boolean): number {
  const scores = [...wanted].map(([key, wantedRaw]) => {
    // Both values are converted before the missing key is noticed, so a huge integer raises even then.
    const wantedValue = fixDictNumber(wantedRaw);
    const foundValue = fixDictNumber(found.get(key) ?? { type: 'None' });
    if (!found.has(key)) return 0;
    return compareValues(foundValue, wantedValue, wantedIsGold ? wantedValue : foundValue, key);
  });
  return mean(scores);
}

/** evaluate_pair_of_dicts; an empty object makes the precision or recall NaN (a mean of nothing). */
function objectF1(predicted: PyValue, gold: PyValue): number {
  const goldDict = asDict(gold, 'a gold item');
  const predictedDict = asDict(predicted, 'a predicted item');
  const recall = keyRecall(predictedDict, goldDict, true);
  const precision = keyRecall(goldDict, predictedDict, false);
  return precision + recall === 0 ? 0 : (2 * (precision * recall)) / (precision + recall);
}

/** evaluate_dicts: a prediction whose first item is not an object scores 0. */
export function evaluateDicts(prediction: PyValue[], gold: PyValue[]): number {
  if (prediction[0]?.type !== 'dict') return 0;
  const scores = gold.map((goldItem) => prediction.map((predictedItem) => objectF1(predictedItem, goldItem)));
  return mean(alignedScores(scores, prediction.length));
}
