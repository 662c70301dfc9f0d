// Both functions also run in task pages (src/runner/pin-document.ts sends their source): they
// must stay self-contained, with no names from outside this file but each other's.

/** mulberry32: a small seeded generator in [0, 1), so a seed gives the same sequence everywhere. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Another seed drawn from `seed` for the n-th of its parts (a frame, a stream): mulberry32's first draw from seed + n. */
export function childSeed(seed: number, n: number): number {
  return Math.floor(seededRandom(seed + n)() * 4294967296);
}
