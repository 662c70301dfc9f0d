import type { BrowserContext } from '@playwright/test';
import type { Task } from '../task/types.ts';
import { pinningScript } from './pin-document.ts';

/** Dates and numbers print the same on any machine: the options of every context pages run in. */
export const PINNED_LOCALE = { timezoneId: 'UTC', locale: 'en-US' } as const;

/**
 * What makes an instance's page the same on every run: Math.random and crypto's random values
 * drawn from `seed`, the clock starting at `clock` (ISO 8601). Left out: the browser's own.
 */
export interface PagePinning {
  seed?: number;
  clock?: string;
}

/** A project's switches (BenchwrightOptions), for pages that need what the browser really has. */
export interface PinSwitches {
  /** 'real': every task's pages get the browser's own Math.random and crypto (default 'seeded'). */
  pageRandom: 'seeded' | 'real';
  /** 'real': every task's pages get the machine's time (default 'pinned'). */
  pageClock: 'pinned' | 'real';
}

/**
 * Where pages' clocks start unless the manifest or the task says otherwise: a Monday morning in
 * June, far from daylight saving changes and the ends of months and years.
 */
export const DEFAULT_CLOCK = '2024-06-03T09:00:00Z';

/** An instance's pinning: what the project and the task leave on; the task's start, else the manifest's, else DEFAULT_CLOCK. */
export function pagePinning(task: Pick<Task, 'random' | 'clock'>, manifestClock: string | undefined, switches: PinSwitches, seed: number): PagePinning {
  const clock = task.clock ?? manifestClock ?? DEFAULT_CLOCK;
  return {
    ...(switches.pageRandom === 'seeded' && task.random !== 'real' && { seed }),
    ...(switches.pageClock === 'pinned' && clock !== 'real' && { clock }),
  };
}

/**
 * Pins the pages of one browser context, instance by instance. The pinning script is added
 * with the first pinned instance and kept (adding and taking out one per instance cost ~10 ms
 * an instance here): each document finds its instance's seed and clock start in the start URL
 * (pin-document.ts), so pinning an instance asks nothing of the browser. Playwright's clock
 * did the same with two calls an instance and a script per call that every later document
 * replayed (~14 ms of CPU an instance, and a context replaced every 250 instances).
 */
export class PagePins {
  private added = false;

  constructor(private readonly context: BrowserContext) {}

  /** Before the instance's page loads: what its start URL carries (withPins). */
  async pin({ seed, clock }: PagePinning): Promise<void> {
    if ((seed === undefined && clock === undefined) || this.added) return;
    await this.context.addInitScript({ content: pinningScript() });
    this.added = true;
  }
}
