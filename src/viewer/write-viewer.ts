import { closeSync, cpSync, existsSync, mkdirSync, openSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { groupBy } from '../order.ts';
import { instanceKey } from '../record/keys.ts';
import type { BenchmarkResults } from '../record/results.ts';
import { JOURNAL } from '../runs/journal.ts';
import { instanceFileId } from '../runs/screenshot-files.ts';
import { locateTrajectories, readTrajectoryAt, TRAJECTORIES } from '../runs/trajectories.ts';
import { instanceView } from './instance-view.ts';
import { packJson } from './packed.ts';
import { instancesWithScreenshots, screenshotsFor } from './screenshots.ts';
import { IndexBuilder } from './viewer-index.ts';

/** The viewer of a run: viewer/index.html in its folder, opened from file:// (docs/viewer.md). */
export const VIEWER = 'viewer';
const INDEX = 'data/index.js';
/** A run's viewer page. */
export const viewerPage = (runFolder: string) => join(runFolder, VIEWER, 'index.html');
/** The page, its script and style, as shipped (copied into dist by the build). */
const PAGE = fileURLToPath(new URL('./page/', import.meta.url));

/** A chunk of instances is loaded whole when one of them is opened: small enough to load at once, big enough to be few files. */
const CHUNK_BYTES = 1 << 20;
const CHUNK_INSTANCES = 400;

/**
 * Writes a run's viewer from its results, its trajectories and its screenshots, one chunk of
 * instances at a time (an episode's trees are read from trajectories.jsonl when its chunk is
 * written, never all at once). Written beside and then swapped in, so a viewer is never half there.
 */
export function writeViewer(runFolder: string, results: BenchmarkResults): string {
  const target = join(runFolder, VIEWER);
  const temp = join(runFolder, `.${VIEWER}-${process.pid}`);
  rmSync(temp, { recursive: true, force: true });
  mkdirSync(join(temp, 'data'), { recursive: true });
  const fields = groupBy(results.fields, instanceKey);
  const evaluations = groupBy(results.evaluations, instanceKey);
  const withShots = instancesWithScreenshots(runFolder);
  const spans = locateTrajectories(runFolder);
  const index = new IndexBuilder();
  const fd = spans.size ? openSync(join(runFolder, TRAJECTORIES), 'r') : undefined;
  let chunk: string[] = [];
  let bytes = 0;
  let chunks = 0;
  const flush = () => {
    writeFileSync(join(temp, 'data', `${chunks++}.js`), packJson(`[${chunk.join(',')}]`));
    chunk = [];
    bytes = 0;
  };
  try {
    for (const row of results.instances) {
      const key = instanceKey(row);
      const span = spans.get(key);
      const trajectory = span && fd !== undefined ? readTrajectoryAt(fd, span).trajectory : undefined;
      const id = instanceFileId(row);
      const view = JSON.stringify(instanceView(row, fields.get(key) ?? [], evaluations.get(key) ?? [], trajectory, withShots.has(id) ? screenshotsFor(runFolder, id) : undefined));
      index.add(row, chunks, chunk.length);
      chunk.push(view);
      bytes += view.length;
      if (bytes >= CHUNK_BYTES || chunk.length >= CHUNK_INSTANCES) flush();
    }
    if (chunk.length) flush();
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const { date, benchmark } = results.meta;
  writeFileSync(join(temp, INDEX), packJson(JSON.stringify(index.build({ name: basename(runFolder), date, ...(benchmark && { benchmark }) }, chunks, results.taskErrors))));
  cpSync(PAGE, temp, { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(temp, target);
  return viewerPage(runFolder);
}

/** Whether a run's viewer shows what its journal holds now (a run still going, or resumed, has more). */
export function viewerIsCurrent(runFolder: string): boolean {
  const index = join(runFolder, VIEWER, INDEX);
  return existsSync(index) && statSync(index).mtimeMs >= statSync(join(runFolder, JOURNAL)).mtimeMs;
}
