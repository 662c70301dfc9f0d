import type { TestCase, TestResult } from '@playwright/test/reporter';

// What a benchmark test says about its instance in annotations, written and read here only.
// Annotations are what survives `merge-reports` (a project's `use` does not): the reporter keys
// its tables on them, Allure takes its labels from them, the HTML report shows them. Their
// strings are part of the record's format: runs written earlier are read with them.

/** Declared with the test (static): known before it runs, also for an instance that never does. */
export interface InstanceNotes {
  task: string;
  split?: string;
  /** A goal task's instance (scored apart from the form benchmark). */
  goal?: boolean;
  /** A site task's sites, its start site first (the tables by site). */
  sites?: string[];
  /** Absent on a task file's `loads` test (a file that failed to load has no instances). */
  instance?: string;
  tags?: string[];
  /** Why the task file failed to load, one error a line. */
  errors?: string;
}

/** Learnt while the test runs (runtime annotations). */
export interface RunNotes {
  agent?: string;
  browser?: string;
  revision?: number;
  score?: number | null;
  ceiling?: number | null;
  /** The fields the page kept below their ceilings though the agent gave their gold answers, one a line. */
  pageLimited?: string[];
  /** Why a model call of the instance was refused: a spending ceiling was reached while it ran. */
  budgetReached?: string;
  /** Why its infrastructure failed (a site's setup or clean-up): never the agent's failure. */
  infrastructure?: string;
  /** The site copies it ran on, one a line ("notes 2/3": the second of three). */
  siteCopies?: string[];
  /** What failed for the infrastructure before it ran as recorded (a copy's reset), one a line: retried, never the agent's. */
  retries?: string[];
}

type Annotation = { type: string; description: string };

const GOAL_KIND = 'goal task';
const PAGE_LIMITED = 'page-limited';
const BUDGET_REACHED = 'budget reached';
const INFRASTRUCTURE = 'infrastructure failure';
const SITE_COPIES = 'site copies';
const RETRIES = 'infrastructure retries';

/**
 * The static annotations of an instance's test. Allure's labels (benchmark, task, split) are
 * given from these by its reporter (reporters/allure.ts): the HTML report keeps each static
 * annotation three times a test (test, result, summary), with its source location.
 */
export function instanceAnnotations(notes: InstanceNotes): Annotation[] {
  return [
    { type: 'task', description: notes.task },
    ...(notes.split ? [{ type: 'split', description: notes.split }] : []),
    ...(notes.goal ? [{ type: 'kind', description: GOAL_KIND }] : []),
    ...(notes.sites?.length ? [{ type: 'sites', description: notes.sites.join(' ') }] : []),
    ...(notes.errors !== undefined ? [{ type: 'errors', description: notes.errors }] : []),
    ...(notes.instance !== undefined ? [{ type: 'instance', description: notes.instance }] : []),
    ...(notes.tags?.length ? [{ type: 'tags', description: notes.tags.join(' ') }] : []),
  ];
}

/** Runtime annotations for what the test learnt (pushed onto testInfo.annotations). */
export function runAnnotations(notes: RunNotes): Annotation[] {
  const score = (value: number | null) => (value === null ? 'none' : String(value));
  return [
    ...(notes.agent !== undefined ? [{ type: 'agent', description: notes.agent }] : []),
    ...(notes.browser !== undefined ? [{ type: 'browser', description: notes.browser }] : []),
    ...(notes.revision !== undefined ? [{ type: 'revision', description: String(notes.revision) }] : []),
    ...(notes.score !== undefined ? [{ type: 'score', description: score(notes.score) }] : []),
    ...(notes.ceiling !== undefined ? [{ type: 'ceiling', description: score(notes.ceiling) }] : []),
    ...(notes.pageLimited?.length ? [{ type: PAGE_LIMITED, description: notes.pageLimited.join('\n') }] : []),
    ...(notes.budgetReached !== undefined ? [{ type: BUDGET_REACHED, description: notes.budgetReached }] : []),
    ...(notes.infrastructure !== undefined ? [{ type: INFRASTRUCTURE, description: notes.infrastructure }] : []),
    ...(notes.siteCopies?.length ? [{ type: SITE_COPIES, description: notes.siteCopies.join('\n') }] : []),
    ...(notes.retries?.length ? [{ type: RETRIES, description: notes.retries.join('\n') }] : []),
  ];
}

/** Everything a test's annotations say (its last attempt's runtime ones); `skip`: why it was skipped. */
export function readNotes(test: TestCase, result: TestResult | undefined): Partial<InstanceNotes> & RunNotes & { skip?: string } {
  const all = [...test.annotations, ...(result?.annotations ?? [])];
  const notes = new Map(all.filter((a) => a.description !== undefined).map((a) => [a.type, a.description!]));
  const words = (type: string) => (notes.has(type) ? notes.get(type)!.split(' ') : undefined);
  const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
  return defined({
    task: notes.get('task'),
    split: notes.get('split'),
    goal: notes.get('kind') === GOAL_KIND ? true : undefined,
    sites: words('sites'),
    instance: notes.get('instance'),
    tags: words('tags'),
    errors: notes.get('errors'),
    agent: notes.get('agent'),
    browser: notes.get('browser'),
    revision: notes.has('revision') ? Number(notes.get('revision')) : undefined,
    pageLimited: notes.get(PAGE_LIMITED)?.split('\n'),
    budgetReached: notes.get(BUDGET_REACHED),
    infrastructure: notes.get(INFRASTRUCTURE),
    siteCopies: notes.get(SITE_COPIES)?.split('\n'),
    retries: notes.get(RETRIES)?.split('\n'),
    skip: notes.get('skip'),
  });
}

/** A test of a benchmark's instance or task file (not a harness test, not the manifest's). */
export const isBenchmarkTest = (test: TestCase) => test.annotations.some((a) => a.type === 'task');
