import { join } from 'node:path';
import type { TaskServer } from '../../src/server/task-server.ts';
import type { Instance, Task } from '../../src/task/types.ts';

let served = 0;

/** Serves an HTML template as a one-instance task (values fill its placeholders); returns its URL. */
export function serveHtml(server: TaskServer, html: string, values: Record<string, string> = {}): string {
  return serveInstance(server, html, values).url;
}

/** The same, with the task and instance (InstancePage.begin takes them). */
export function serveInstance(server: TaskServer, html: string, values: Record<string, string> = {}): { task: Task; instance: Instance; url: string } {
  const id = `page-${++served}`;
  const instance = { id: 'only', values, gold: {}, annotators: 0 };
  const task: Task = {
    id, title: id, description: '', split: 'test', file: join(import.meta.dirname, `${id}.yaml`), html,
    templateFile: join(import.meta.dirname, `${id}.html`), start: { kind: 'served', path: '' }, dataFiles: [], fields: [], instances: [instance],
  };
  server.add(task);
  return { task, instance, url: server.urlOf(task, instance) };
}
