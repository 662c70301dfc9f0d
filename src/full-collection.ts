import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * A full garbage collection, now. The runner's reporters end one after another in one process,
 * and Playwright's HTML reporter builds its whole report in memory after the benchmark
 * reporter has read the run's records back: collected first, the memory the benchmark reporter
 * used goes to the HTML report rather than the heap growing past it (at 26,559 tests the
 * runner's peak went from 1,041 to 858 MiB: docs/performance.md). Node gives `gc()` only
 * under --expose-gc: the flag is set here, and `gc` taken from a context made after it.
 */
export function collectGarbage(): void {
  try {
    setFlagsFromString('--expose-gc');
    (runInNewContext('gc') as () => void)();
  } catch {
    // An engine without the flag: V8 collects in its own time.
  }
}
