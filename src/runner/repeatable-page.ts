import type { BrowserContext } from '@playwright/test';
import type { Task } from '../task/types.ts';
import { seedingScript } from './seed-document.ts';

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
 * Every clock setting (two an instance) stays in its context as a script each new document
 * replays (Playwright has no public way to take one out): loading a page costs ~5 ms more after
 * 2000 of them here, ~70 ms after 13000 (a worker's share of TurkingBench). Past this many, the
 * context is replaced (~0.2 s): about 1 ms an instance either way.
 */
export const CLOCK_SETTINGS_PER_CONTEXT = 500;

/**
 * Pins the pages of one browser context, instance by instance. The seeding script is added
 * with the first seeded instance and kept (adding and taking out one per instance cost ~10 ms
 * an instance here): each document finds its instance's seed in the start URL
 * (seed-document.ts). The clock is Playwright's (one per context, faking Date, timers and
 * performance in every document). While an instance's page loads, its Date stands at the
 * start (timers run), so what a page reads of the time as it loads is the same on every run, to
 * the millisecond; once loaded, time runs on from the start (pages run timers, and animations
 * that follow Date).
 */
export class PagePins {
  private seeding = false;
  private clockSettings = 0;
  /** The start of the instance whose page is loading, its clock standing until it has loaded. */
  private standing?: string;
  /** Setting the clock running once the page has loaded: off the instance's path, awaited by the next pin. */
  private running?: Promise<void>;

  constructor(private readonly context: BrowserContext) {}

  /** Before the instance's page loads. */
  async pin({ seed, clock }: PagePinning): Promise<void> {
    await this.running;
    if (seed !== undefined && !this.seeding) {
      await this.context.addInitScript({ content: seedingScript() });
      this.seeding = true;
    }
    this.standing = clock;
    // A task on real time after pinned ones: the clock cannot be taken out; it is set to now.
    if (clock === undefined && this.clockSettings === 0) return;
    await (clock === undefined ? this.context.clock.setSystemTime(Date.now()) : this.context.clock.setFixedTime(clock));
    this.clockSettings++;
  }

  /** The instance's page has loaded (its `load` event): its clock runs on from the start. */
  loaded(): void {
    const start = this.standing;
    if (start === undefined) return;
    this.standing = undefined;
    this.clockSettings++;
    this.running = this.context.clock.setSystemTime(start).catch(() => {});
  }

  /** Its clock settings slow down every page load: the context is due for replacement. */
  get worn(): boolean {
    return this.clockSettings >= CLOCK_SETTINGS_PER_CONTEXT;
  }
}
