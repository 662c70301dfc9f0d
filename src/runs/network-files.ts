import { copyFileSync, cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { InstanceKeyed } from '../record/keys.ts';

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

/** The HAR of the test's last attempt, in place of any its instance had (an earlier attempt's, a resumed run's); none when it recorded none. */
export function keepNetwork(runFolder: string, key: InstanceKeyed, har: string | undefined): void {
  const file = networkFile(runFolder, key.project, key.task, key.instance);
  if (!har) return rmSync(file, { force: true });
  mkdirSync(dirname(file), { recursive: true });
  copyFileSync(har, file);
}

/** A resumed run starts with the earlier run's traffic: that of the instances in its journal (`finished`: their row keys). */
export function carryNetwork(fromFolder: string, toFolder: string, finished: InstanceKeyed[]): void {
  const from = join(fromFolder, NETWORK_FOLDER);
  if (!existsSync(from)) return;
  const kept = new Set(finished.map((key) => networkFile(fromFolder, key.project, key.task, key.instance)));
  cpSync(from, join(toFolder, NETWORK_FOLDER), { recursive: true, filter: (path) => !path.endsWith('.har') || kept.has(path) });
}
