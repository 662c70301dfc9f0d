import type { GoalKeys } from './goal.ts';
import { allowProtocol } from './schema-check.ts';

/**
 * Benchmarks' episode protocols, written once: a task file names one (`protocol: miniwob`) and
 * gets its goal, setup, ready, done, step budget and evaluators; keys of the task override.
 * A benchmark adds its own (Benchmark.protocols).
 */
const PROTOCOLS: Record<string, GoalKeys> = {};

export function registerProtocol(name: string, keys: GoalKeys): void {
  PROTOCOLS[name] = keys;
  allowProtocol(name, keys);
}

/** The task's keys over its protocol's. */
export function withProtocol<T extends GoalKeys & { protocol?: string }>(doc: T): T {
  const preset = doc.protocol === undefined ? undefined : PROTOCOLS[doc.protocol];
  return preset ? { ...preset, ...doc } : doc;
}
