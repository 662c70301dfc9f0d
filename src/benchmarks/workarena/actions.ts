import type { L1Task } from './l1-tasks.ts';

/** An instance of a WorkArena task as a task file writes it: its goal, evaluators and the oracle's steps. */
export interface WrittenInstance {
  goal: string;
  eval: Record<string, unknown>[];
  solution: string[];
  /** Where it starts, when its configuration says (a dashboard's page). */
  start_url?: string;
}

/** Makes one configuration entry into an instance, or says why it cannot. */
export type InstanceWriter = (config: unknown, task: L1Task) => WrittenInstance;

/** An action as agents write it (strings JSON-quoted: the action grammar reads them so). */
export const act = (name: string, ...args: (string | number)[]) => `${name}(${args.map((a) => JSON.stringify(a)).join(', ')})`;

/** A selector inside the classic page's frame, gsft_main (WorkArena's cheats work in it). */
export const inMain = (selector: string) => `iframe#gsft_main >> internal:control=enter-frame >> ${selector}`;

/** Text as a CSS string, for an attribute's value. */
export const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;

/** A reference field's suggestion whose cell says the value (WorkArena's fill of a reference, tasks/utils/form.py:5-67). */
export const suggestion = (value: string) => inMain(`[id^="ac_option_"]:has(.ac_cell:text-is(${cssString(value)})) >> nth=0`);
