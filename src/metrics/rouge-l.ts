import { porterStem } from './porter.ts';

// ROUGE-L as Google's rouge_score computes it: RougeScorer(['rougeL'], use_stemmer=True).

/** rouge_score's tokenizer: lower-case, split on anything outside [a-z0-9], stem words longer than 3. */
export function rougeTokens(text: string): string[] {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').split(' ')
    .filter((t) => t !== '')
    .map((t) => (t.length > 3 ? porterStem(t) : t));
}

function lcsLength(a: string[], b: string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    for (let j = 0; j < b.length; j++) row.push(x === b[j] ? previous[j]! + 1 : Math.max(previous[j + 1]!, row[j]!));
    previous = row;
  }
  return previous[b.length]!;
}

export interface RougeScore { precision: number; recall: number; fmeasure: number }

export function rougeL(prediction: string, reference: string): RougeScore {
  const predicted = rougeTokens(prediction);
  const target = rougeTokens(reference);
  if (predicted.length === 0 || target.length === 0) return { precision: 0, recall: 0, fmeasure: 0 };
  const lcs = lcsLength(target, predicted);
  const precision = lcs / predicted.length;
  const recall = lcs / target.length;
  const fmeasure = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { precision, recall, fmeasure };
}
