// npm run bench, third part: how long the benchmark reporter takes after a full-size run.
// Results the size of TurkingBench's all instances (117 tasks, 26,532 instances, ~12 scored
// fields each) for 2 projects, made up with a seeded generator; then results.json, the
// bootstrap (1000 resamples) and every table, as the reporter's onEnd does them, and
// `benchwright report --checkbox iou` on the file written. First, the journal: every
// instance's record appended as its test ends (one write each), and read back.
// Usage: tsx scripts/bench-report.ts [instances per task] [fields per instance]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instanceKey } from '../src/record/keys.ts';
import { groupBy } from '../src/order.ts';
import { JOURNAL, JournalWriter, readJournal } from '../src/runs/journal.ts';
import { RESULTS_FORMAT, type BenchmarkResults, type FieldRow, type InstanceRow } from '../src/record/results.ts';
import { readResults } from '../src/runs/results-file.ts';
import { rescore } from '../src/analysis/rescore.ts';
import { writeReport } from '../src/runs/write-report.ts';
import { seededRandom } from '../src/seeded-random.ts';

const TASKS = 117;
const perTask = Number(process.argv[2] ?? 227);
const perInstance = Number(process.argv[3] ?? 12);
const TYPES = ['checkbox', 'radio', 'select', 'text', 'textarea', 'range'] as const;

function madeUpResults(): BenchmarkResults {
  const random = seededRandom(1);
  const instances: InstanceRow[] = [];
  const fields: FieldRow[] = [];
  for (const project of ['oracle', 'do-nothing']) {
    for (let t = 0; t < TASKS; t++) {
      const task = `task-${t}`;
      for (let i = 0; i < perTask; i++) {
        const instance = `instance-${i}`;
        let sum = 0;
        for (let f = 0; f < perInstance; f++) {
          const type = TYPES[(t + f) % TYPES.length]!;
          const right = project === 'oracle' || random() < 0.2;
          const gold = type === 'checkbox' ? [['a', 'b']] : ['yes', 'yes', 'no'];
          const prediction = type === 'checkbox' ? (right ? ['a', 'b'] : ['a']) : right ? 'yes' : 'no';
          const metric = type === 'checkbox' ? 'checkbox-exact' : type === 'text' || type === 'textarea' ? 'rouge-l' : type === 'range' ? 'range' : 'majority-exact';
          const score = right ? 1 : 0;
          sum += score;
          fields.push({ project, task, instance, field: `f${f}`, type, gold, prediction, metric, score, ceiling: 1 });
        }
        instances.push({ project, agent: project, task, split: 'train', instance, outcome: 'scored', status: 'passed', retries: 0, score: sum / perInstance, ceiling: 1 });
      }
    }
  }
  return { format: RESULTS_FORMAT, meta: { date: new Date().toISOString(), versions: {}, projects: {}, selection: { seed: 1 } }, instances, fields, evaluations: [], taskErrors: [] };
}

async function time<T>(label: string, f: () => T | Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await f();
  console.log(`${label.padEnd(52)} ${(performance.now() - start).toFixed(0).padStart(7)} ms   heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`);
  return result;
}

const dir = mkdtempSync(join(tmpdir(), 'benchwright-bench-report-'));
try {
  const results = await time('made-up results', madeUpResults);
  console.log(`${results.instances.length} instances, ${results.fields.length} field records`);
  const fieldsOf = groupBy(results.fields, instanceKey);
  const writer = new JournalWriter(join(dir, JOURNAL), results.meta);
  const start = performance.now();
  await time(`journal: append ${results.instances.length} records, one write each`, () => {
    for (const instance of results.instances) writer.append({ instance, fields: fieldsOf.get(instanceKey(instance)) ?? [], evaluations: [{ project: instance.project, task: instance.task, instance: instance.instance, evaluator: 'fields', score: instance.score, ceiling: instance.ceiling }] });
  });
  console.log(`journal: ${((1000 * (performance.now() - start)) / results.instances.length).toFixed(1)} µs per record (serialise + write)`);
  writer.close({ status: 'passed', date: results.meta.date });
  await time('journal: read back', () => readJournal(dir));
  await time('write results.json, bootstrap, every table', () => writeReport(dir, results, { width: 120 }));
  console.log(`results.json: ${(statSync(join(dir, 'results.json')).size / 2 ** 20).toFixed(1)} MiB`);
  const read = await time('read results.json back', () => readResults(join(dir, 'results.json')));
  await time('re-score checkboxes (IoU) and render', async () => writeReport(join(dir, 'iou'), await rescore(read, { metricByType: { checkbox: 'checkbox-iou' } }), { width: 120 }));
  console.log(`max RSS ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
