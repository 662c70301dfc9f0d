import type { Trajectory } from '../record/trajectory.ts';
import type { PageEvents } from './instance-page.ts';
import type { InstanceResult } from './run-instance.ts';
import { copyDown, siteFault } from './site-faults.ts';
import { takeOut } from './site-pool.ts';
import type { ReachedSite } from './sites.ts';

/**
 * Why an episode that ran is the infrastructure's failure, not the agent's, or undefined when
 * its result stands: its agent's service failed (the model's server, after the SDK's
 * retries); the page or the browser crashed and it fell short; or a page of one of its site copies would not load, the instance fell short (or,
 * with no result, failed) and the copy does not answer its base URL then: it is taken out of
 * the pool. A 5xx from a copy that still answers may be the agent's doing: its result stands.
 */
export async function infrastructureFault(result: InstanceResult | undefined, trajectory: Trajectory, events: PageEvents, copies: ReachedSite[] | undefined): Promise<string | undefined> {
  if (trajectory.serviceFailure) return `the agent's service failed: ${trajectory.failure}`;
  // It reached the ceiling all the same (or, no result, it failed).
  if (result && result.score !== null && result.score === result.ceiling) return undefined;
  if (events.crash) return `${events.crash} (a crash)`;
  const fault = copies && siteFault(events.navigationFailures, copies);
  if (!fault) return undefined;
  const down = await copyDown(fault.copy);
  if (!down) return undefined;
  takeOut(fault.copy.name, fault.copy.copy, fault.copy.copies, `${fault.what}; ${down}`);
  return `${fault.what}; ${down}: taken out of the pool`;
}
