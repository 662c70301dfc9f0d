import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { agentResponse } from './agent-response-evaluator.ts';
import { isNavigateTask, network, networkEvidence, readHar, sitePlaceholders, type HarRead, type NetworkExpected } from './network-evaluator.ts';
import type { Evaluation } from '../../record/evaluation.ts';
import type { AgentResponseSpec } from './answers/agent-response.ts';
import { isEvaluationEvent } from './network/har.ts';
import type { NetworkCheck } from './network/check.ts';
import { withSiteUrls } from '../../task/site-placeholders.ts';
import type { EvaluatorEntry } from '../../task/types.ts';

// Runs made by any harness, scored here: folders laid out as WebArena-Verified's eval-tasks
// reads them (<task_id>/agent_response.json, <task_id>/network.har), each given its
// eval_result.json as the reference writes it.

/** What a task is judged by: its evaluators in benchwright's names, with its sites and revision. */
export interface VerifiedDefinition {
  task_id: number;
  intent_template_id?: number;
  sites: string[];
  revision?: number;
  evaluators: EvaluatorEntry[];
}

/** One folder's verdict: the task's, and each evaluator's (status as the reference's: success, failure, error). */
export interface FolderResult {
  task_id: number;
  status: 'success' | 'failure' | 'error';
  score: number;
  evaluators: { name: string; evaluator: string; status: string; score: number; reason?: string; shouldNotExist?: boolean; evaluation: Evaluation }[];
  error?: string;
}

const REFERENCE_NAMES: Record<string, string> = { 'agent-response': 'AgentResponseEvaluator', network: 'NetworkEventEvaluator' };

/** The reference's config file: {"environments": {"__GITLAB__": {"urls": [...], "active_url_idx": 0}}}, keys the placeholder, the site's name or its value. */
function sitesOfConfig(file: string): Record<string, string> {
  const config = JSON.parse(readFileSync(file, 'utf8')) as { environments?: Record<string, { urls?: string[]; active_url_idx?: number }> };
  return Object.fromEntries(Object.entries(config.environments ?? {}).flatMap(([key, env]) => {
    const url = env.urls?.[env.active_url_idx ?? 0];
    return url ? [[key.replace(/^__|__$/g, '').toLowerCase(), url.replace(/\/+$/, '')]] : [];
  }));
}

/** As the reference falls back when no config names a task's site: the origin of the recorded requests (the admin under /admin). */
function sitesOfHar(har: HarRead, sites: string[]): Record<string, string> {
  const events = 'error' in har ? [] : har.entries.filter(isEvaluationEvent).map((e) => e.request.url);
  if (!events.length) return {};
  return Object.fromEntries(sites.map((site, i) => {
    const origin = new URL(events[Math.min(i, events.length - 1)]!).origin;
    return [site, site === 'shopping_admin' ? `${origin}/admin` : origin];
  }));
}

/** Scores one output folder of a task. */
export async function evaluateFolder(folder: string, definition: VerifiedDefinition, configured: Record<string, string>): Promise<FolderResult> {
  const answer = readFileSync(join(folder, 'agent_response.json'), 'utf8');
  const har = readHar(readFileSync(join(folder, 'network.har'), 'utf8'), 'network.har');
  const runConfig = join(folder, 'run_config.json');
  const given = { ...(existsSync(runConfig) ? sitesOfConfig(runConfig) : {}), ...configured };
  // As the reference: when a site of the task has no URL, every one is taken from the requests.
  const bases = definition.sites.every((s) => given[s]) ? given : { ...given, ...sitesOfHar(har, definition.sites) };
  const navigate = isNavigateTask(definition.evaluators);
  const evaluators: FolderResult['evaluators'] = [];
  for (const entry of definition.evaluators) {
    // As in a run here: the answer's settings with the sites' URLs, a network check's as written (it renders its URLs itself).
    const settings = entry.evaluator === 'network' ? entry.settings : withSiteUrls(entry.settings, bases);
    let evaluation: Evaluation;
    if (entry.evaluator === 'agent-response') evaluation = await agentResponse.score({ answer }, settings as AgentResponseSpec, {});
    else if (entry.evaluator === 'network') {
      const expected: NetworkExpected = { ...(settings as NetworkCheck), navigate };
      evaluation = await network.score(networkEvidence(har, expected, sitePlaceholders(bases)), expected, {});
    } else throw new Error(`task ${definition.task_id}: evaluator "${entry.evaluator}" is not WebArena-Verified's`);
    const status = String(evaluation.recorded?.status ?? (evaluation.score === 1 ? 'success' : 'failure'));
    const shouldNotExist = entry.evaluator === 'network' ? (settings as NetworkCheck).should_not_exist === true : undefined;
    evaluators.push({ name: REFERENCE_NAMES[entry.evaluator]!, evaluator: entry.evaluator, status, score: evaluation.score ?? 0, ...(evaluation.reason && { reason: evaluation.reason }), ...(shouldNotExist !== undefined && { shouldNotExist }), evaluation });
  }
  // As the reference: an evaluator's error makes the task's; every one at 1 is success.
  const status = evaluators.some((e) => e.status === 'error') ? 'error' : evaluators.every((e) => e.score === 1) ? 'success' : 'failure';
  return { task_id: definition.task_id, status, score: status === 'success' ? 1 : 0, evaluators };
}

/** The task folders of an output folder: numeric names holding both files. */
export function taskFolders(outputDir: string): { id: number; folder: string }[] {
  return readdirSync(outputDir).filter((name) => /^\d+$/.test(name)).map((name) => ({ id: Number(name), folder: join(outputDir, name) }))
    .filter(({ folder }) => statSync(folder).isDirectory() && existsSync(join(folder, 'agent_response.json')) && existsSync(join(folder, 'network.har')))
    .sort((a, b) => a.id - b.id);
}

/** Every task folder scored, each given its eval_result.json in the reference's shape. */
export async function evaluateOutputs(outputDir: string, definitions: Map<number, VerifiedDefinition>, options: { config?: string; taskIds?: number[] } = {}): Promise<FolderResult[]> {
  const configured = options.config ? sitesOfConfig(options.config) : {};
  const results: FolderResult[] = [];
  for (const { id, folder } of taskFolders(outputDir)) {
    if (options.taskIds && !options.taskIds.includes(id)) continue;
    const definition = definitions.get(id);
    let result: FolderResult;
    try {
      if (!definition) throw new Error(`task ${id} is not in the dataset given`);
      result = await evaluateFolder(folder, definition, configured);
    } catch (e) {
      result = { task_id: id, status: 'error', score: 0, evaluators: [], error: `Failed to evaluate task ${id}: ${(e as Error).message}` };
    }
    writeFileSync(join(folder, 'eval_result.json'), `${JSON.stringify(referenceResult(result, definition), null, 2)}\n`);
    results.push(result);
  }
  return results;
}

/** A verdict as the reference's TaskEvalResult writes it (eval_result.json). */
function referenceResult(result: FolderResult, definition: VerifiedDefinition | undefined) {
  return {
    task_id: result.task_id,
    ...(definition?.intent_template_id !== undefined && { intent_template_id: definition.intent_template_id }),
    ...(definition && { sites: definition.sites }),
    ...(definition?.revision !== undefined && { task_revision: definition.revision }),
    status: result.status,
    score: result.score,
    evaluators_results: result.evaluators.map((e) => ({
      evaluator_name: e.name,
      status: e.status,
      score: e.score,
      actual: e.evaluation.got ?? null,
      expected: e.evaluation.expected ?? null,
      assertions: (e.evaluation.recorded?.assertions as string[] | undefined)?.length ? (e.evaluation.recorded!.assertions as string[]).map((name) => ({ assertion_name: name, status: 'failure', assertion_msgs: [e.reason ?? ''] })) : null,
      error_msg: e.status === 'error' ? (e.reason ?? null) : null,
      should_not_exist: e.shouldNotExist ?? null,
    })),
    ...(result.error && { error_msg: result.error }),
    evaluated_by: 'benchwright',
  };
}
