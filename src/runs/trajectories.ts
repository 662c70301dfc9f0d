import { appendFileSync, closeSync, existsSync, openSync, readSync, writeSync } from 'node:fs';
import { completeLineBytes, completeLines } from '../file-lines.ts';
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

/** What an instance's agent was shown and did, as a test records it. */
export type Steps = { trajectory: Trajectory } | { fieldTrajectory: FieldTrajectory };

/**
 * A line saying an instance's last attempt in the run recorded no steps: an earlier attempt's
 * (a retry's, a --repeat-each repetition's) must not stand beside the last attempt's row.
 */
type NoSteps = InstanceKeyed & { trajectory: null };

export function appendTrajectory(folder: string, record: TrajectoryRecord | NoSteps): void {
  appendFileSync(join(folder, TRAJECTORIES), `${JSON.stringify(record)}\n`);
}

/**
 * The steps of an instance's attempt, in place of any an earlier attempt of this run wrote.
 * `written`: the instances with steps in the file so far, kept by the caller across attempts;
 * an attempt with none after one that had some writes a line saying so.
 */
export function keepTrajectory(folder: string, record: ScoredInstance, steps: Steps | undefined, written: Set<string>): void {
  const key = instanceKey(record);
  if (steps) {
    appendTrajectory(folder, { ...record, ...steps });
    written.add(key);
  } else if (written.delete(key)) {
    appendTrajectory(folder, { project: record.project, task: record.task, instance: record.instance, trajectory: null });
  }
}

/**
 * A resumed run starts with the earlier run's trajectories, a merged run with each shard's:
 * those of the instances in its journal (`finished`), which are its own; one the
 * kill cut short of its journal line runs again and writes its own (a retried one is appended
 * after, and wins). Returns the instances whose steps it carried (keepTrajectory's `written`).
 */
export function carryTrajectories(fromFolder: string, toFolder: string, finished: InstanceKeyed[]): Set<string> {
  const withSteps = new Set<string>();
  const file = join(fromFolder, TRAJECTORIES);
  if (!existsSync(file)) return withSteps;
  const kept = new Set(finished.map(instanceKey));
  const out = openSync(join(toFolder, TRAJECTORIES), 'a');
  try {
    // A line at a time: a run the size of a split has hundreds of megabytes of them.
    for (const { bytes } of completeLineBytes(file)) {
      const line = lineOf(bytes.toString('utf8'));
      const key = line && instanceKey(line);
      if (!key || !kept.has(key)) continue;
      writeSync(out, Buffer.concat([bytes, NEWLINE]));
      if (line.trajectory === null) withSteps.delete(key);
      else withSteps.add(key);
    }
  } finally {
    closeSync(out);
  }
  return withSteps;
}

/** A run's trajectories, the last of each instance (a retried one is written again; none when its last line says it has none); [] for a run without any. */
export function readTrajectories(folder: string): TrajectoryRecord[] {
  const file = join(folder, TRAJECTORIES);
  if (!existsSync(file)) return [];
  const last = new Map<string, TrajectoryRecord>();
  // Whole lines only: one cut short by a killed run is the last, and the episodes before it are whole.
  for (const line of completeLines(file)) {
    if (!line.trim()) continue;
    let record: TrajectoryRecord | NoSteps;
    try {
      record = JSON.parse(line) as TrajectoryRecord | NoSteps;
    } catch {
      continue;
    }
    if (record.trajectory === null) last.delete(instanceKey(record));
    else last.set(instanceKey(record), record);
  }
  return [...last.values()];
}

/** Where an instance's last trajectory is in trajectories.jsonl: its bytes. */
export interface TrajectorySpan {
  offset: number;
  length: number;
}

/**
 * Where each instance's episode is (the last one, by instanceKey; none after a line saying it
 * has none), read a block at a time: a viewer of a run of 30,000 episodes reads each again when
 * it needs it, never all at once.
 */
export function locateTrajectories(folder: string): Map<string, TrajectorySpan> {
  const spans = new Map<string, TrajectorySpan>();
  const file = join(folder, TRAJECTORIES);
  if (!existsSync(file)) return spans;
  for (const { bytes, offset } of completeLineBytes(file)) {
    const line = bytes.toString('utf8');
    // A form's steps (fieldTrajectory, with each field's HTML) are not read back: not parsed either.
    const seen = line.includes('"trajectory":') ? lineOf(line) : undefined;
    if (seen?.trajectory === null) spans.delete(instanceKey(seen));
    else if (seen) spans.set(instanceKey(seen), { offset, length: bytes.length });
  }
  return spans;
}

const NEWLINE = Buffer.from('\n');

/** The trajectory at a span, read from an open trajectories.jsonl. */
export function readTrajectoryAt(fd: number, span: TrajectorySpan): TrajectoryRecord {
  const bytes = Buffer.alloc(span.length);
  readSync(fd, bytes, 0, span.length, span.offset);
  return JSON.parse(bytes.toString('utf8')) as TrajectoryRecord;
}

function lineOf(line: string): TrajectoryRecord | NoSteps | undefined {
  try {
    return JSON.parse(line) as TrajectoryRecord | NoSteps;
  } catch {
    return undefined;
  }
}
