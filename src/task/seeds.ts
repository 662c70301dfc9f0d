import type { Instance, Task } from './types.ts';

/**
 * Instances of a task whose page makes its problem from a seed (`instances: { seeds: N }`):
 * 1, 2, ... N, alike but for their ids (each instance's seed comes from the run's seed, the
 * task and the id). A run may ask for more than N: instanceById makes any of them.
 */
export const seededIds = (count: number): string[] => Array.from({ length: count }, (_, i) => String(i + 1));

export function seededInstances(count: number): Instance[] {
  return seededIds(count).map((id) => ({ id, values: {}, gold: {}, annotators: 0 }));
}

/** The task's instance of this id; for a seeded task, any positive whole number. */
export function instanceById(task: Task, id: string): Instance | undefined {
  const listed = task.instances.find((i) => i.id === id);
  if (listed || task.seeds === undefined || !/^[1-9]\d*$/.test(id)) return listed;
  return { ...structuredClone(task.instances[0]!), id };
}
