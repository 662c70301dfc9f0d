import { benchmarks, findBenchmark } from '../benchmarks/index.ts';
import { UsageError } from '../usage-error.ts';

/** The benchmarks that score runs offline (Benchmark.evaluate). */
const evaluators = () => benchmarks().filter((b) => b.evaluate);

export const evaluateUsage = () => evaluators().map((b) => b.evaluate!.usage).join('\n\n');

/** `benchwright evaluate <benchmark> ...`: the benchmark's own offline evaluation. */
export function evaluateCommand(args: string[]): Promise<number> {
  // Its name may follow options (`evaluate --json webarena-verified ...`): the first argument that names one.
  const at = args.findIndex((a) => findBenchmark(a)?.evaluate);
  if (at < 0) {
    const given = args.find((a) => !a.startsWith('-'));
    throw new UsageError(`the benchmark to evaluate must be ${evaluators().map((b) => b.name).join(' or ')}${given === undefined ? '' : `, not "${given}"`}`, evaluateUsage());
  }
  return findBenchmark(args[at]!)!.evaluate!.run(args.filter((_, i) => i !== at));
}
