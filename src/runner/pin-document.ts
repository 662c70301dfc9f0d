import { childSeed, seededRandom } from '../seeded-random.ts';
import { START_PARAM } from '../server/render-instance.ts';

/** The query parameters of an instance's start URL that carry its seed and its clock's start to its page (the server ignores them). */
export const SEED_PARAM = 'benchwright-seed';
export const CLOCK_PARAM = 'benchwright-clock';

/** The start URL with the instance's seed and clock start (ISO 8601); as it is for what is not pinned. */
export function withPins(url: string, { seed, clock }: { seed?: number; clock?: string }): string {
  if (seed === undefined && clock === undefined) return url;
  const pinned = new URL(url);
  if (seed !== undefined) pinned.searchParams.set(SEED_PARAM, String(seed));
  if (clock !== undefined) pinned.searchParams.set(CLOCK_PARAM, String(Date.parse(clock)));
  return pinned.href;
}

/**
 * The script every document of a context runs first: the generator is this project's own code,
 * sent as it is (with the naming helper some TypeScript loaders call, which the page lacks).
 */
export function pinningScript(): string {
  const [seed, clock] = [SEED_PARAM, CLOCK_PARAM].map((p) => JSON.stringify(p));
  return `(() => {\nconst __name = (f) => f;\n${seededRandom}\n${childSeed}\nconst pinnedTop = ${pinnedTop};\n(${seedDocument})(${seed}, seededRandom, childSeed);\n(${clockDocument})(${clock}, ${JSON.stringify(START_PARAM)});\n})();`;
}

/** The document an instance's pins are read from: the page's own, for a popup its opener's. */
const pinnedTop = () => (window.top === window && window.opener ? window.opener.top : window.top) as Window;

/**
 * Runs in every document (frames and popups too) before its scripts. The instance's seed: the
 * page's own document reads it from its start URL and keeps it, unchangeable, where its frames
 * and popups look for it. A document's seed is drawn from the instance's (the random agent
 * draws from that one itself: its picks must not follow the page's shuffles), then for a frame
 * from its parent's and its index among the parent's frames (readable across origins): one
 * page load gives each document the same numbers, whichever loads first. crypto draws from a
 * stream of its own, so a library making ids does not shift the page's shuffles.
 */
function seedDocument(param: string, random: typeof seededRandom, child: typeof childSeed): void {
  const key = Symbol.for(param);
  const top = pinnedTop();
  let instanceSeed: number | undefined;
  if (top === window) {
    const written = new URLSearchParams(location.search).get(param);
    if (written !== null) instanceSeed = Number(written);
  } else {
    try {
      instanceSeed = (top as unknown as Record<symbol, number | undefined>)[key];
    } catch {
      // A frame of another origin (sandboxed, data:) cannot reach the page: it keeps the browser's own.
    }
  }
  if (instanceSeed === undefined) return;
  if (window.top === window) Object.defineProperty(window, key, { value: instanceSeed });

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

/**
 * Runs in every document before its scripts, as seedDocument does. The instance's clock: Date
 * stands at its start (ms since the epoch, from the start URL) while the page loads, so what a
 * page reads of the time as it loads is the same on every run, to the millisecond; once the
 * page's load event has been handled, time runs on from the start (timers are the browser's
 * own throughout), also in the tab's later documents and when the start page is loaded again
 * (a reload, going back): the tab's session storage keeps the instance's start token and how
 * far the real clock is ahead. Frames and popups read the page's clock. The rest of the
 * browser's time (performance.now, Intl's default date) is its own.
 */
function clockDocument(param: string, startParam: string): void {
  const key = Symbol.for(param);
  const top = pinnedTop();
  // The browser's own, taken before any page script can replace them.
  const RealDate = Date;
  const realNow = Date.now;
  const later = setTimeout;
  const construct = Reflect.construct;
  const asText = Date.prototype.toString;
  let now: (() => number) | undefined;
  if (top === window) {
    const query = new URLSearchParams(location.search);
    const written = query.get(param);
    const token = query.get(startParam);
    // An instance's start page not pinned: what the tab keeps is the last instance's.
    if (written === null && token !== null) return;
    // The tab's record, { token, offset }: the instance it belongs to, how far the real clock is ahead of it.
    let kept: { token?: unknown; offset?: unknown } = {};
    try {
      const read: unknown = JSON.parse(sessionStorage.getItem(param) ?? '{}');
      if (read && typeof read === 'object') kept = read;
    } catch {
      // Storage refused (a sandboxed document), or not ours: none kept.
    }
    // Undefined while the clock stands.
    let offset = typeof kept.offset === 'number' && (written === null || kept.token === token) ? kept.offset : undefined;
    // A later document of the instance's tab (a link, a form posted) whose clock never ran: the browser's own.
    if (written === null && offset === undefined) return;
    const start = Number(written);
    now = () => (offset === undefined ? start : realNow() - offset);
    if (offset === undefined) {
      // Kept for the tab's next documents; written once the start page has emptied the storage.
      const run = () => {
        offset ??= realNow() - start;
        try {
          sessionStorage.setItem(param, JSON.stringify({ token, offset }));
        } catch {
          // The next documents keep the browser's own clock.
        }
      };
      // Once the load event's handlers have run (they see the start); or when the page is left
      // before. The browser's events only: a page dispatching its own changes nothing.
      window.addEventListener('load', (event) => event.isTrusted && later(run), { capture: true });
      window.addEventListener('pagehide', (event) => event.isTrusted && run(), { capture: true });
    }
    Object.defineProperty(window, key, { value: now });
  } else {
    try {
      now = (top as unknown as Record<symbol, (() => number) | undefined>)[key];
    } catch {
      // A frame of another origin keeps the browser's own.
    }
    // A popup: its frames find the clock here, as the page's frames find it on the page.
    if (now && window.top === window) Object.defineProperty(window, key, { value: now });
  }
  if (!now) return;
  const clock = now;
  // Called without new, Date gives the time as text; with arguments, the date they name.
  const PinnedDate = function (this: unknown, ...args: unknown[]) {
    if (!new.target) return asText.call(new RealDate(clock()));
    return construct(RealDate, args.length ? args : [clock()], new.target);
  } as unknown as DateConstructor;
  Object.defineProperties(PinnedDate, {
    name: { value: 'Date' },
    length: { value: RealDate.length },
    prototype: { value: RealDate.prototype, writable: false },
    now: { value: clock, writable: true, configurable: true },
    parse: { value: RealDate.parse, writable: true, configurable: true },
    UTC: { value: RealDate.UTC, writable: true, configurable: true },
  });
  Object.defineProperty(RealDate.prototype, 'constructor', { value: PinnedDate, writable: true, configurable: true });
  Object.defineProperty(window, 'Date', { value: PinnedDate, writable: true, configurable: true });
}
