import type { Page } from '@playwright/test';
import type { SiteAccount } from '../task/manifest.ts';
import type { Instance, Task } from '../task/types.ts';

/** What a lifecycle is given: the instance, the fresh page it starts in, its site. */
export interface LifecycleContext {
  page: Page;
  task: Task;
  /** The instance as it runs: setup may give it a solution that depends on the site's data (a chart's values, read as the benchmark's own cheat reads them). */
  instance: Instance;
  /** The task's start site: where the lifecycle may send requests, and nowhere else. */
  site: { name: string; base: string; account?: SiteAccount };
  /** The instance's seed (the agent's and its page's). */
  seed: number;
  /** Aborted when the step's time is up: hand it to every request. */
  signal: AbortSignal;
  /** Where the episode starts: setup may move it (WorkArena's report pages take their dates from the instance's settings). */
  start: { url: string };
  /** What setup made so far, for teardown: filled as it goes, so a setup that fails halfway is still undone. */
  state: Record<string, unknown>;
}

/**
 * What a benchmark does around each instance of its protocol on a site, in Node (WorkArena's
 * setup() and teardown(): records created through the site's API before the episode, deleted
 * after it). Setup runs in the instance's fresh context before its start page opens (it may
 * sign the page in, or add init scripts); teardown after the evaluators, whatever happened.
 * Both are bounded in time; a failure is the instance's infrastructure failure, never the agent's.
 */
export interface InstanceLifecycle {
  /** It calls the site's API with the site's account: without one its instances do not run. */
  needsAccount?: boolean;
  setup(on: LifecycleContext): Promise<void>;
  teardown(on: LifecycleContext): Promise<void>;
}

const LIFECYCLES = new Map<string, InstanceLifecycle>();

/** A protocol's lifecycle (Benchmark.lifecycles): its tasks' instances run inside it. */
export function registerLifecycle(protocol: string, lifecycle: InstanceLifecycle): void {
  LIFECYCLES.set(protocol, lifecycle);
}

export const lifecycleOf = (protocol: string | undefined) => (protocol === undefined ? undefined : LIFECYCLES.get(protocol));
