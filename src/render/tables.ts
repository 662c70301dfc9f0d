import { fieldTypes, type BudgetCut, type EpisodeStats, type NotRun, type Estimate, type GroupScore, type ProjectSummary } from '../analysis/aggregate.ts';
import { byCodePoint } from '../order.ts';

// The report's tables as rows of text (the first row is the header), shared by the terminal,
// Markdown and HTML renderings so they always show the same numbers.

export const formatScore = (value: number | null) => (value === null ? '–' : value.toFixed(3));

export const formatEstimate = (e: Estimate | undefined) =>
  !e || e.value === null ? '–' : e.se === null ? formatScore(e.value) : `${formatScore(e.value)} ± ${e.se.toFixed(3)}`;

/** One row per project: the paper's headline, all fields, each field type, and the counts. */
export function projectTable(summaries: ProjectSummary[]): string[][] {
  const types = fieldTypes(summaries);
  // Tokens and cost only when an agent reported them (LLM agents); episodes only when goal tasks ran.
  const spent = summaries.some((s) => s.usage);
  const goals = summaries.some((s) => s.goals);
  // The infrastructure's retries and failures only when there were some: they are not the agent's errors.
  const infrastructure = summaries.some((s) => s.infrastructure.retries || s.infrastructure.failures);
  return [
    ['project', 'agent', 'benchmark', 'all fields', ...types, ...(goals ? EPISODE_HEADER : []), 'tasks', 'instances', 'fields', 'errored', ...(infrastructure ? ['infra retries', 'infra failures'] : []), ...(spent ? ['calls', 'tokens in', 'tokens out', 'cost $'] : [])],
    ...summaries.map((s) => [
      s.project,
      s.agent,
      formatEstimate(s.benchmark),
      formatEstimate(s.allFields),
      ...types.map((t) => formatEstimate(s.byType[t])),
      ...(goals ? [formatEstimate(s.goals?.success), ...episodeCells(s.goals)] : []),
      String(s.tasks),
      String(s.instances),
      String(s.fields),
      String(s.errored),
      ...(infrastructure ? [String(s.infrastructure.retries), String(s.infrastructure.failures)] : []),
      ...(spent ? usageCells(s) : []),
    ]),
  ];
}

const EPISODE_HEADER = ['success', 'steps', 'answered'];

/** Mean steps per episode and the share that ended with an answer. */
function episodeCells(stats: EpisodeStats | undefined): string[] {
  return [stats?.meanSteps == null ? '–' : stats.meanSteps.toFixed(1), formatScore(stats?.answered ?? null)];
}

/** Per project and goal task: its episodes, success (mean instance score), mean steps, answered, errored. */
export function episodeTable(summaries: ProjectSummary[]): string[][] {
  return [
    ['project', 'task', 'episodes', ...EPISODE_HEADER, 'errored'],
    ...summaries.flatMap((s) => s.perTask.filter((t) => t.episodes).map((t) => [s.project, t.task, String(t.episodes!.count), formatEstimate(t.score), ...episodeCells(t.episodes), String(t.errored)])),
  ];
}

/** Per project and tag (a subset such as hard, a task type): episodes scored and their success. */
export const tagTable = (summaries: ProjectSummary[]) => groupTable(summaries, 'tag', (s) => s.goals?.byTag);

/** Per project and group (a site, a tag): episodes scored and their success. */
export function groupTable(summaries: ProjectSummary[], header: string, groups: (s: ProjectSummary) => GroupScore[] | undefined): string[][] {
  return [
    ['project', header, 'episodes', 'success'],
    ...summaries.flatMap((s) => (groups(s) ?? []).map((t) => [s.project, t.name, String(t.episodes), formatScore(t.success)])),
  ];
}

function usageCells({ usage }: ProjectSummary): string[] {
  if (!usage) return ['–', '–', '–', '–'];
  return [String(usage.calls), String(usage.promptTokens), String(usage.completionTokens), usage.cost === null ? '?' : usage.cost.toFixed(4)];
}

/** One row per task, one column per project: each task's mean field score (the paper's Figure 5). */
export function taskTable(summaries: ProjectSummary[]): string[][] {
  const tasks = new Map<string, { split?: string; instances: number }>();
  for (const s of summaries) {
    for (const t of s.perTask) {
      const seen = tasks.get(t.task);
      tasks.set(t.task, { split: seen?.split ?? t.split, instances: Math.max(seen?.instances ?? 0, t.instances) });
    }
  }
  const byTask = summaries.map((s) => new Map(s.perTask.map((t) => [t.task, t])));
  return [
    ['task', 'split', 'instances', ...summaries.map((s) => s.project)],
    ...[...tasks].sort(([a], [b]) => byCodePoint(a, b)).map(([task, info]) => [
      task,
      info.split ?? '',
      String(info.instances),
      ...byTask.map((m) => formatEstimate(m.get(task)?.score)),
    ]),
  ];
}

/** Per project and field type: the number of scored fields and their mean score. */
export function fieldTypeTable(summaries: ProjectSummary[]): string[][] {
  return [
    ['project', 'field type', 'fields', 'score'],
    ...summaries.flatMap((s) => Object.entries(s.byType).map(([type, e]) => [s.project, type, String(e.fields), formatEstimate(e)])),
  ];
}

/** What the ± means, and what the table leaves out. */
export function tableNotes(summaries: ProjectSummary[], options: { resamples: number; seed: number }): string[] {
  const forms = summaries.some((s) => s.fields > 0);
  const notes = [
    `${forms ? 'Scores are means of field scores in [0, 1]; benchmark = mean over tasks of each task\'s mean field score. ' : ''}± = standard error (bootstrap over instances within tasks, ${options.resamples} resamples, seed ${options.seed}).`,
  ];
  if (summaries.some((s) => s.goals)) {
    notes.push('Goal tasks: an instance\'s score is its evaluators\' scores multiplied; success = mean instance score over every episode of the goal tasks (a task\'s: over its own); benchmark, for a project that ran goal tasks only, = mean over tasks of each task\'s success; steps = mean steps per episode; answered = share of episodes that ended with an answer.');
  }
  // Projects run on the same instances share their ceiling: one note for them all.
  const ceilings = new Map<string, string[]>();
  for (const s of summaries) {
    if (s.ceiling !== null && s.ceiling < 1 - 5e-4) ceilings.set(formatScore(s.ceiling), [...(ceilings.get(formatScore(s.ceiling)) ?? []), s.project]);
  }
  for (const [ceiling, projects] of ceilings) {
    notes.push(`${projects.join(', ')}: a perfect agent would score ${ceiling} (where annotators disagree on a range no single answer scores 1, and no option of a radio or select may match their answers).`);
  }
  for (const s of summaries) {
    if (s.errored) notes.push(`${s.project}: ${s.errored} errored instance${s.errored === 1 ? '' : 's'} (no field scores; left out of the means, listed in results.json).`);
    if (s.pageLimited) notes.push(`${s.project}: ${s.pageLimited} instance${s.pageLimited === 1 ? '' : 's'} below the ceiling where the page refused or changed a gold answer (the fields' gold answers together are more than the page allows; results.json pageLimited).`);
    if (s.budget) notes.push(budgetNote(s.project, s.budget));
    const otherNotRun = s.notRun - (s.budget?.notRun ?? 0);
    if (otherNotRun) notes.push(`${s.project}: ${otherNotRun} instance${otherNotRun === 1 ? '' : 's'} did not run${notRunWhy(s.notRunReasons)}.`);
    if (s.usage?.cached) notes.push(`${s.project}: ${s.usage.cached} of ${s.usage.calls} calls answered from the reply cache (their tokens were spent once, earlier).`);
  }
  return notes;
}

/** `: <reason>` when they share one; else each reason with its count (those with none: not started). */
function notRunWhy(reasons: NotRun[]): string {
  if (reasons.length === 1) return reasons[0]!.reason ? `: ${reasons[0]!.reason}` : '';
  return `: ${reasons.map((r) => `${r.count} ${r.reason ?? 'not started'}`).join('; ')}`;
}

/** The run was cut: by which ceiling, where (after how many instances ran in full), and what is left to resume. */
function budgetNote(project: string, { reason, ranInFull, cut, notRun }: BudgetCut): string {
  const plural = (n: number) => `${n} instance${n === 1 ? '' : 's'}`;
  return `${project}: the run was cut after ${plural(ranInFull)} had run in full: ${reason}. ${plural(cut)} ended early (scored as the page stood), ${plural(notRun)} did not run; resume the run under a higher ceiling to finish them.`;
}
