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

const ANSWERABLE = new Set(['radio', 'checkbox', 'select', 'text', 'textarea', 'range']);
let pool: (Demonstration & { task: string })[] | undefined;

/**
 * In-context demonstrations: for train tasks other than `taskId`, in a fixed order, the first
 * answerable field of the first instance, its relevant HTML in the rendered template, and the
 * action the oracle takes there. Built once per worker.
 */
export function demonstrations(taskId: string, count: number): Demonstration[] {
  if (count <= 0) return [];
  pool ??= buildPool(8);
  return pool.filter((d) => d.task !== taskId).slice(0, count).map(({ field, html, action }) => ({ field, html, action }));
}

function buildPool(size: number): (Demonstration & { task: string })[] {
  const train = loadBenchmark(benchmarkPath()).tasks
    .filter((t) => t.split === 'train' && t.id && !t.errors.length)
    .sort((a, b) => hashSeed(a.id!) - hashSeed(b.id!));
  const found: (Demonstration & { task: string })[] = [];
  for (const summary of train) {
    if (found.length >= size) break;
    const { task } = loadTaskFile(summary.file);
    const instance = task?.instances[0];
    if (!task || !instance) continue;
    const dom = parseDocument(fillTemplate(task.html, instance.values));
    for (const field of goldFields(task.fields, instance)) {
      const action = field.type && ANSWERABLE.has(field.type) ? goldAction({ name: field.name, type: field.type, found: true, value: '' }, instance.gold[field.name]!) : undefined;
      const element = DomUtils.findOne((e: Element) => e.attribs.name === field.name, dom.children);
      if (!action || !element) continue;
      const around = (element.parent?.parent ?? element.parent ?? element) as Element;
      found.push({ task: task.id, field: field.name, html: relevantHtml(DomUtils.getOuterHTML(around), DomUtils.getOuterHTML(element)), action: formatAction(action) });
      break;
    }
  }
  return found;
}
