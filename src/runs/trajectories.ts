import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Trajectory } from '../record/trajectory.ts';
import type { FieldTrajectory } from '../record/trajectory.ts';

/**
 * trajectories.jsonl: a run's episodes (and forms filled field by field by the oracle), one
 * per line, written as each test ends beside the journal: what `benchwright export` turns into
 * training data, with no Playwright report needed.
 */
export const TRAJECTORIES = 'trajectories.jsonl';

interface ScoredInstance {
  project: string;
  task: string;
  instance: string;
  split?: string;
  score: number | null;
  ceiling: number | null;
}

/** An instance and what its agent was shown and did: an episode's steps, or a form's fields. */
export type TrajectoryRecord = ScoredInstance & ({ trajectory: Trajectory; fieldTrajectory?: undefined } | { fieldTrajectory: FieldTrajectory; trajectory?: undefined });

export function appendTrajectory(folder: string, record: TrajectoryRecord): void {
  appendFileSync(join(folder, TRAJECTORIES), `${JSON.stringify(record)}\n`);
}

/** A resumed run starts with the earlier run's trajectories: its instances are this run's too (an instance run again is appended after, and wins). */
export function carryTrajectories(fromFolder: string, toFolder: string): void {
  const file = join(fromFolder, TRAJECTORIES);
  if (!existsSync(file)) return;
  // Whole lines only: a killed run's last line may be cut short, and the next line appended would join it.
  const text = readFileSync(file, 'utf8');
  writeFileSync(join(toFolder, TRAJECTORIES), text.slice(0, text.lastIndexOf('\n') + 1));
}

/** A run's trajectories, the last of each instance (a retried one is written again); [] for a run without any. */
export function readTrajectories(folder: string): TrajectoryRecord[] {
  const file = join(folder, TRAJECTORIES);
  if (!existsSync(file)) return [];
  const last = new Map<string, TrajectoryRecord>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    // A line cut short by a killed run is the last one: the episodes before it are whole.
    if (!line.trim()) continue;
    let record: TrajectoryRecord;
    try {
      record = JSON.parse(line) as TrajectoryRecord;
    } catch {
      continue;
    }
    last.set(JSON.stringify([record.project, record.task, record.instance]), record);
  }
  return [...last.values()];
}
