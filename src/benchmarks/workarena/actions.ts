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

/** The top page's URL, unquoted as WorkArena unquotes it (urllib.parse.unquote): the classic page's address is inside. */
export const unquote = (url: string) => url.replace(/(%[0-9a-f]{2})+/gi, (run) => {
  try {
    return decodeURIComponent(run);
  } catch {
    return run;
  }
});
