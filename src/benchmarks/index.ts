import { registerAnswerCheck } from '../evaluators/answer.ts';
import { registerHelpers } from '../evaluators/html/helpers.ts';
import { registerEvaluator } from '../evaluators/registry.ts';
import { registerLifecycle } from '../runner/lifecycles.ts';
import { registerProtocol } from '../task/protocols.ts';
import { exportsOf, importUserModule } from '../user-module.ts';
import { assistantbench } from './assistantbench/index.ts';
import { miniwob } from './miniwob/index.ts';
import type { Benchmark } from './types.ts';
import { turkingbench } from './turkingbench/index.ts';
import { webarena } from './webarena/index.ts';
import { webarenaVerified } from './webarena-verified/index.ts';
import { workarena } from './workarena/index.ts';

/** The benchmarks that come with benchwright: a new one is a folder under src/benchmarks/ and a line here. */
const BUILT_IN: Benchmark[] = [turkingbench, miniwob, webarena, webarenaVerified, assistantbench, workarena];

const registered = new Map<string, { benchmark: Benchmark; owner: string }>();

/**
 * Makes a benchmark's parts known to the core: its evaluators, protocols, answer checks and
 * page helpers where task files name them; its importer, export, offline evaluation and tables
 * where the CLI and the reports look (benchmarks()). Importing this module registers the
 * built-in ones; a user's come from benchmarkConfig's `benchmarks` or the CLI's --benchmarks.
 * The config is read again in every worker: registering the same benchmark again replaces it.
 */
export function registerBenchmark(benchmark: Benchmark, owner = 'yours'): void {
  const before = registered.get(benchmark.name);
  if (before && before.owner !== owner) throw new Error(`benchmark "${benchmark.name}" is ${before.owner === 'built in' ? 'built in' : 'registered already'}: give yours another name`);
  claim(benchmark, 'protocol', Object.keys(benchmark.protocols ?? {}));
  claim(benchmark, 'answer key', (benchmark.answerChecks ?? []).map((c) => c.key));
  claim(benchmark, 'page helper', Object.keys(benchmark.pageHelpers ?? {}));
  const evaluatorOwner = owner === 'built in' ? owner : `benchmark ${benchmark.name}`;
  for (const evaluator of benchmark.evaluators ?? []) registerEvaluator(evaluator, evaluatorOwner);
  for (const [name, keys] of Object.entries(benchmark.protocols ?? {})) registerProtocol(name, keys);
  for (const [protocol, lifecycle] of Object.entries(benchmark.lifecycles ?? {})) {
    if (!benchmark.protocols?.[protocol]) throw new Error(`benchmark "${benchmark.name}": its lifecycle "${protocol}" belongs to a protocol of its own, and it has no protocol "${protocol}"`);
    registerLifecycle(protocol, lifecycle);
  }
  for (const check of benchmark.answerChecks ?? []) registerAnswerCheck(check);
  registerHelpers(benchmark.pageHelpers ?? {});
  registered.set(benchmark.name, { benchmark, owner });
}

/** Which benchmark added each protocol, answer key and page helper: another may not take it over. */
const claimed = new Map<string, string>();

function claim(benchmark: Benchmark, kind: string, names: string[]): void {
  for (const name of names) {
    const holder = claimed.get(`${kind} ${name}`);
    if (holder !== undefined && holder !== benchmark.name) throw new Error(`benchmark "${benchmark.name}": ${kind} "${name}" is benchmark "${holder}"'s: give yours another name`);
  }
  for (const name of names) claimed.set(`${kind} ${name}`, benchmark.name);
}

for (const benchmark of BUILT_IN) registerBenchmark(benchmark, 'built in');

/** Every registered benchmark, the built-in ones first, in the order they were registered. */
export const benchmarks = (): Benchmark[] => [...registered.values()].map((r) => r.benchmark);

export const findBenchmark = (name: string): Benchmark | undefined => registered.get(name)?.benchmark;

/** The benchmarks' report tables, and what they add to compare: handed to the renderers as data. */
export const benchmarkSections = () => benchmarks().flatMap((b) => b.sections ?? []);
export const benchmarkCompareSections = () => benchmarks().flatMap((b) => b.compare ?? []);

/** Registers every benchmark a module of the user's exports (the CLI's --benchmarks): their names. */
export async function registerBenchmarksFrom(path: string): Promise<string[]> {
  const { file, exports } = await importUserModule(path, 'benchmarks module');
  const found = Object.values(exports).filter(isBenchmark);
  if (!found.length) throw new Error(`benchmarks module "${path}" (${file}) exports no benchmark: expected exports of objects with a name and at least one of importer, evaluators, protocols, lifecycles, answerChecks, pageHelpers, sections, compare, export, evaluate; ${exportsOf(exports)}`);
  for (const benchmark of found) registerBenchmark(benchmark);
  return found.map((b) => b.name);
}

const PARTS = ['importer', 'evaluators', 'protocols', 'lifecycles', 'answerChecks', 'pageHelpers', 'sections', 'compare', 'export', 'evaluate'];

function isBenchmark(value: unknown): value is Benchmark {
  const b = value as Record<string, unknown> | null | undefined;
  return typeof b?.name === 'string' && PARTS.some((part) => b[part] !== undefined);
}
