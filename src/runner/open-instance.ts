import { networkRecording } from '../evaluators/evaluate.ts';
import type { TaskServer } from '../server/task-server.ts';
import type { Manifest, SiteAccount } from '../task/manifest.ts';
import type { Instance, SiteStart, Task } from '../task/types.ts';
import type { InstancePage } from './instance-page.ts';
import type { PagePinning } from './repeatable-page.ts';
import { within } from '../bounded.ts';
import { InfrastructureFailure } from './infrastructure-failure.ts';
import { lifecycleOf, type InstanceLifecycle, type LifecycleContext } from './lifecycles.ts';
import { copyDown } from './site-faults.ts';
import { leaseCopies, takeOut } from './site-pool.ts';
import { copyName, placeSiteInstance, planSiteInstance, RESET_COMMAND_MS, resetSite, siteAccount, type ReachedSite, type SiteInstance, type SitePlan } from './sites.ts';

/** Where an opened instance starts, and what its evaluators read of its sites. */
export interface OpenedInstance {
  url: string;
  tabs?: string[];
  siteBase?: string;
  siteBases?: Record<string, string>;
  /** The start site's account, when its lifecycle needs one (evaluators read the site's API with it). */
  siteAccount?: SiteAccount;
  /** The instance as it runs: a site task's with its sites' URLs filled in. */
  instance: Instance;
  /** A site task's copies of its sites (whose failure during the episode is the infrastructure's). */
  copies?: ReachedSite[];
}

/** What opening needs of the worker and of the test. */
export interface OpenContext {
  instancePage: InstancePage;
  taskServer: TaskServer;
  sites: Manifest['sites'];
  /** A served page's Math.random and clock. */
  pinning: PagePinning;
  /** Where a site episode's traffic is recorded (a file of the test's own). */
  harPath: string;
  /** Gives the test this much more time (negative: back), so a deployment's reset is not the instance's time. */
  extendTime(ms: number): void;
  /** The instance's seed, for a benchmark's lifecycle. */
  seed: number;
  /** Keeps what must run when the instance ends, whatever happened (a lifecycle's teardown, also after a failed setup). */
  atEnd(cleanUp: () => Promise<void>): void;
  /** Says which site copies the instance runs on ("notes 2/3"), and each copy that failed it first and why. */
  onCopies(copies: string[]): void;
  retried(why: string): void;
}

/** How long an instance waits for copies of its sites to come free: others' episodes, minutes each. */
const LEASE_WAIT_MS = 60 * 60_000;

/** A lifecycle's setup or teardown on a real instance: a few REST calls, each up to seconds. */
export const LIFECYCLE_MS = 120_000;

/**
 * The lifecycle's first step: where the instance starts. A page of the task's folder: pinned
 * (repeatable), cleared as it loads. On sites: unavailable, with the reason, when one is not
 * configured, its login failed, or its reset cannot run here (sites.ts); else a copy of each
 * of its sites leased (site-pool.ts) and reset when it requires, then a fresh browser context
 * with the logins it needs, its traffic recorded where an evaluator reads it; a deployment's
 * pages are not ours to pin.
 */
export async function openInstance(task: Task, instance: Instance, on: OpenContext): Promise<OpenedInstance | { unavailable: string }> {
  if (task.start.kind === 'served') {
    await on.instancePage.readyToServe(on.pinning);
    return { url: on.instancePage.startUrl(on.taskServer, task, instance), instance };
  }
  const plan = planSiteInstance(task.start, instance, on.sites);
  if ('unavailable' in plan) return plan;
  const lifecycle = lifecycleOf(task.start.protocol);
  const { account, unavailable } = lifecycle?.needsAccount ? siteAccount(task.start.site, on.sites[task.start.site]!) : {};
  if (unavailable) return { unavailable };
  const placed = await leaseAndReset(task.start, instance, plan, on);
  if ('unavailable' in placed) return placed;
  const { startUrl, tabs, siteBase, siteBases, origins, storageState, copies, instance: onSites } = placed;
  const recording = networkRecording(instance);
  await on.instancePage.startAfresh(origins, storageState, recording && { path: on.harPath, content: recording });
  // Setup may move the start (a report's dates come from the instance's settings).
  const start = { url: startUrl };
  if (lifecycle) {
    const site = { name: task.start.site, base: siteBase, ...(account && { account }) };
    await setUp(lifecycle, { page: on.instancePage.page, task, instance: onSites, site, seed: on.seed, start, state: {} }, on);
  }
  return { url: start.url, tabs, siteBase, siteBases, ...(account && { siteAccount: account }), instance: onSites, copies };
}

/**
 * Leases a copy of each site the instance uses (waiting is not the instance's time), given
 * back when it ends, and resets them if it requires. A copy whose reset fails and that does
 * not answer then is taken out of the pool with the reason, and the instance leases another
 * (with none left, it is unavailable); one that still answers fails the attempt, retried.
 */
async function leaseAndReset(start: SiteStart, instance: Instance, plan: SitePlan, on: OpenContext): Promise<SiteInstance | { unavailable: string }> {
  const wanted = plan.sites.map((site) => ({ site: site.name, copies: site.copies.length, exclusive: plan.exclusive.includes(site.name), ...(plan.loginCopies[site.name] && { allowed: plan.loginCopies[site.name] }) }));
  for (;;) {
    const waiting = performance.now();
    on.extendTime(LEASE_WAIT_MS);
    const lease = await leaseCopies(wanted, AbortSignal.timeout(LEASE_WAIT_MS)).catch((e: Error) => {
      throw new InfrastructureFailure(`no copy of ${plan.sites.map((s) => `site "${s.name}"`).join(' and ')} came free in ${LEASE_WAIT_MS / 60_000} minutes (${e.message})`);
    }).finally(() => on.extendTime(performance.now() - waiting - LEASE_WAIT_MS));
    if ('unavailable' in lease) return lease;
    on.atEnd(async () => lease.release());
    const placed = placeSiteInstance(start, instance, plan, lease.copies);
    if ('unavailable' in placed) return placed;
    on.onCopies(plan.sites.map((site) => `${site.name} ${lease.copies[site.name]! + 1}/${site.copies.length}`));
    const failed = await resetAll(placed.resets, on);
    if (!failed) return placed;
    const down = await copyDown(failed.site);
    if (!down) throw new InfrastructureFailure(failed.reason);
    takeOut(failed.site.name, failed.site.copy, failed.site.copies, `${failed.reason}; ${down}`);
    lease.release();
    on.retried(`${copyName(failed.site)} taken out of the pool: ${failed.reason}; ${down}`);
  }
}

/** Resets the copies, in their own time (a deployment's reset may take minutes); the first that fails, and why. */
async function resetAll(resets: ReachedSite[], on: OpenContext): Promise<{ site: ReachedSite; reason: string } | undefined> {
  const resetting = performance.now();
  on.extendTime(resets.length * RESET_COMMAND_MS);
  try {
    for (const site of resets) {
      try {
        await resetSite(site);
      } catch (e) {
        return { site, reason: (e as Error).message };
      }
    }
    return undefined;
  } finally {
    on.extendTime(performance.now() - resetting - resets.length * RESET_COMMAND_MS);
  }
}

/**
 * Runs a lifecycle's setup in its own time (the instance's starts after it), its teardown kept
 * for the instance's end (also when setup failed halfway: bounded, in the fixture's teardown);
 * a failure of either is an InfrastructureFailure naming the site.
 */
async function setUp(lifecycle: InstanceLifecycle, context: Omit<LifecycleContext, 'signal'>, on: OpenContext): Promise<void> {
  const step = async (what: string, run: (c: LifecycleContext) => Promise<void>) => {
    const controller = new AbortController();
    try {
      await within(LIFECYCLE_MS, what, run({ ...context, signal: controller.signal }));
    } catch (e) {
      throw new InfrastructureFailure(`${what} failed: ${(e as Error).message}`);
    } finally {
      controller.abort();
    }
  };
  const where = `on site "${context.site.name}"`;
  on.atEnd(() => step(`cleaning up after the instance ${where}`, (c) => lifecycle.teardown(c)));
  const started = performance.now();
  on.extendTime(LIFECYCLE_MS);
  try {
    await step(`setting up the instance ${where}`, (c) => lifecycle.setup(c));
  } finally {
    on.extendTime(performance.now() - started - LIFECYCLE_MS);
  }
}
