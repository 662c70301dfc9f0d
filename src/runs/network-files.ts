import { copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * A run's recorded traffic, one HAR per instance that recorded any (network checks read it):
 * network/<project>/<task>/<instance>.har in the run folder, copied there as each test ends, so
 * `benchwright export` finds it after Playwright's test-results folder is gone.
 */
export const NETWORK_FOLDER = 'network';

/** A name as one path segment: nothing that climbs or splits a path. */
const segment = (name: string) => encodeURIComponent(name).replace(/^\./, '%2E');

export const networkFile = (runFolder: string, project: string, task: string, instance: string) =>
  join(runFolder, NETWORK_FOLDER, segment(project), segment(task), `${segment(instance)}.har`);

export function keepNetwork(runFolder: string, key: { project: string; task: string; instance: string }, har: string): void {
  const file = networkFile(runFolder, key.project, key.task, key.instance);
  mkdirSync(dirname(file), { recursive: true });
  copyFileSync(har, file);
}

/** A resumed run starts with the earlier run's traffic (an instance run again replaces its file). */
export function carryNetwork(fromFolder: string, toFolder: string): void {
  const from = join(fromFolder, NETWORK_FOLDER);
  if (existsSync(from)) cpSync(from, join(toFolder, NETWORK_FOLDER), { recursive: true });
}
