import { setFlagsFromString } from 'node:v8';

/** How far V8 lets a worker's heap grow past what was live at its last full collection, in percent. */
export const WORKER_HEAP_GROWTH_PERCENT = 50;

/**
 * A Playwright worker copies the whole declared suite for every group of tests it is handed
 * (test groups: selection.ts), and each copy is garbage by the next group. V8's own growth
 * lets the heap reach several times what is live before a full collection: with TurkingBench's
 * train split declared, a worker's RSS reached 600-700 MB for ~130 MB live. Growing by half
 * keeps it near 350 MB for 3-8% more worker CPU (npm run bench, bench-scale). Workers only: the
 * runner, whose live heap is the run's results, keeps V8's defaults.
 */
export function boundWorkerHeap(env = process.env): void {
  if (env.TEST_WORKER_INDEX !== undefined) setFlagsFromString(`--heap-growing-percent=${WORKER_HEAP_GROWTH_PERCENT}`);
}
