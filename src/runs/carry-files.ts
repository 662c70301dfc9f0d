import type { RunRecord } from '../record/results.ts';
import { carryNetwork } from './network-files.ts';
import { carryScreenshots } from './screenshot-files.ts';
import { carryTrajectories } from './trajectories.ts';

/**
 * What a resumed or merged run takes over from an earlier run folder: the trajectories, traffic
 * and screenshots of the instances its journal holds. A killed run may have written an
 * instance's files and not yet its journal line: that instance runs again, and its files are
 * the new attempt's. Returns the instances whose steps were carried (trajectories.ts).
 */
export function carryInstanceFiles(fromFolder: string, toFolder: string, records: RunRecord[]): { withSteps: Set<string> } {
  const finished = records.flatMap((r) => ('instance' in r ? [r.instance] : []));
  const withSteps = carryTrajectories(fromFolder, toFolder, finished);
  carryNetwork(fromFolder, toFolder, finished);
  carryScreenshots(fromFolder, toFolder, finished);
  return { withSteps };
}
