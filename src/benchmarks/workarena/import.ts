import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { writeManifest, writeTaskFile, type ImportedTask, type ImportResult } from '../../task/import-output.ts';
import type { InstanceWriter } from './actions.ts';
import { writeOrder } from './families/catalog.ts';
import { writeChart } from './families/dashboard.ts';
import { writeForm } from './families/form.ts';
import { writeKnowledge } from './families/knowledge.ts';
import { writeFilter } from './families/list-filter.ts';
import { writeSort } from './families/list-sort.ts';
import { writeImpersonation, writeMenu } from './families/menu.ts';
import { L1_TASKS, type Family } from './l1-tasks.ts';
import { l1Seeds, pickedEntry } from './seeds.ts';
import { SERVICENOW_SITE } from './site.ts';

const CONFIGS = join('src', 'browsergym', 'workarena', 'data_files', 'task_configs');

const WRITERS: Record<Family, InstanceWriter> = {
  'list-sort': writeSort, 'list-filter': writeFilter, form: writeForm, knowledge: writeKnowledge,
  catalog: writeOrder, menu: writeMenu, impersonation: writeImpersonation, dashboard: writeChart,
};

/** Each family's protocol (index.ts): its site, step budget and lifecycle. */
export const PROTOCOL_OF: Record<Family, string> = {
  'list-sort': 'workarena-list', 'list-filter': 'workarena-list', form: 'workarena-form', knowledge: 'workarena-knowledge',
  catalog: 'workarena-catalog', menu: 'workarena-menu', impersonation: 'workarena-menu', dashboard: 'workarena-dashboard',
};

/**
 * WorkArena's L1 suite as task files: one task per task class, one instance per entry of its
 * configuration file (its position in the file is its id), goals as WorkArena writes them,
 * the oracle's steps from each family's cheat(), and the entries BrowserGym's workarena_l1
 * list picks with its seeds tagged `l1`. The manifest names the ServiceNow instance by
 * variables only.
 */
export function importWorkArena(input: string, out: string): ImportResult {
  const configs = configFolder(resolve(input));
  const notes: string[] = [];
  const seeds = l1Seeds();
  const tasks = L1_TASKS.map((task): ImportedTask => {
    const dir = join(out, task.id);
    const summary = { id: task.id, title: `workarena.servicenow.${task.id}`, split: 'test', dir };
    const file = join(configs, task.config);
    if (!existsSync(file)) return { ...summary, error: `${task.className} (tasks/${task.module}): its configuration file ${task.config} is not in ${configs}` };
    let entries: unknown[];
    try {
      entries = JSON.parse(readFileSync(file, 'utf8')) as unknown[];
      if (!Array.isArray(entries)) throw new Error('expected a JSON list of configurations');
    } catch (e) {
      return { ...summary, error: `${file}: ${(e as Error).message}` };
    }
    const picked = new Set(seeds.get(task.id)!.map((seed) => pickedEntry(seed, entries.length)));
    const instances = entries.flatMap((entry, index) => {
      try {
        const written = WRITERS[task.family](entry, task);
        return [{ id: String(index), values: { goal: written.goal }, ...(picked.has(index) && { tags: ['l1'] }), start_url: written.start_url, eval: written.eval, ...(written.solution.length && { solution: written.solution }) }];
      } catch (e) {
        notes.push(`${task.id}: entry ${index} of ${task.config} is left out: ${(e as Error).message}`);
        return [];
      }
    });
    if (!instances.length) return { ...summary, error: `${task.config} holds no configuration it can use` };
    mkdirSync(dir, { recursive: true });
    writeTaskFile(join(dir, 'task.yaml'), {
      comment: `WorkArena ${task.className} (src/browsergym/workarena/tasks/${task.module}), written by benchwright import workarena. Instance ids are positions in ${task.config}.`,
      task: {
        id: task.id, title: summary.title, description: `WorkArena L1, ${task.family}: ${task.className}`, split: 'test',
        site: 'servicenow', protocol: PROTOCOL_OF[task.family], goal: '${goal}', instances,
        source: 'https://github.com/ServiceNow/WorkArena', license: 'Apache-2.0',
      },
    });
    return summary;
  });
  writeManifest(out, 'WorkArena L1', { test: "WorkArena's L1 tasks" }, { sites: { servicenow: SERVICENOW_SITE } });
  return { tasks, notes };
}

/** BrowserGym's workarena_l1 step budget (max_steps=15). */
export const STEPS = 15;

/** The checkout's task_configs folder: given the checkout, or the folder itself. */
function configFolder(input: string): string {
  for (const candidate of [join(input, CONFIGS), input]) if (existsSync(join(candidate, 'all_menu.json')) || existsSync(join(candidate, 'sort_incident_list_task.json'))) return candidate;
  throw new Error(`${input} is not a WorkArena checkout: expected its configurations in ${join(input, CONFIGS)}`);
}
