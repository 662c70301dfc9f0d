import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { goldAction } from '../evaluators/fields/gold-action.ts';
import { formatAction } from '../action-set/signatures.ts';
import type { Demonstration } from '../agent/types.ts';
import { goldFields } from '../evaluators/fields/score-fields.ts';
import { relevantHtml } from '../observe/relevant-html.ts';
import { loadBenchmark } from '../task/benchmark.ts';
import { loadTaskFile } from '../task/load-task.ts';
import { fillTemplate } from '../task/template.ts';
import { loadDemonstrations } from './demonstration-store.ts';
import { chosenBenchmark } from './chosen-benchmark.ts';
import { hashSeed } from '../hash-seed.ts';

let pool: Demonstration[] | undefined;

/**
 * In-context demonstrations: answerable fields of the first instance of train tasks other than
 * `taskId` (tasks in a fixed order, their first fields first), each with its relevant HTML and
 * the oracle's action there: as an oracle run recorded them in the browser (`npx playwright
 * test --project=oracle` on the train split), else from the filled template. Built once per worker.
 */
export function demonstrations(taskId: string, count: number): Demonstration[] {
  if (count <= 0) return [];
  pool ??= buildPool();
  return pool.filter((d) => d.task !== taskId).slice(0, count);
}

const TASKS = 10;
const FIELDS_PER_TASK = 3;

function buildPool(): Demonstration[] {
  const train = loadBenchmark(chosenBenchmark()).tasks
    .filter((t) => t.split === 'train' && t.id && !t.errors.length)
    .sort((a, b) => hashSeed(a.id!) - hashSeed(b.id!))
    .slice(0, TASKS);
  const perTask = train.map((summary) => taskDemos(summary.file));
  // Round robin: the first field of every task before the second of any.
  return Array.from({ length: FIELDS_PER_TASK }, (_, i) => perTask.flatMap((demos) => demos[i] ?? [])).flat();
}

function taskDemos(file: string): Demonstration[] {
  const { task } = loadTaskFile(file);
  const instance = task?.instances[0];
  if (!task || !instance) return [];
  const recorded = loadDemonstrations(task.id, instance.id);
  if (recorded) return recorded.slice(0, FIELDS_PER_TASK).map((d) => ({ ...d, task: task.id, source: 'oracle run' }));
  const dom = parseDocument(fillTemplate(task.html, instance.values));
  const demos: Demonstration[] = [];
  for (const field of goldFields(task.fields, instance)) {
    const action = goldAction({ name: field.name, type: field.type, found: true, value: '' }, instance.gold[field.name]!);
    const element = DomUtils.findOne((e: Element) => e.attribs.name === field.name, dom.children);
    if (!action || !element) continue;
    const around = (element.parent?.parent ?? element.parent ?? element) as Element;
    demos.push({ task: task.id, source: 'template', field: field.name, html: relevantHtml(DomUtils.getOuterHTML(around), DomUtils.getOuterHTML(element)), action: formatAction(action) });
    if (demos.length === FIELDS_PER_TASK) break;
  }
  return demos;
}
