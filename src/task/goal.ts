import { parseActions } from '../action-set/parse.ts';
import { ACTION_SIGNATURES, isActionName } from '../action-set/signatures.ts';
import { closest } from './errors.ts';
import { mapStrings, sitesNamedIn } from './site-placeholders.ts';
import { fillTemplate } from './template.ts';
import type { EpisodeProtocol, EvaluatorEntry, Instance, TaskError } from './types.ts';
import type { YamlSource } from './yaml-source.ts';

/** Written evaluators: one name per entry with its settings ({ answer: { exact_match: yes } }). */
type WrittenEvaluation = Record<string, unknown>[];

/** The keys of a task file that make it a goal task, as written (after the schema passed). */
export interface GoalKeys {
  goal?: string | { expression: string };
  page?: string;
  site?: string;
  start_url?: string;
  setup?: string;
  ready?: string;
  done?: string;
  max_steps?: number;
  sites?: string[];
  login?: string[];
  require_reset?: boolean;
  changes_sites?: boolean | string[];
  eval?: WrittenEvaluation;
}

/** What an inline instance may say of its episode. */
export interface InstanceGoalKeys {
  solution?: string[];
  eval?: WrittenEvaluation;
  /** Several: the first is opened, the others in tabs after it (WebArena's " |AND| "). */
  start_url?: string | string[];
  goal?: string;
}

/** WebArena's step budget. */
export const DEFAULT_MAX_STEPS = 30;

const GOAL_ONLY = ['page', 'site', 'start_url', 'setup', 'ready', 'done', 'max_steps', 'sites', 'login', 'require_reset', 'changes_sites'] as const;
const NAME = /\$\{([\w.-]+)\}/g;

/** A goal task's protocol; errors for goal keys on a task without a goal. */
export function readProtocol(source: YamlSource, doc: GoalKeys, errors: TaskError[]): EpisodeProtocol | undefined {
  if (doc.goal === undefined) {
    const misplaced = GOAL_ONLY.filter((key) => doc[key] !== undefined)
      .map((key) => source.errorAt([key], `${key} belongs to a goal task: add goal: (what the agent must do), or remove it`, 'key'));
    errors.push(...misplaced.sort((a, b) => a.line - b.line || a.col - b.col));
    return undefined;
  }
  return { ...(doc.setup && { setup: doc.setup }), ...(doc.ready && { ready: doc.ready }), ...(doc.done && { done: doc.done }), maxSteps: doc.max_steps ?? DEFAULT_MAX_STEPS };
}

/**
 * Each instance's evaluators, and a goal task's goal, start URL and solution, with the
 * instance's values in their `${name}` placeholders: a placeholder without a value, a solution
 * step that does not parse, an instance left without evaluators are errors at their place.
 * `items`: the instances as written inline (undefined for a CSV: the task's keys hold for all).
 */
export function readEpisodes(source: YamlSource, doc: GoalKeys, instances: Instance[], items: InstanceGoalKeys[] | undefined, hasFormFields: boolean, errors: TaskError[]): void {
  const taskEval = doc.eval && entriesOf(doc.eval);
  // The fields evaluator scores the form's fields: a page without any leaves it nothing to score.
  const checkFields = (entries: EvaluatorEntry[], path: (string | number)[]) => entries.forEach((e, j) => {
    if (e.evaluator === 'fields' && !hasFormFields) errors.push(source.errorAt([...path, j, 'fields'], 'fields scores the form\'s fields, and the page has none (input, select, textarea) nor declares any under fields:', 'key'));
  });
  if (taskEval) checkFields(taskEval, ['eval']);
  if (doc.goal !== undefined && doc.site === undefined) {
    for (const key of ['start_url', 'sites', 'login', 'require_reset', 'changes_sites'] as const) if (doc[key] !== undefined) errors.push(source.errorAt([key], `${key} ${GOES_WITH_SITE}`, 'key'));
  }
  instances.forEach((instance, i) => {
    const item = items?.[i] ?? {};
    const at = (...path: (string | number)[]) => (items ? ['instances', i, ...path] : path);
    const fill = <T>(value: T, where: string, path: (string | number)[]): T => {
      for (const name of missingNames(value, instance.values)) {
        errors.push(source.errorAt(items ? at('values') : path, `no value for placeholder \${${name}} (used in ${where}${items ? '' : ` of instance ${instance.id}`})`));
      }
      return fillValue(value, instance.values);
    };
    const written = item.eval ? entriesOf(item.eval) : taskEval;
    if (item.eval) checkFields(written!, at('eval'));
    if (written) instance.eval = fill(written, item.eval ? `this instance's eval` : 'eval', item.eval ? at('eval') : ['eval']);
    if (doc.goal === undefined) {
      if (item.solution) errors.push(source.errorAt(at('solution'), 'a solution belongs to a goal task: add goal: to the task, or remove it', 'key'));
      if (item.start_url) errors.push(source.errorAt(at('start_url'), 'start_url belongs to a goal task on a site: add goal: and site: to the task, or remove it', 'key'));
      if (item.goal) errors.push(source.errorAt(at('goal'), 'an instance\'s goal belongs to a goal task: add goal: to the task, or remove it', 'key'));
      return;
    }
    if (!written) errors.push(source.errorAt(at(), 'no evaluators: give the task or this instance an eval: list (answer, url, html, page, fields)'));
    const [startUrl, ...tabs] = [item.start_url ?? doc.start_url].flat();
    const startPath = item.start_url !== undefined ? at('start_url') : ['start_url'];
    if (doc.site === undefined && item.start_url !== undefined) errors.push(source.errorAt(startPath, `start_url ${GOES_WITH_SITE}`, 'key'));
    if (doc.site !== undefined && startUrl === undefined) errors.push(source.errorAt(at(), `no start_url: a task on site "${doc.site}" needs one, on the task or on this instance`));
    const filledStart = startUrl !== undefined ? fill(startUrl, 'start_url', startPath) : undefined;
    const filledTabs = tabs.map((tab) => fill(tab!, 'start_url', startPath));
    // Other tabs may be on other sites, by their placeholders.
    for (const tab of filledTabs) {
      if (!tab.startsWith('/') && !sitesNamedIn(tab.split('/')[0]).length) errors.push(source.errorAt(startPath, `start_url's other pages are paths on the site, or start with a site's __NAME__, not "${tab}"`));
    }
    if (doc.site !== undefined && filledStart !== undefined && !filledStart.startsWith('/')) {
      errors.push(source.errorAt(startPath, `start_url must be a path on the site, starting with / (its base URL comes from the manifest), not "${filledStart}"`));
    }
    const solution = item.solution && fill(item.solution, 'the solution', at('solution'));
    solution?.forEach((step, j) => {
      const problem = solutionStepProblem(step);
      if (problem) errors.push(source.errorAt(at('solution', j), `solution step does not parse: ${problem}`));
    });
    const goal = item.goal !== undefined ? { text: fill(item.goal, 'this instance\'s goal', at('goal')) }
      : typeof doc.goal === 'string' ? { text: fill(doc.goal, 'goal', ['goal']) } : doc.goal;
    // The sites an instance uses: each must be configured for it to run, and is checked against the manifest.
    const sites = doc.site !== undefined ? [...new Set([doc.site, ...(doc.sites ?? []), ...(doc.login ?? []), ...sitesNamedIn([filledStart, filledTabs, instance.eval, solution])])] : undefined;
    instance.episode = {
      goal,
      ...(filledStart !== undefined && { startUrl: filledStart }),
      ...(filledTabs.length && { tabs: filledTabs }),
      ...(sites && { sites }),
      ...(solution && { solution }),
    };
  });
}

/**
 * The sites a task on sites changes, which it holds alone while an instance runs
 * (`changes_sites`: true, or some of its sites); by default what it resets. A reset changes
 * every site the task uses, so with require_reset nothing less can be said.
 */
export function readSiteChanges(source: YamlSource, doc: GoalKeys, errors: TaskError[]): 'all' | string[] {
  const written = doc.changes_sites;
  if (doc.require_reset === true) {
    if (written !== undefined && written !== true) errors.push(source.errorAt(['changes_sites'], 'require_reset: true resets, so changes, every site the task uses: remove changes_sites, or make it true', 'key'));
    return 'all';
  }
  if (written === true) return 'all';
  if (!Array.isArray(written)) return [];
  const declared = [...new Set([doc.site!, ...(doc.sites ?? []), ...(doc.login ?? [])])];
  written.forEach((name, i) => {
    if (!declared.includes(name)) errors.push(source.errorAt(['changes_sites', i], `site "${name}" is not one of the task's sites (${declared.join(', ')}): list it under sites:, or remove it`));
  });
  return written;
}

const GOES_WITH_SITE = 'goes with site: (a task on a page starts at its page)';

/** A solution step is one action; a call of a name that is no action says so (the parser looks only for actions). */
function solutionStepProblem(step: string): string | undefined {
  const called = /^\s*([A-Za-z_]\w*)\s*\(/.exec(step)?.[1];
  if (called !== undefined && !isActionName(called)) {
    const guess = closest(called, Object.keys(ACTION_SIGNATURES));
    return `unknown action "${called}"${guess ? ` (did you mean "${guess}"?)` : ''}`;
  }
  const parsed = parseActions(step);
  return parsed.errors[0]?.message ?? (parsed.actions.length !== 1 ? `expected one action, found ${parsed.actions.length}` : undefined);
}

const entriesOf = (written: WrittenEvaluation): EvaluatorEntry[] =>
  written.map((entry) => {
    const [evaluator, settings] = Object.entries(entry)[0]!;
    return { evaluator, settings };
  });

/** Placeholder names in every text of a value that the instance has no value for. */
function missingNames(value: unknown, values: Record<string, string>): string[] {
  const texts: string[] = [];
  mapStrings(value, (text) => (texts.push(text), text));
  return [...new Set(texts.flatMap((t) => [...t.matchAll(NAME)].map((m) => m[1]!)).filter((n) => !Object.hasOwn(values, n)))];
}

const fillValue = <T>(value: T, values: Record<string, string>): T => mapStrings(value, (text) => fillTemplate(text, values));
