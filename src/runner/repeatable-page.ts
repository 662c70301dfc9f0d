import type { BrowserContext, Disposable } from '@playwright/test';
import { childSeed, seededRandom } from '../seeded-random.ts';
import type { Task } from '../task/types.ts';

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
 * Every clock setting stays in its context as a script each new document replays (Playwright
 * has no public way to take one out): loading a page costs ~20 ms more after 1000 of them here.
 * Past this many, the context is replaced (~0.3 s).
 */
export const CLOCK_SETTINGS_PER_CONTEXT = 250;

/**
 * Pins the pages of one browser context, instance by instance. The seeding script is added
 * for an instance and taken out after it. The clock is Playwright's (one per context, faking
 * Date, timers and performance in every document): installed once, then set back to the
 * instance's start before each instance; time flows from there (pages run timers).
 */
export class PagePins {
  private seeding?: Disposable;
  private clockSettings = 0;

  constructor(private readonly context: BrowserContext) {}

  /** Before the instance's page loads. */
  async pin({ seed, clock }: PagePinning): Promise<void> {
    await this.unpin();
    if (seed !== undefined) this.seeding = await this.context.addInitScript({ content: seedingScript(seed) });
    // A task on real time after pinned ones: the installed clock cannot be taken out; it is set to now.
    if (clock === undefined && this.clockSettings === 0) return;
    const time = clock ?? Date.now();
    await (this.clockSettings === 0 ? this.context.clock.install({ time }) : this.context.clock.setSystemTime(time));
    this.clockSettings++;
  }

  /** After the instance: later documents get the browser's Math.random. */
  async unpin(): Promise<void> {
    const seeding = this.seeding;
    this.seeding = undefined;
    await seeding?.dispose();
  }

  /** Its clock settings slow down every page load: the context is due for replacement. */
  get worn(): boolean {
    return this.clockSettings >= CLOCK_SETTINGS_PER_CONTEXT;
  }
}

/** The source of the script each document runs first: the generator is this project's own code, sent as it is. */
function seedingScript(seed: number): string {
  return `(() => {\n${seededRandom}\n${childSeed}\n(${seedDocument})(${seed >>> 0}, seededRandom, childSeed);\n})();`;
}

/**
 * Runs in every document of the page (frames and popups too) before its scripts. Its seed is
 * drawn from the instance's (the random agent draws from that one itself: its picks must not
 * follow the page's shuffles), then for a frame from its parent's and its index among the
 * parent's frames (readable across origins): one page load gives each document the same
 * numbers, whichever loads first. crypto draws from a stream of its own, so a library making
 * ids does not shift the page's shuffles. No named inner functions: some TypeScript loaders
 * wrap those in a helper the page does not have.
 */
function seedDocument(instanceSeed: number, random: typeof seededRandom, child: typeof childSeed): void {
  const path: number[] = [];
  for (let frame: Window = window; frame !== frame.parent; frame = frame.parent) {
    let index = 0;
    while (index < frame.parent.frames.length && frame.parent.frames[index] !== frame) index++;
    path.unshift(index);
  }
  let seed = child(instanceSeed, 0);
  for (const index of path) seed = child(seed, index + 1);
  Math.random = random(seed);

  const bytes = random(child(seed, -1));
  const { getRandomValues } = Crypto.prototype;
  Crypto.prototype.getRandomValues = function <T extends ArrayBufferView>(array: T): T {
    // The browser's own checks and errors first (integer arrays only, 64 KiB at most).
    getRandomValues.call(this, array);
    const view = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < view.length; i++) view[i] = Math.floor(bytes() * 256);
    return array;
  };
  // Only in secure contexts (127.0.0.1 is one).
  if (!('randomUUID' in Crypto.prototype)) return;
  const seeded = Crypto.prototype.getRandomValues;
  Crypto.prototype.randomUUID = function () {
    const uuid = new Uint8Array(16);
    seeded.call(this, uuid);
    // Version 4, variant 1, as the browser's.
    const hex = Array.from(uuid, (byte, i) => (i === 6 ? (byte & 0x0f) | 0x40 : i === 8 ? (byte & 0x3f) | 0x80 : byte).toString(16).padStart(2, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` as ReturnType<Crypto['randomUUID']>;
  };
}
