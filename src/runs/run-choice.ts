import { resolve } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { RunMetadata } from '../record/results.ts';

/** What must be the same for two runs to be parts of one: the benchmark, the instances chosen, each project's options. */
type Chosen = Pick<RunMetadata, 'benchmark' | 'selection' | 'projects'>;

/** One way two runs' choices differ, with the value each has (`key`: what was chosen, or the project). */
export type ChoiceDifference =
  | { kind: 'benchmark'; before: unknown; now: unknown }
  | { kind: 'selection'; key: string; before: unknown; now: unknown }
  | { kind: 'project'; key: string; before: unknown; now: unknown };

/**
 * How `now` chose differently from `before`: a resume and the run it resumes, or two shards.
 * A project either left out is no difference (a run may add or leave out projects).
 */
export function choiceDifferences(before: Chosen, now: Chosen): ChoiceDifference[] {
  const differences: ChoiceDifference[] = [];
  if ((before.benchmark ?? null) !== (now.benchmark ?? null)) differences.push({ kind: 'benchmark', before: before.benchmark, now: now.benchmark });
  const [chose, chooses] = [before.selection ?? {}, now.selection ?? {}];
  for (const key of ['tasks', 'splits', 'instances', 'seed'] as const) {
    // The same manifest, whether a path to it was written from here or in full.
    const same = key === 'tasks' ? sameFile(chose.tasks, chooses.tasks) : isDeepStrictEqual(chose[key], chooses[key]);
    if (!same) differences.push({ kind: 'selection', key, before: chose[key], now: chooses[key] });
  }
  for (const [project, options] of Object.entries(now.projects)) {
    const ran = before.projects[project];
    if (ran && !isDeepStrictEqual(ran, options)) differences.push({ kind: 'project', key: project, before: ran, now: options });
  }
  return differences;
}

const sameFile = (a: string | undefined, b: string | undefined) => a === b || (a !== undefined && b !== undefined && resolve(a) === resolve(b));

/** A chosen value as a difference shows it. */
export const shownChoice = (value: unknown) => (value === undefined ? 'all (not set)' : JSON.stringify(value));
