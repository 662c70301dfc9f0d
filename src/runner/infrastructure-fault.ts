import type { Trajectory } from '../record/trajectory.ts';
import type { PageEvents } from './instance-page.ts';
import type { InstanceResult } from './run-instance.ts';
import { lostCopy, type LostCopy } from './site-faults.ts';
import { takeOut } from './site-pool.ts';
import type { ReachedSite } from './sites.ts';

/**
 * Why an episode that ran is the infrastructure's failure, not the agent's, or undefined when
 * its result stands: its agent's service failed (the model's server, after the SDK's
 * retries); the harness stopped it, a copy it ran on lost (`stoppedBy`); or it fell short (or,
 * with no result, failed) and the page or the browser crashed, or a page of one of its copies
 * would not load and that copy does not answer its base URL then. A lost copy is taken out of
 * the pool. A 5xx from a copy that still answers may be the agent's doing: its result stands.
 */
export async function infrastructureFault(result: InstanceResult | undefined, trajectory: Trajectory, events: PageEvents, copies: ReachedSite[] | undefined, stoppedBy?: LostCopy): Promise<string | undefined> {
  if (trajectory.serviceFailure) return `the agent's service failed: ${trajectory.failure}`;
  // The harness stopped the episode: whatever it scored is not the agent's.
  if (stoppedBy) return takenOut(stoppedBy);
  // It reached the ceiling all the same (or, no result, it failed).
  if (result && result.score !== null && result.score === result.ceiling) return undefined;
  if (events.crash) return `${events.crash} (a crash)`;
  const lost = copies && (await lostCopy(events.navigationFailures, copies));
  return lost && takenOut(lost);
}

function takenOut({ copy, reason }: LostCopy): string {
  takeOut(copy.name, copy.copy, copy.copies, reason);
  return `${reason}: taken out of the pool`;
}
