import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fromEvaluateResult, pythonStr, type EvaluateResult } from '../../python/value.ts';
import { onSite } from '../../task/site-placeholders.ts';
import type { SiteEntry } from '../../task/manifest.ts';
import { fillTemplate } from '../../task/template.ts';
import { writeManifest, writeTaskFile, type ImportedTask, type ImportResult } from '../../task/import-output.ts';
import { WEBARENA_SITES } from './sites.ts';

// What WebArena's importers share (WebArena, WebArena-Verified): a task per intent template,
// the template as the goal, WebArena's values as its Python writes them, start pages on sites,
// and a manifest naming the sites with their variables, logins and resets.

/** A task of either dataset, as far as its shape goes. */
export interface TemplatedTask {
  task_id: number;
  intent_template_id: number;
  intent_template: string;
  instantiation_dict: Record<string, unknown>;
  intent: string;
}

/** `{{name}}` becomes `${name}`: the task's goal, each instance filling it with its values. */
export const goalOf = (template: string) => template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => `\${${name}}`);

/**
 * An instance's values, as WebArena's Python writes them into the intent (str() of each: a list
 * as ['a', 'b']), and its own goal where the intent differs from its task's goal filled in
 * (edited intents, or a template edited since the task's first instance).
 */
export function valuesAndGoal(task: TemplatedTask, goal: string): { values: Record<string, string>; goal?: string } {
  const values = Object.fromEntries(Object.entries(task.instantiation_dict ?? {}).map(([k, v]) => [k, pythonStr(fromEvaluateResult(v as EvaluateResult))]));
  return { values, ...(fillTemplate(goal, values) !== task.intent && { goal: task.intent }) };
}

/** Start pages: each one's site and path; the first opens, the others in tabs after it. */
export function startPagesOf(task: TemplatedTask, urls: string[]): { site: string; path: string }[] {
  return urls.map((url) => {
    const start = onSite(url.trim());
    if (!start) throw new Error(`task ${task.task_id}: start_url "${url}" does not start with a site placeholder (__SHOPPING__, __GITLAB__, ...)`);
    return start;
  });
}

/** An instance's start_url: a path on its start site, or a list whose later pages open in tabs (on another site by its placeholder). */
export function startUrlOf(pages: { site: string; path: string }[]): string | string[] {
  const [page, ...tabs] = pages;
  return tabs.length ? [page!.path, ...tabs.map((tab) => (tab.site === page!.site ? tab.path : `__${tab.site.toUpperCase()}__${tab.path}`))] : page!.path;
}

/** A group of tasks (one intent template, one start site, one login set) as one task file. */
export interface TaskGroup<T extends TemplatedTask> {
  /** The task id's stem (`webarena-12`): a second group of the same template gets `-2`. */
  stem: string;
  tasks: T[];
}

/**
 * Writes one task file per group, and the manifest with every site any task uses: a group that
 * cannot be converted is that task's error, the others are written.
 */
export function writeTemplateTasks<T extends TemplatedTask>(
  out: string,
  benchmark: { name: string; comment: (first: T) => string },
  groups: TaskGroup<T>[],
  taskOf: (id: string, tasks: T[]) => Record<string, unknown> & { site: string; sites?: string[]; login?: string[] },
  sitesIn: (tasks: T[]) => string[],
): ImportResult['tasks'] {
  const tasksDir = join(resolve(out), 'tasks');
  mkdirSync(tasksDir, { recursive: true });
  const used = new Set<string>();
  const sites = new Set<string>();
  const tasks = groups.map(({ stem, tasks: group }): ImportedTask => {
    let id = stem;
    for (let n = 2; used.has(id); n++) id = `${stem}-${n}`;
    used.add(id);
    const file = join(tasksDir, `${id}.yaml`);
    const title = group[0]!.intent_template;
    try {
      const task = taskOf(id, group);
      for (const site of [task.site, ...(task.sites ?? []), ...(task.login ?? []), ...sitesIn(group)]) sites.add(site);
      writeTaskFile(file, { comment: benchmark.comment(group[0]!), task });
      return { id, title, split: 'test', dir: tasksDir, file };
    } catch (e) {
      return { id, title, split: 'test', dir: tasksDir, file, error: (e as Error).message };
    }
  });
  writeManifest(resolve(out), benchmark.name, { test: `${benchmark.name} has one split: every task is a test task` }, {
    tasks: ['tasks/*.yaml'],
    sites: siteEntries([...sites]),
  });
  return tasks;
}

/** WebArena's sites by name, with the variables it reads, logins where it has an account, and a reset variable (a deployment's own: its README, "Sites, logins and resets"). */
export function siteEntries(names: string[]): Record<string, SiteEntry> {
  return Object.fromEntries([...new Set(names)].sort().map((site) => {
    const entry = WEBARENA_SITES[site] ?? { env: site.toUpperCase() };
    return [site, { ...entry, reset: { env: `${entry.env}_RESET` } }];
  }));
}
