import { childSeed, seededRandom } from '../seeded-random.ts';

/** The query parameter of an instance's start URL that carries its seed to its page (the server ignores it). */
export const SEED_PARAM = 'benchwright-seed';

/** The start URL with the instance's seed; as it is when the page is not seeded. */
export function withSeed(url: string, seed: number | undefined): string {
  if (seed === undefined) return url;
  const seeded = new URL(url);
  seeded.searchParams.set(SEED_PARAM, String(seed));
  return seeded.href;
}

/** The script every document of a context runs first: the generator is this project's own code, sent as it is. */
export function seedingScript(): string {
  return `(() => {\n${seededRandom}\n${childSeed}\n(${seedDocument})(${JSON.stringify(SEED_PARAM)}, seededRandom, childSeed);\n})();`;
}

/**
 * Runs in every document (frames and popups too) before its scripts. The instance's seed: the
 * page's own document reads it from its start URL and keeps it, unchangeable, where its frames
 * and popups look for it. A document's seed is drawn from the instance's (the random agent
 * draws from that one itself: its picks must not follow the page's shuffles), then for a frame
 * from its parent's and its index among the parent's frames (readable across origins): one
 * page load gives each document the same numbers, whichever loads first. crypto draws from a
 * stream of its own, so a library making ids does not shift the page's shuffles. No named
 * inner functions: some TypeScript loaders wrap those in a helper the page does not have.
 */
function seedDocument(param: string, random: typeof seededRandom, child: typeof childSeed): void {
  const key = Symbol.for(param);
  const top: Window | null = window.top === window && window.opener ? window.opener.top : window.top;
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
