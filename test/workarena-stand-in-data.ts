// What the ServiceNow stand-in needs to hold for the WorkArena instances a test runs, as a real
// instance holds it once WorkArena's installer has run: the columns a sort names, the knowledge
// base's articles, the catalog's items with their variables, the All menu's modules, the users
// to impersonate, the charts a dashboard or report shows.
import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { L1_TASKS } from '../src/benchmarks/workarena/l1-tasks.ts';
import { chartsKey, type Chart } from './sites/servicenow/dashboard-pages.ts';
import type { ServiceNowSite } from './sites/servicenow/servicenow-site.ts';
import { SHELL } from './sites/servicenow/shell.ts';
import { tempDir } from './helpers.ts';

/** Instance ids by task id. */
export type Chosen = Record<string, string[]>;

/** A task_configs folder: the checkout's files, and the test's own (test/fixtures/workarena) for those it lacks. */
export function configFolder(checkoutConfigs: string, fixtures: string): string {
  const dir = join(tempDir(), 'task_configs');
  mkdirSync(dir);
  for (const folder of [checkoutConfigs, fixtures]) for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) symlinkSync(join(folder, file), join(dir, file));
  return dir;
}

const entries = <T>(configs: string, taskId: string): T[] => JSON.parse(readFileSync(join(configs, L1_TASKS.find((t) => t.id === taskId)!.config), 'utf8')) as T[];
const family = (taskId: string) => L1_TASKS.find((t) => t.id === taskId)!.family;

export function furnish(site: ServiceNowSite, configs: string, chosen: Chosen, knowledgeBase: string): void {
  for (const [task, ids] of Object.entries(chosen)) {
    const picked = <T>() => ids.map((id) => entries<T>(configs, task)[Number(id)]!);
    switch (family(task)) {
      case 'list-sort': sortColumns(site, task, picked()); break;
      case 'catalog': addCatalogItem(site, entries(configs, task), picked()); break;
      case 'menu': site.menu.push(...picked<{ application: string; module: string; url: string }>()); break;
      case 'impersonation': for (const name of new Set(entries<string>(configs, task))) site.tables.insert('sys_user', { name, user_name: name.toLowerCase().replace(/\W+/g, '.'), active: 'true' }, 'admin'); break;
      case 'dashboard': for (const entry of picked<ChartConfig>()) chartsFor(site, entry); break;
    }
  }
  const articles = JSON.parse(readFileSync(knowledgeBase, 'utf8')) as { article: string }[];
  articles.forEach((a, i) => site.tables.insert('kb_knowledge', { number: `KB${String(i + 1).padStart(7, '0')}`, short_description: `Article ${i + 1}`, text: a.article }, 'admin'));
}

/** The list's columns a sort names, labelled as its goal names them. */
function sortColumns(site: ServiceNowSite, task: string, picked: { goal: string; sort_fields: string[] }[]): void {
  const table = L1_TASKS.find((t) => t.id === task)!.table!;
  for (const { goal, sort_fields: fields } of picked) {
    const labels = [...goal.matchAll(/^ - (.*) \(/gm)].map((m) => m[1]!);
    site.tables.define(table, table, Object.fromEntries(fields.map((f, i) => [f, labels[i]!])));
  }
}

type OrderConfig = { item: string; description: string; configuration: Record<string, [string, string | boolean]> };

/** An item of the Hardware category with its variables; a radio's or select's choices are every value its configurations give it. */
function addCatalogItem(site: ServiceNowSite, all: OrderConfig[], picked: OrderConfig[]): void {
  const [{ item: name, description }] = picked as [OrderConfig];
  if (site.tables.query('sc_cat_item', `name=${name}`).length) return;
  const item = site.tables.insert('sc_cat_item', { name, short_description: description, category: 'Hardware' }, 'admin');
  for (const [question, [type]] of Object.entries(picked[0]!.configuration)) {
    const choices = [...new Set(all.map((c) => String(c.configuration[question]?.[1])))];
    site.tables.insert('item_option_new', { question_text: question, type, cat_item: item.sys_id, choices: JSON.stringify(choices) }, 'admin');
  }
}

type ChartConfig = { url: string; chart_title: string; chart_series: string; question: string };

/**
 * The charts a dashboard or report shows: another chart before the asked one, the asked series
 * after another of its own when the task names one, and points that hold the asked label.
 */
function chartsFor(site: ServiceNowSite, config: ChartConfig): void {
  const key = chartsKey(decodeURIComponent(config.url.slice(SHELL.length)))!;
  const label = config.question.startsWith('value') ? config.question.split(';')[2]!.trim() : 'Hardware';
  const points = [{ label: 'Software', y: 12 }, { label, y: 30 }, { label: 'Network', y: 5 }, { label: 'Database', y: 3 }];
  const series = [...(config.chart_series ? [{ name: 'Last year', points: points.map((p) => ({ ...p, y: p.y + 1 })) }] : []), { name: config.chart_series || 'Count', points }];
  const asked: Chart = { title: config.chart_title || 'Report', type: 'bar', series };
  const other: Chart = { title: 'Something else', type: 'pie', series: [{ name: 'Count', points: [{ label: 'Other', y: 99 }, { label, y: 1 }] }] };
  site.charts.set(key, key.startsWith('dashboard:') && config.chart_title ? [other, asked] : [asked]);
}
