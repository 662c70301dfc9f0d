import { RandomState } from '../../python/random-state.ts';
import { L1_TASKS } from './l1-tasks.ts';

/** BrowserGym's workarena_l1 benchmark: get_all_tasks_agents("l1", meta_seed=42, n_seed_l1=10) (__init__.py:124-141). */
const META_SEED = 42;
const SEEDS_PER_TASK = 10;
/** The UI theme variants WorkArena's installer adds (config.py:156-167): create_user draws one of them. */
const THEMES = 10;

/** Each L1 task's ten seeds, drawn as get_all_tasks_agents draws them: one generator, the tasks in ATOMIC_TASKS order. */
export function l1Seeds(): Map<string, number[]> {
  const random = new RandomState(META_SEED);
  return new Map(L1_TASKS.map((task) => [task.id, Array.from({ length: SEEDS_PER_TASK }, () => random.randint(0, 1000))]));
}

/**
 * The configuration a seed picks out of `count` (tasks/base.py:107-157): setup draws the
 * user's number (api/user.py:40), then a theme (:77-78), then setup_goal's choice.
 */
export function pickedEntry(seed: number, count: number): number {
  const random = new RandomState(seed);
  random.randint(1000, 9999);
  random.randint(0, THEMES);
  return random.randint(0, count);
}
