import { benchmarks, findBenchmark } from '../benchmarks/index.ts';
import { UsageError } from '../usage-error.ts';

/** The benchmarks that score runs offline (Benchmark.evaluate). */
const evaluators = () => benchmarks().filter((b) => b.evaluate);

export const evaluateUsage = () => evaluators().map((b) => b.evaluate!.usage).join('\n\n');

/** `benchwright evaluate <benchmark> ...`: the benchmark's own offline evaluation. */
export function evaluateCommand(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  const evaluation = name === undefined ? undefined : findBenchmark(name)?.evaluate;
  if (!evaluation) {
    throw new UsageError(`the benchmark to evaluate must be ${evaluators().map((b) => b.name).join(' or ')}${name === undefined ? '' : `, not "${name}"`}`, evaluateUsage());
  }
  return evaluation.run(rest);
}
