import type { SelectedTask } from './selection.ts';

/**
 * The order tests are declared in, which is the order Playwright hands them to its workers
 * within a spec file. Tasks on pages come first, in their order (each has a spec file of its
 * own: suite-plan.ts). Instances on sites follow, in one file, spread out: those
 * that use the same sites the same way (holding the same ones alone, or only reading) form a
 * group, and each group's instances are spread evenly over the run's site part, so that at
 * any moment the workers ask for copies of different sites rather than all wait for one
 * site's copies (a benchmark's files come grouped by site: WebArena's templates, one site
 * each, in order). So spread, they are handed out one at a time (testGroupSize's batching is
 * for large runs of pages).
 * Each entry is a task with some of its instances, in their order; `first` is the index of
 * its first instance in the task's selection.
 */
export function schedule(tasks: SelectedTask[]): (SelectedTask & { first: number })[] {
  const onPages = tasks.filter(({ task }) => task.site === undefined).map((t) => ({ ...t, first: 0 }));
  const groups = new Map<string, { task: SelectedTask['task']; instance: SelectedTask['instances'][number]; index: number }[]>();
  for (const { task, instances } of tasks.filter(({ task }) => task.site !== undefined)) {
    const key = JSON.stringify([[task.site, ...(task.otherSites ?? [])].sort(), [...(task.holdsAlone ?? [])].sort()]);
    const group = groups.get(key) ?? [];
    group.push(...instances.map((instance, index) => ({ task, instance, index })));
    groups.set(key, group);
  }
  // An instance's place: the middle of its share of its group (the k-th of n at (k + 0.5) / n); ties keep the groups' order.
  const placed = [...groups.values()].flatMap((group, g) => group.map((entry, k) => ({ ...entry, at: (k + 0.5) / group.length, g })));
  placed.sort((a, b) => a.at - b.at || a.g - b.g);
  const onSites: (SelectedTask & { first: number })[] = [];
  for (const { task, instance, index } of placed) {
    const last = onSites.at(-1);
    // Consecutive instances of one task stay one entry.
    if (last?.task === task && last.first + last.instances.length === index) last.instances.push(instance);
    else onSites.push({ task, instances: [instance], first: index });
  }
  return [...onPages, ...onSites];
}
