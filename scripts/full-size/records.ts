// What one oracle instance of TurkingBench's train split leaves, made up with a seeded generator
// at the sizes a real run's show (45b2b7a, 1,194 instances of its first tasks): ~11 scored
// fields of 3 annotators each (a journal line of ~3.4 KB), a field trajectory of ~5 steps of
// ~1.5 KB of HTML each (~7.8 KB), an action per step. The full-size run's tests leave these.
import type { Evaluation, FieldRecord } from '../../src/record/evaluation.ts';
import type { Traces, Verdict } from '../../src/record/write-test.ts';
import { seededRandom } from '../../src/seeded-random.ts';

const FIELDS = 11;
const STEPS = 5;
const HTML_CHARS = 1500;
const WORDS = ['label', 'input', 'select', 'option', 'question', 'answer', 'sentence', 'passage', 'choose', 'rate', 'yes', 'no', 'maybe', 'the', 'a', 'of', 'to', 'in', 'which', 'best'];
const TYPES = ['radio', 'text', 'checkbox', 'select', 'textarea', 'radio'] as const;

export interface MadeUpInstance {
  actions: string[];
  verdict: Verdict;
  traces: Traces;
}

export function madeUpInstance(task: number, instance: number): MadeUpInstance {
  const random = seededRandom(task * 100_003 + instance);
  const words = (n: number) => Array.from({ length: n }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');
  const records: FieldRecord[] = Array.from({ length: FIELDS }, (_, f) => {
    const type = TYPES[(task + f) % TYPES.length]!;
    const gold = [words(3), words(3), words(3)];
    const options = type === 'radio' || type === 'select' ? [words(1), words(1), words(1), words(1)] : undefined;
    return {
      field: `field-${f}-${words(1)}`, type, gold, prediction: gold[0]!, ...(options && { options, initial: '' }),
      metric: type === 'text' || type === 'textarea' ? 'rouge-l' : 'majority-exact', score: 1, ceiling: 1,
    };
  });
  const actions = records.slice(0, STEPS).map((r) => `modify_${r.type === 'textarea' ? 'text' : r.type}("${r.field}", "${r.gold[0]}")`);
  const evaluations: Evaluation[] = [{ evaluator: 'fields', score: 1, ceiling: 1, records }];
  const html = () => `<div class="question"><label>${words(HTML_CHARS / 6)}</label></div>`.slice(0, HTML_CHARS);
  const steps = actions.map((action, s) => ({ field: { name: records[s]!.field, found: true, type: records[s]!.type ?? 'text', visible: true, value: '' }, html: html(), action }));
  return {
    actions,
    verdict: { evaluations, score: 1, ceiling: 1, fieldTrajectory: { title: `Task ${task}`, description: words(25), steps } },
    traces: {
      actions: actions.map((action) => ({ action, ok: true, ms: Math.round(random() * 60) })),
      pageEvents: { dialogs: [], errors: [], failedRequests: [], navigationFailures: [], blocked: [], opened: [], dropped: 0 },
      trajectory: {},
      report: { usage: {}, log: [] },
    },
  };
}
