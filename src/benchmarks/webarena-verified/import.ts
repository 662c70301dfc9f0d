import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { sitesNamedIn } from '../../task/site-placeholders.ts';
import type { EvaluatorEntry } from '../../task/types.ts';
import type { ImportResult } from '../../task/import-output.ts';
import { goalOf, startPagesOf, startUrlOf, valuesAndGoal, writeTemplateTasks, type TemplatedTask } from '../webarena/shape.ts';
import { changeableSites, WEBARENA_SITES } from '../webarena/sites.ts';

/** One task of WebArena-Verified's dataset (assets/dataset/webarena-verified.json). */
interface VerifiedTask extends TemplatedTask {
  sites: string[];
  start_urls: string[];
  revision: number;
  eval: ({ evaluator: string } & Record<string, unknown>)[];
  /** benchwright's addition, in a copy of a task (the reference refuses keys it does not know): the reference actions the oracle replays. */
  solution?: string[];
}

/** Each evaluator of the dataset as benchwright's, with the keys the reference accepts at its level (it refuses others). */
const EVALUATORS: Record<string, { name: string; keys: string[] }> = {
  AgentResponseEvaluator: { name: 'agent-response', keys: ['expected', 'results_schema', 'ordered'] },
  NetworkEventEvaluator: {
    name: 'network',
    keys: ['expected', 'last_event_only', 'should_not_exist', 'ignored_query_params', 'ignored_query_params_patterns', 'decode_base64_query', 'query_params_schema', 'post_data_schema', 'ignored_post_data_params_patterns'],
  },
};

/** The keys of a network check's `expected` the reference reads (others it ignores, and so does the import, with a note). */
const EXPECTED_EVENT_KEYS = ['url', 'http_method', 'response_status', 'query_params', 'headers', 'post_data', 'response_content', 'response_cookies'];

/**
 * WebArena-Verified's tasks as task files, in the WebArena importer's shape: one per intent
 * template (task_id is the instance id), each instance with its revision, its start pages (the
 * first opened, the others in tabs), its evaluators (agent-response, network) and the tags of
 * the subsets it is in (`@hard`); the manifest names the sites, with logins where WebArena has
 * an account.
 */
export function importWebArenaVerified(input: string, out: string): ImportResult {
  const { tasks, subsets } = readDataset(resolve(input));
  const notes: string[] = [];
  const groups = new Map<string, VerifiedTask[]>();
  for (const task of tasks.sort((a, b) => a.task_id - b.task_id)) {
    const key = JSON.stringify([task.intent_template_id, task.start_urls[0]?.match(/^__\w+?__/)?.[0], loginOf(task)]);
    groups.set(key, [...(groups.get(key) ?? []), task]);
  }
  const written = writeTemplateTasks(out, { name: 'WebArena-Verified', comment: (first) => `WebArena-Verified intent template ${first.intent_template_id}, written by benchwright import webarena-verified. Instance ids are its task_id.` },
    [...groups.values()].map((group) => ({ stem: `webarena-verified-${group[0]!.intent_template_id}`, tasks: group })),
    (id, group) => taskOf(id, group, subsets, notes),
    (group) => sitesNamedIn(group.map((t) => t.eval)));
  for (const [name, ids] of subsets) notes.push(`subset ${name}: ${ids.size} task ids, ${tasks.filter((t) => ids.has(t.task_id)).length} of them imported (tag @${name})`);
  return { tasks: written, notes };
}

/** The sites of a task WebArena has an account on: each instance starts logged in to them (the reference's agents are). */
const loginOf = (task: VerifiedTask) => task.sites.filter((s) => WEBARENA_SITES[s]?.login).sort();

function taskOf(id: string, group: VerifiedTask[], subsets: Map<string, Set<number>>, notes: string[]) {
  const first = group[0]!;
  const goal = goalOf(first.intent_template);
  const start = startPagesOf(first, first.start_urls)[0]!.site;
  const login = loginOf(first);
  const others = [...new Set(group.flatMap((t) => t.sites))].filter((s) => s !== start).sort();
  const changes = changeableSites([start, ...others]);
  return {
    id,
    title: first.intent_template,
    description: `WebArena-Verified intent template ${first.intent_template_id} on ${[...new Set(group.flatMap((t) => t.sites))].join(', ')}`,
    split: 'test',
    site: start,
    ...(others.length && { sites: others }),
    ...(login.length && { login }),
    // A task whose answer is a change (task type mutate) holds its copies of the sites it can change alone.
    ...(group.some((task) => taskTypeOf(task)[0] === 'mutate') && changes.length && { changes_sites: changes }),
    goal,
    instances: group.map((task) => {
      if (!task.start_urls?.length) throw new Error(`task ${task.task_id}: no start_urls`);
      // Its subsets, and its task type (retrieve, mutate, navigate): the tables by tag give success per subset and per type.
      const tags = [...[...subsets].filter(([, ids]) => ids.has(task.task_id)).map(([name]) => name), ...taskTypeOf(task)];
      return {
        id: String(task.task_id),
        ...valuesAndGoal(task, goal),
        start_url: startUrlOf(startPagesOf(task, task.start_urls)),
        revision: task.revision,
        ...(tags.length && { tags }),
        eval: evaluatorsOf(task, notes).map((entry) => ({ [entry.evaluator]: entry.settings })),
        ...(Array.isArray(task.solution) && { solution: task.solution }),
      };
    }),
    source: 'https://github.com/ServiceNow/webarena-verified/blob/main/assets/dataset/webarena-verified.json',
    license: 'Apache-2.0',
  };
}

/** The expected answer's task type, lower-cased (as a tag's name). */
function taskTypeOf(task: VerifiedTask): string[] {
  const type = (task.eval.find((e) => e.evaluator === 'AgentResponseEvaluator')?.expected as { task_type?: unknown } | undefined)?.task_type;
  return typeof type === 'string' && /^[A-Za-z]+$/.test(type) ? [type.toLowerCase()] : [];
}

/** The tasks of WebArena-Verified's dataset (a file or a checkout) as what judges them: each one's evaluators in benchwright's names. */
export function readVerifiedTasks(path: string): { task_id: number; intent_template_id: number; sites: string[]; revision: number; evaluators: EvaluatorEntry[] }[] {
  const notes: string[] = [];
  return readDataset(resolve(path)).tasks.map((task) => ({ task_id: task.task_id, intent_template_id: task.intent_template_id, sites: task.sites, revision: task.revision, evaluators: evaluatorsOf(task, notes) }));
}

function evaluatorsOf(task: VerifiedTask, notes: string[]): EvaluatorEntry[] {
  if (!task.eval?.some((e) => e.evaluator === 'AgentResponseEvaluator')) throw new Error(`task ${task.task_id}: no AgentResponseEvaluator (every WebArena-Verified task has one)`);
  return task.eval.map(({ evaluator, ...settings }) => {
    const known = EVALUATORS[evaluator];
    if (!known) throw new Error(`task ${task.task_id}: unknown evaluator "${evaluator}" (WebArena-Verified's are ${Object.keys(EVALUATORS).join(', ')})`);
    const unknown = Object.keys(settings).filter((k) => !known.keys.includes(k));
    if (unknown.length) throw new Error(`task ${task.task_id}: ${evaluator} has keys the reference refuses: ${unknown.join(', ')} (expected ${known.keys.join(', ')})`);
    if (evaluator === 'NetworkEventEvaluator') {
      const expected = settings.expected as Record<string, unknown>;
      const ignored = Object.keys(expected).filter((k) => !EXPECTED_EVENT_KEYS.includes(k));
      if (ignored.length) notes.push(`task ${task.task_id}: ${ignored.join(', ')} in a network check's expected are not read (the reference ignores them too)`);
      settings.expected = Object.fromEntries(Object.entries(expected).filter(([k]) => EXPECTED_EVENT_KEYS.includes(k)));
    }
    return { evaluator: known.name, settings };
  });
}

/** The dataset, and its subsets by name: a webarena-verified.json, or a checkout of the repository (assets/dataset/). */
function readDataset(path: string): { tasks: VerifiedTask[]; subsets: Map<string, Set<number>> } {
  if (!existsSync(path)) throw new Error(`${path}: no such file or folder`);
  const file = statSync(path).isDirectory() ? [join(path, 'assets', 'dataset', 'webarena-verified.json'), join(path, 'webarena-verified.json')].find(existsSync) : path;
  if (!file) throw new Error(`${path}: no assets/dataset/webarena-verified.json in it (expected the dataset file or a checkout of ServiceNow/webarena-verified)`);
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: not JSON: ${(e as Error).message}`);
  }
  if (!Array.isArray(data)) throw new Error(`${file}: expected a list of WebArena-Verified tasks`);
  data.forEach((task, i) => {
    if (!isTask(task)) throw new Error(`${file} item ${i}: not a WebArena-Verified task (expected task_id, intent_template_id, intent_template, intent, sites, start_urls, revision and eval)`);
  });
  return { tasks: data as VerifiedTask[], subsets: readSubsets(dirname(file)) };
}

/**
 * Subsets beside the dataset: the repository's subsets/*.json ({task_ids: [...]}), or
 * hard-subset.json; named by the file (webarena-verified-hard.json: hard).
 */
function readSubsets(folder: string): Map<string, Set<number>> {
  const files = [
    ...(existsSync(join(folder, 'subsets')) ? readdirSync(join(folder, 'subsets')).filter((f) => f.endsWith('.json')).sort().map((f) => join(folder, 'subsets', f)) : []),
    ...[join(folder, 'hard-subset.json')].filter(existsSync),
  ];
  const subsets = new Map<string, Set<number>>();
  for (const file of files) {
    const name = basename(file, '.json').replace(/^webarena-verified-/, '').replace(/-subset$/, '');
    const data = JSON.parse(readFileSync(file, 'utf8')) as { task_ids?: unknown };
    if (!Array.isArray(data.task_ids) || !data.task_ids.every((id) => Number.isInteger(id))) throw new Error(`${file}: expected {"task_ids": [...]} (a list of task ids)`);
    subsets.set(name, new Set([...(subsets.get(name) ?? []), ...(data.task_ids as number[])]));
  }
  return subsets;
}

function isTask(value: unknown): value is VerifiedTask {
  const t = value as Partial<VerifiedTask> | null;
  return typeof t?.task_id === 'number' && typeof t.intent_template_id === 'number' && typeof t.intent_template === 'string' && typeof t.intent === 'string' &&
    Array.isArray(t.sites) && Array.isArray(t.start_urls) && typeof t.revision === 'number' && Array.isArray(t.eval);
}
