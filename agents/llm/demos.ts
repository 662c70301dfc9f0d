import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { formatAction } from '../../src/actions/signatures.ts';
import { goldFields } from '../../src/metrics/score-fields.ts';
import { benchmarkPath, hashSeed } from '../../src/runner/selection.ts';
import { fillTemplate } from '../../src/server/render-instance.ts';
import { loadBenchmark } from '../../src/task/benchmark.ts';
import { loadTaskFile } from '../../src/task/load-task.ts';
import { goldAction } from '../oracle.ts';
import type { Demonstration } from './prompt.ts';
import { relevantHtml } from './relevant-html.ts';

let pool: (Demonstration & { task: string })[] | undefined;

/**
 * In-context demonstrations: answerable fields of the first instance of train tasks other than
 * `taskId` (tasks in a fixed order, their first fields first), each with its relevant HTML in
 * the rendered template and the action the oracle takes there. Built once per worker.
 */
export function demonstrations(taskId: string, count: number): Demonstration[] {
  if (count <= 0) return [];
  pool ??= buildPool();
  return pool.filter((d) => d.task !== taskId).slice(0, count).map(({ field, html, action }) => ({ field, html, action }));
}

const TASKS = 10;
const FIELDS_PER_TASK = 3;

function buildPool(): (Demonstration & { task: string })[] {
  const train = loadBenchmark(benchmarkPath()).tasks
    .filter((t) => t.split === 'train' && t.id && !t.errors.length)
    .sort((a, b) => hashSeed(a.id!) - hashSeed(b.id!))
    .slice(0, TASKS);
  const perTask = train.map((summary) => taskDemos(summary.file));
  // Round robin: the first field of every task before the second of any.
  return Array.from({ length: FIELDS_PER_TASK }, (_, i) => perTask.flatMap((demos) => demos[i] ?? [])).flat();
}

function taskDemos(file: string): (Demonstration & { task: string })[] {
  const { task } = loadTaskFile(file);
  const instance = task?.instances[0];
  if (!task || !instance) return [];
  const dom = parseDocument(fillTemplate(task.html, instance.values));
  const demos: (Demonstration & { task: string })[] = [];
  for (const field of goldFields(task.fields, instance)) {
    const action = goldAction({ name: field.name, type: field.type, found: true, value: '' }, instance.gold[field.name]!);
    const element = DomUtils.findOne((e: Element) => e.attribs.name === field.name, dom.children);
    if (!action || !element) continue;
    const around = (element.parent?.parent ?? element.parent ?? element) as Element;
    demos.push({ task: task.id, field: field.name, html: relevantHtml(DomUtils.getOuterHTML(around), DomUtils.getOuterHTML(element)), action: formatAction(action) });
    if (demos.length === FIELDS_PER_TASK) break;
  }
  return demos;
}
