import { join } from 'node:path';
import type { TaskServer } from '../../src/server/task-server.ts';
import type { Task } from '../../src/task/types.ts';

let served = 0;

/** Serves an HTML template as a one-instance task (values fill its placeholders); returns its URL. */
export function serveHtml(server: TaskServer, html: string, values: Record<string, string> = {}): string {
  const id = `page-${++served}`;
  const task: Task = {
    id, title: id, description: '', split: 'test', file: join(import.meta.dirname, `${id}.yaml`), html,
    templateFile: join(import.meta.dirname, `${id}.html`), dataFiles: [], fields: [],
    instances: [{ id: 'only', values, gold: {}, annotators: 0 }],
  };
  server.add(task);
  return server.urlOf(task, task.instances[0]!);
}
