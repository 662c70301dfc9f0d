import type { ActionLibrary } from '../actions/library.ts';
import type { AgentReport } from '../agent/types.ts';
import type { Trajectory } from '../record/trajectory.ts';
import { InfrastructureFailure } from './infrastructure-failure.ts';
import { infrastructureFault } from './infrastructure-fault.ts';
import type { InstancePage } from './instance-page.ts';
import type { InstanceResult } from './run-instance.ts';
import { lostCopy, type LostCopy } from './site-faults.ts';
import type { ReachedSite } from './sites.ts';

/** One attempt: opened and run (open-instance.ts, run-instance.ts), or unavailable (a site not configured, gone). */
export type Attempt = () => Promise<InstanceResult | { unavailable: string }>;

/**
 * An instance's attempts. An attempt its infrastructure failed (a site copy, the model's
 * service: infrastructure-fault.ts) is undone (its clean-ups, its recording, what its agent did
 * and reported) and run again, its why kept; the agent's own failure is final. What the
 * current attempt fills is here, for the test to record whatever happens.
 */
export class Attempts {
  actions: ActionLibrary;
  report: AgentReport = { usage: {}, log: [] };
  trajectory = {} as Trajectory;
  /** What failed for the infrastructure before the instance ran on what worked, one a line. */
  readonly retries: string[] = [];
  /** The site copies the attempt runs on (a site task's), and when its episode began. */
  private copies: ReachedSite[] | undefined;
  private episodeStarted: number | undefined;
  private failuresSeen = 0;
  /** The copy whose loss stopped the episode. */
  private lost: LostCopy | undefined;
  /** What must run when the attempt ends, whatever happened: a lifecycle's teardown, a lease's release. */
  private atEnd: (() => Promise<void>)[] = [];
  private ended = false;

  constructor(
    private readonly instancePage: InstancePage,
    private readonly newActions: () => ActionLibrary,
    /** Gives the test more time (negative: back). */
    private readonly extendTime: (ms: number) => void,
  ) {
    this.actions = newActions();
  }

  /** Keeps a clean-up for the attempt's end; once the test has ended (its time out), one kept late (a copy leased then) runs at once. */
  readonly keep = (cleanUp: () => Promise<void>): void => {
    if (this.ended) void cleanUp().catch(() => {});
    else this.atEnd.push(cleanUp);
  };

  /** The attempt's episode begins, on these copies (a site task's) and the instance's fresh page. */
  begin(copies: ReachedSite[] | undefined): void {
    this.copies = copies;
    this.episodeStarted = performance.now();
    this.failuresSeen = this.instancePage.events.navigationFailures.length;
    this.actions.page = this.instancePage.page;
  }

  /** Why the episode must stop now: a page of a copy it runs on failed since the last step, and the copy is down (its steps would only wait out their timeouts). */
  readonly outage = async (): Promise<string | undefined> => {
    const failures = this.instancePage.events.navigationFailures;
    const fresh = failures.slice(this.failuresSeen);
    this.failuresSeen = failures.length;
    this.lost = this.copies && fresh.length ? await lostCopy(fresh, this.copies) : undefined;
    return this.lost?.reason;
  };

  /**
   * Runs attempts until one stands, up to `max`: its result, or unavailable at the first (the
   * instance is not run). An unavailable after a failed attempt (its sites went meanwhile) is an
   * infrastructure failure like the others. The last attempt's infrastructure failure is
   * thrown, and so is the agent's own error.
   */
  async run(attempt: Attempt, max: number): Promise<InstanceResult | { unavailable: string }> {
    for (let n = 1; ; n++) {
      if (this.ended) throw new Error('the test ended while its infrastructure was failing it');
      let thrown: unknown;
      let attempted = await attempt().catch((e: unknown) => void (thrown = e));
      if (attempted && 'unavailable' in attempted) {
        if (n === 1) return attempted;
        thrown = new InfrastructureFailure(attempted.unavailable);
        attempted = undefined;
      }
      const fault = thrown instanceof InfrastructureFailure ? thrown.message : await infrastructureFault(attempted, this.trajectory, this.instancePage.events, this.copies, this.lost);
      if (attempted && !fault) return attempted;
      if (!fault) throw thrown;
      if (n >= max) throw thrown instanceof InfrastructureFailure ? thrown : new InfrastructureFailure(fault);
      const stopped = this.trajectory.end === 'site down' ? ` (its episode stopped after ${this.trajectory.steps.length} steps)` : '';
      this.retries.push(`attempt ${n}${stopped}: ${fault}`);
      // A failed episode's time is the infrastructure's: the next has the instance's whole time (leases, resets and setups gave theirs back already).
      if (this.episodeStarted !== undefined) this.extendTime(performance.now() - this.episodeStarted);
      await this.undo();
    }
  }

  /** The test has ended: clean-ups kept from now on run at once. */
  testEnded(): void {
    this.ended = true;
  }

  /** Runs the clean-ups kept, last kept first (a lifecycle's teardown before its copies are given back); one that fails is given to `failed`. */
  async cleanUp(failed: (e: unknown) => void): Promise<void> {
    for (const cleanUp of this.atEnd.splice(0).reverse()) await cleanUp().catch(failed);
  }

  /** Undoes a failed attempt: its clean-ups, its recording, its page, what its agent did and reported. */
  private async undo(): Promise<void> {
    await this.instancePage.stopRecording().catch(() => undefined);
    await this.cleanUp((e) => this.retries.push(`its clean-up failed: ${(e as Error).message}`));
    await this.instancePage.end(false);
    await this.instancePage.begin();
    this.copies = undefined;
    this.lost = undefined;
    this.episodeStarted = undefined;
    this.actions = this.newActions();
    this.report = { usage: {}, log: [] };
    this.trajectory = {} as Trajectory;
  }
}
