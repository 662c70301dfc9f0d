import { benchmarks, findBenchmark } from '../benchmarks/index.ts';
import { oneOf } from '../usage-error.ts';
import type { Command, Help } from './help.ts';

/** The benchmarks that score runs offline (Benchmark.evaluate). */
const evaluators = () => benchmarks().filter((b) => b.evaluate);

/** Where the benchmark is named: it may follow options (`evaluate --json webarena-verified ...`), so the first argument that names one. */
const benchmarkAt = (args: string[]) => args.findIndex((a) => findBenchmark(a)?.evaluate);

/** `benchwright evaluate <benchmark> ...`: the benchmark's own offline evaluation, its arguments and help its own. */
export const evaluate: Command = {
  help: (args): Help => {
    const at = benchmarkAt(args);
    if (at >= 0) return { command: `evaluate ${args[at]}`, ...findBenchmark(args[at]!)!.evaluate!.help };
    return {
      command: 'evaluate',
      summary: "score any harness's runs offline, as the benchmark does",
      description: "Scores runs made by any harness, with no browser, as the benchmark's own evaluation does. The arguments and options after the benchmark's name are its own: `benchwright evaluate <benchmark> --help` says them.",
      arguments: [
        ['<benchmark>', 'one of the benchmarks below'],
        ['[args...]', "the benchmark's arguments and options"],
      ],
      lists: { Benchmarks: evaluators().map((b) => [b.name, b.evaluate!.help.summary]) },
    };
  },
  run: (args) => {
    const at = benchmarkAt(args);
    // None named: the first argument that is no option is the one given, if any.
    const name = at >= 0 ? args[at]! : oneOf('benchmark', args.find((a) => !a.startsWith('-')), evaluators().map((b) => b.name));
    return findBenchmark(name)!.evaluate!.run(args.filter((_, i) => i !== at));
  },
};
