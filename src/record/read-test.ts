import type { TestCase, TestResult } from '@playwright/test/reporter';
import { totalUsage, type Usage } from '../agent/usage.ts';
import { readAttachment } from './attachments.ts';
import { combinedScore, fieldRecordsOf, type Evaluation } from './evaluation.ts';
import { readNotes } from './notes.ts';
import type { InstanceOutcome, InstanceRow, RunRecord } from './results.ts';
import type { FieldTrajectory, Trajectory } from './trajectory.ts';

// A test's record, rebuilt from what it left: its annotations (notes.ts) and its attachments
// (attachments.ts). Nothing else survives `merge-reports`: test ids change, a project's `use`
// is gone, and a project appears once per shard; rows are keyed on project name + task id +
// instance id.

/** One test's record and, for an episode or a form filled field by field, its trajectory: read once (it holds every step's tree). */
export interface ReadTest {
  record: RunRecord;
  trajectory?: Trajectory;
  fieldTrajectory?: FieldTrajectory;
}

/**
 * One test's record, from its last attempt: its instance row and field records, or the error
 * of a task file that failed to load; undefined for any other test (harness, manifest).
 */
export const testRecord = (test: TestCase): RunRecord | undefined => readTest(test)?.record;

export function readTest(test: TestCase): ReadTest | undefined {
  const result = test.results.at(-1);
  const notes = readNotes(test, result);
  const { task, instance } = notes;
  if (task === undefined) return undefined;
  const project = test.parent.project()?.name ?? '';
  if (instance === undefined) {
    // A task file that failed to load has one 'loads' test and no instances.
    if (!result || result.status === 'passed' || result.status === 'skipped') return undefined;
    return { record: { taskError: { project, task, error: notes.errors ?? firstLine(result.error?.message) } } };
  }
  // One unreadable attachment (a deleted test-results folder, say) loses that instance only.
  let evaluations: Evaluation[] | undefined;
  let trajectory: Trajectory | undefined;
  let fieldTrajectory: FieldTrajectory | undefined;
  let usage: Usage | undefined;
  let fieldUsage: Record<string, Usage> = {};
  let unreadable: string | undefined;
  try {
    // A run stopped while the instance ran (Ctrl-C) may have scored a page torn down under it: not a result.
    evaluations = result && result.status !== 'interrupted' ? readAttachment(result, 'evaluations') : undefined;
    trajectory = result && readAttachment(result, 'trajectory');
    fieldTrajectory = result && readAttachment(result, 'fieldTrajectory');
    // Every attempt's calls were paid for, a retried one's too; a field's record shows the last attempt's.
    const spentPerAttempt = test.results.map((r) => readAttachment(r, 'usage') ?? {});
    const spent = spentPerAttempt.flatMap((s) => Object.values(s));
    usage = spent.length ? totalUsage(spent) : undefined;
    fieldUsage = spentPerAttempt.at(-1) ?? {};
  } catch (e) {
    unreadable = (e as Error).message;
  }
  const row: InstanceRow = {
    project,
    agent: notes.agent ?? String(test.parent.project()?.metadata?.agent ?? project),
    task,
    ...(notes.split !== undefined && { split: notes.split }),
    ...(notes.goal && { goal: true as const }),
    ...(notes.sites && { sites: notes.sites }),
    ...(notes.tags && { tags: notes.tags }),
    ...(notes.revision !== undefined && { revision: notes.revision }),
    instance,
    outcome: unreadable ? 'errored' : outcome(result, evaluations),
    status: result?.status ?? 'skipped',
    retries: Math.max(0, test.results.length - 1),
    ...combinedScore(evaluations ?? []),
    ...(unreadable ? { error: unreadable } : result?.error && !evaluations && { error: firstLine(result.error.message) }),
    ...(!evaluations && notes.skip !== undefined && { error: notes.skip }),
    ...(result?.status === 'interrupted' && { error: 'interrupted: the run was stopped while it ran' }),
    ...(usage && { usage }),
    ...(trajectory && { episode: episodeOf(trajectory) }),
    ...(notes.pageLimited && { pageLimited: notes.pageLimited }),
    ...(notes.budgetReached && { budgetReached: notes.budgetReached }),
    ...(notes.infrastructure && { infrastructure: notes.infrastructure }),
    ...(notes.siteCopies && { siteCopies: notes.siteCopies }),
    ...(notes.retries && { infrastructureRetries: notes.retries }),
  };
  const key = { project, task, instance };
  const record: RunRecord = {
    instance: row,
    fields: fieldRecordsOf(evaluations ?? []).map((r) => ({ ...key, ...r, ...(fieldUsage[r.field] && { usage: fieldUsage[r.field] }) })),
    evaluations: (evaluations ?? []).map(({ records: _, ...e }) => ({ ...key, ...e })),
  };
  return { record, ...(trajectory && { trajectory }), ...(fieldTrajectory && { fieldTrajectory }) };
}

/** The browser the instances ran in, as the first test that ran one says. */
export function browserOf(tests: TestCase[]): string | undefined {
  for (const test of tests) {
    const { browser } = readNotes(test, test.results.at(-1));
    if (browser) return browser;
  }
  return undefined;
}

function episodeOf({ steps, end, answer, answerFrom, failure, finalUrl }: Trajectory): NonNullable<InstanceRow['episode']> {
  return { steps: steps.length, end: end ?? 'broke off', ...(answer !== undefined && { answer }), ...(answerFrom && { answerFrom }), ...(finalUrl !== undefined && { finalUrl }), ...(failure !== undefined && { failure }) };
}

function outcome(result: TestResult | undefined, evaluations: Evaluation[] | undefined): InstanceOutcome {
  if (evaluations) return combinedScore(evaluations).score !== null ? 'scored' : 'not scored';
  if (!result || result.status === 'skipped' || result.status === 'interrupted') return 'not run';
  return 'errored';
}

const firstLine = (message: string | undefined) =>
  // Playwright's messages carry terminal colours.
  (message ?? 'no error message').replace(/\u001b\[[0-9;]*m/g, '').split('\n').find((l) => l.trim()) ?? '';
