// npm run bench: how long loading a benchmark takes, cold (every file parsed) and warm (the
// index cached by content hash, as Playwright's runner and each worker will see it).
// Usage: tsx scripts/bench-load.ts [<manifest or folder>]; default: ../shared/turkingbench imported
// into a temporary folder (or the bundled tasks when ../shared is absent).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importTurkingBench } from '../src/benchmarks/turkingbench/import.ts';
import { loadBenchmark } from '../src/task/benchmark.ts';
import { cacheStats } from '../src/task/task-index.ts';

const SHARED = '../shared/turkingbench';
const work = mkdtempSync(join(tmpdir(), 'benchwright-bench-'));
process.env.BENCHWRIGHT_CACHE_DIR = join(work, 'cache');

function time<T>(label: string, f: () => T): T {
  const start = performance.now();
  const result = f();
  console.log(`${label.padEnd(44)} ${(performance.now() - start).toFixed(0).padStart(6)} ms`);
  return result;
}

try {
  let target = process.argv[2];
  if (!target && existsSync(SHARED)) {
    target = join(work, 'turkingbench');
    time(`import ${SHARED} (117 tasks)`, () => importTurkingBench(SHARED, target!));
  }
  target ??= 'tasks.yaml';
  const cold = time('load, cold (no cache)', () => loadBenchmark(target!, { cache: false }));
  time('load, filling the cache', () => loadBenchmark(target!));
  const hitsBefore = cacheStats.hits;
  const runs = 5;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    loadBenchmark(target);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  console.log(`${'load, warm (cached index), median of 5'.padEnd(44)} ${times[2]!.toFixed(0).padStart(6)} ms  (min ${times[0]!.toFixed(0)}, max ${times[4]!.toFixed(0)})`);
  const instances = cold.tasks.reduce((n, t) => n + t.instances.length, 0);
  const failed = cold.tasks.filter((t) => t.errors.length).length;
  console.log(`${cold.tasks.length} tasks (${failed} failed), ${instances} instances; cache hits in warm runs: ${cacheStats.hits - hitsBefore}`);
  console.log(`heap used: ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MiB`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
