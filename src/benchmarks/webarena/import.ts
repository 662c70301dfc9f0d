import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { onSite, sitesNamedIn } from '../../task/site-placeholders.ts';
import type { ImportResult } from '../../task/import-output.ts';
import { changeableSites } from './sites.ts';
import { goalOf, startPagesOf, startUrlOf, valuesAndGoal, writeTemplateTasks, type TemplatedTask } from './shape.ts';

/** One task of WebArena's configurations (config_files/test.raw.json, or one <task_id>.json). */
interface WebArenaConfig extends TemplatedTask {
  sites: string[];
  start_url: string;
  storage_state: string | null;
  require_reset: boolean;
  geolocation: unknown;
  /** benchwright's addition beside a configuration: the reference actions the oracle replays. */
  solution?: string[];
  eval: {
    eval_types: string[];
    reference_answers: Record<string, unknown> | null;
    reference_url: string | null;
    program_html: Record<string, unknown>[] | null;
    string_note?: string;
  };
}

const REFERENCE_KEYS = ['exact_match', 'must_include', 'fuzzy_match'];

/**
 * WebArena's task configurations as task files: one per intent template (its tasks are the
 * instances, task_id their id), each instance with its start URL, its evaluators in WebArena's
 * order and WebArena's site placeholders kept (`__REDDIT__`: the manifest's site reddit), and
 * a manifest naming the sites with their variables, logins (WebArena's accounts' forms) and no
 * reset (a deployment's own: its README, "Sites, logins and resets").
 */
export function importWebArena(input: string, out: string): ImportResult {
  const configs = readConfigs(resolve(input));
  const notes: string[] = [];
  const groups = new Map<string, WebArenaConfig[]>();
  for (const config of configs.sort((a, b) => a.task_id - b.task_id)) {
    // Tasks of a template that start elsewhere or need other logins are a task of their own
    // (a start_url without a site: its template's task is reported with the reason).
    const key = JSON.stringify([config.intent_template_id, onSite(config.start_url.trim())?.site, loginOf(config), config.require_reset]);
    groups.set(key, [...(groups.get(key) ?? []), config]);
  }
  const tasks = writeTemplateTasks(out, { name: 'WebArena', comment: (first) => `WebArena intent template ${first.intent_template_id}, written by benchwright import webarena. Instance ids are WebArena's task_id.` },
    [...groups.values()].map((group) => ({ stem: `webarena-${group[0]!.intent_template_id}`, tasks: group })),
    (id, group) => taskOf(id, group, notes),
    (group) => sitesNamedIn(group.map((c) => c.eval)));
  return { tasks, notes };
}

function taskOf(id: string, group: WebArenaConfig[], notes: string[]) {
  const first = group[0]!;
  const goal = goalOf(first.intent_template);
  const login = loginOf(first);
  const start = startOf(first)[0]!.site;
  // The sites any of its tasks lists: each must be configured (an agent may browse them). The
  // shop's helpers read the shopping site's API, whichever site the task is on (WebArena reads SHOPPING).
  const helpers = JSON.stringify(group.map((c) => c.eval.program_html)).includes('func:shopping_') ? ['shopping'] : [];
  const others = [...new Set([...group.flatMap((c) => c.sites), ...helpers])].filter((s) => s !== start).sort();
  const changes = changeableSites([start, ...others]);
  return {
    id,
    title: first.intent_template,
    description: `WebArena intent template ${first.intent_template_id} on ${[...new Set(group.flatMap((c) => c.sites))].join(', ')}`,
    split: 'test',
    site: start,
    ...(others.length && { sites: others }),
    ...(login.length && { login }),
    ...(first.require_reset && { require_reset: true }),
    // A task judged by the sites' pages afterwards changed them: it holds its copies of those it can change alone.
    ...(!first.require_reset && group.some((c) => c.eval.eval_types.includes('program_html')) && changes.length && { changes_sites: changes }),
    goal,
    instances: group.map((config) => {
      if (config.geolocation !== null && config.geolocation !== undefined) notes.push(`task ${config.task_id}: geolocation ${JSON.stringify(config.geolocation)} is not applied (the browser keeps its own)`);
      const solution = Array.isArray(config.solution) ? { solution: config.solution } : {};
      return { id: String(config.task_id), ...valuesAndGoal(config, goal), start_url: startUrlOf(startOf(config)), eval: evaluatorsOf(config), ...solution };
    }),
    source: 'https://github.com/web-arena-x/webarena/blob/main/config_files/test.raw.json',
    license: 'Apache-2.0',
  };
}

/** Each start page's site and path: WebArena opens a tab per " |AND| " page, the first in front. */
const startOf = (config: WebArenaConfig) => startPagesOf(config, config.start_url.split(' |AND| '));

/** WebArena's auto-login state file names its sites: ./.auth/gitlab.reddit_state.json. */
function loginOf(config: WebArenaConfig): string[] {
  if (!config.storage_state) return [];
  const name = config.storage_state.split('/').pop()!.replace(/_state\.json$/, '');
  return name.split('.').filter(Boolean);
}

/** The evaluators of eval_types, in their order (WebArena multiplies them). */
function evaluatorsOf(config: WebArenaConfig): Record<string, unknown>[] {
  const { eval: e } = config;
  return e.eval_types.map((type) => {
    switch (type) {
      case 'string_match': {
        const references = Object.fromEntries(Object.entries(e.reference_answers ?? {}).filter(([k]) => REFERENCE_KEYS.includes(k)));
        if (!Object.keys(references).length) throw new Error(`task ${config.task_id}: string_match without reference_answers`);
        return { answer: { ...references, ...(e.string_note && { string_note: e.string_note }) } };
      }
      case 'url_match':
        if (!e.reference_url) throw new Error(`task ${config.task_id}: url_match without reference_url`);
        return { url: { reference_url: e.reference_url } };
      case 'program_html':
        if (!e.program_html?.length) throw new Error(`task ${config.task_id}: program_html without checks`);
        return { html: e.program_html };
      default:
        throw new Error(`task ${config.task_id}: unknown eval type "${type}" (WebArena's are string_match, url_match, program_html)`);
    }
  });
}

/** test.raw.json (a list), or a folder of per-task files (config_files/<task_id>.json). */
function readConfigs(path: string): WebArenaConfig[] {
  if (!existsSync(path)) throw new Error(`${path}: no such file or folder`);
  const files = statSync(path).isDirectory() ? readdirSync(path).filter((f) => f.endsWith('.json')).sort().map((f) => join(path, f)) : [path];
  const configs: WebArenaConfig[] = [];
  const seen = new Set<number>();
  for (const file of files) {
    let data: unknown;
    try {
      data = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new Error(`${file}: not JSON: ${(e as Error).message}`);
    }
    const list = Array.isArray(data) ? data : [data];
    for (const [i, config] of list.entries()) {
      const where = Array.isArray(data) ? `${file} item ${i}` : file;
      if (!isConfig(config)) throw new Error(`${where}: not a WebArena task configuration (expected task_id, intent_template_id, intent_template, intent, start_url and eval)`);
      // A folder may hold test.raw.json beside the per-task files it was made from: each task once.
      if (seen.has(config.task_id)) continue;
      seen.add(config.task_id);
      configs.push(config);
    }
  }
  if (!configs.length) throw new Error(`${path}: no WebArena task configurations`);
  return configs;
}

function isConfig(value: unknown): value is WebArenaConfig {
  const c = value as Partial<WebArenaConfig> | null;
  return typeof c?.task_id === 'number' && typeof c.intent_template_id === 'number' && typeof c.intent_template === 'string' &&
    typeof c.intent === 'string' && typeof c.start_url === 'string' && Array.isArray(c.eval?.eval_types);
}
