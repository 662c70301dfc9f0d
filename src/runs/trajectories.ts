import { appendFileSync, closeSync, existsSync, openSync, readFileSync, readSync } from 'node:fs';
import { instanceKey, type InstanceKeyed } from '../record/keys.ts';
import { join } from 'node:path';
import type { Trajectory } from '../record/trajectory.ts';
import type { FieldTrajectory } from '../record/trajectory.ts';

/**
 * trajectories.jsonl: a run's episodes (and forms filled field by field by the oracle), one
 * per line, written as each test ends beside the journal: what `benchwright export` turns into
 * training data, with no Playwright report needed.
 */
export const TRAJECTORIES = 'trajectories.jsonl';

interface ScoredInstance extends InstanceKeyed {
  split?: string;
  score: number | null;
  ceiling: number | null;
}

/** An instance and what its agent was shown and did: an episode's steps, or a form's fields. */
export type TrajectoryRecord = ScoredInstance & ({ trajectory: Trajectory; fieldTrajectory?: undefined } | { fieldTrajectory: FieldTrajectory; trajectory?: undefined });

export function appendTrajectory(folder: string, record: TrajectoryRecord): void {
  appendFileSync(join(folder, TRAJECTORIES), `${JSON.stringify(record)}\n`);
}

/**
 * A resumed run starts with the earlier run's trajectories, a merged run with each shard's:
 * those of the instances in its journal (`finished`), which are its own; one the
 * kill cut short of its journal line runs again and writes its own (a retried one is appended
 * after, and wins).
 */
export function carryTrajectories(fromFolder: string, toFolder: string, finished: InstanceKeyed[]): void {
  const file = join(fromFolder, TRAJECTORIES);
  if (!existsSync(file)) return;
  const kept = new Set(finished.map(instanceKey));
  // Whole lines only: a killed run's last line may be cut short, and the next line appended would join it.
  const text = readFileSync(file, 'utf8');
  const lines = text.slice(0, text.lastIndexOf('\n') + 1).split('\n').filter((line) => {
    const key = line && keyOfLine(line);
    return key !== undefined && kept.has(key);
  });
  appendFileSync(join(toFolder, TRAJECTORIES), lines.map((line) => `${line}\n`).join(''));
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
    last.set(instanceKey(record), record);
  }
  return [...last.values()];
}

/** Where an instance's last trajectory is in trajectories.jsonl: its bytes. */
export interface TrajectorySpan {
  offset: number;
  length: number;
}

/**
 * Where each instance's episode is (the last one, by instanceKey), read a block at a time:
 * a viewer of a run of 30,000 episodes reads each again when it needs it, never all at once.
 */
export function locateTrajectories(folder: string): Map<string, TrajectorySpan> {
  const spans = new Map<string, TrajectorySpan>();
  const file = join(folder, TRAJECTORIES);
  if (!existsSync(file)) return spans;
  const fd = openSync(file, 'r');
  try {
    const block = Buffer.alloc(1 << 22);
    let carry = Buffer.alloc(0);
    let carryAt = 0;
    for (let read: number; (read = readSync(fd, block, 0, block.length, null)) > 0; ) {
      const bytes = Buffer.concat([carry, block.subarray(0, read)]);
      let start = 0;
      for (let nl = bytes.indexOf(10); nl !== -1; start = nl + 1, nl = bytes.indexOf(10, start)) {
        const line = bytes.toString('utf8', start, nl);
        // A form's steps (fieldTrajectory, with each field's HTML) are not read back: not parsed either.
        const key = line.includes('"trajectory":') ? keyOfLine(line) : undefined;
        if (key !== undefined) spans.set(key, { offset: carryAt + start, length: nl - start });
      }
      carry = Buffer.from(bytes.subarray(start));
      carryAt += start;
    }
  } finally {
    closeSync(fd);
  }
  return spans;
}

/** The trajectory at a span, read from an open trajectories.jsonl. */
export function readTrajectoryAt(fd: number, span: TrajectorySpan): TrajectoryRecord {
  const bytes = Buffer.alloc(span.length);
  readSync(fd, bytes, 0, span.length, span.offset);
  return JSON.parse(bytes.toString('utf8')) as TrajectoryRecord;
}

function keyOfLine(line: string): string | undefined {
  try {
    return instanceKey(JSON.parse(line) as TrajectoryRecord);
  } catch {
    return undefined;
  }
}
