import type { Page } from '@playwright/test';
import { allowHelpers } from '../../task/schema-check.ts';

/** What a helper may read: the page the check opened, and the sites' base URLs by name. */
export interface HelperContext {
  page: Page;
  sites: Record<string, string>;
}

/** A helper of `func:` calls: its arguments are the call's strings (and `__page__`, the page the check opened). */
export type Helper = (context: HelperContext, ...args: string[]) => Promise<string>;

/** The helpers html checks may call with `func:` (WebArena's program_html), by name: a benchmark adds its own (Benchmark.pageHelpers). */
const HELPERS: Record<string, Helper> = {};

export function registerHelpers(helpers: Record<string, Helper>): void {
  Object.assign(HELPERS, helpers);
  if (Object.keys(helpers).length) allowHelpers(Object.keys(helpers));
}

/** A parsed `func:name('a', __page__)`: the helper's name and its arguments (null: `__page__`, the page itself). */
export interface HelperCall {
  name: string;
  args: (string | null)[];
}

const CALL = /^func:\s*([A-Za-z_]\w*)\s*\((.*)\)\s*$/s;
const ARG = /\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|(__page__))\s*(?:,|$)/gy;

/**
 * Reads a `func:` call as data, never as code (WebArena eval()s it): a known helper's name and
 * arguments that are quoted strings or `__page__`. undefined: not a `func:` call; a string: what is wrong.
 */
export function parseHelperCall(text: string): HelperCall | string | undefined {
  if (!text.startsWith('func:')) return undefined;
  const match = CALL.exec(text);
  if (!match) return `"${text}" is not a helper call: expected func:<name>(<arguments>)`;
  const [, name, list] = match as unknown as [string, string, string];
  if (!Object.hasOwn(HELPERS, name)) return `unknown helper "${name}" (helpers: ${Object.keys(HELPERS).join(', ')})`;
  const args: (string | null)[] = [];
  for (let at = 0; at < list.length && list.slice(at).trim(); ) {
    ARG.lastIndex = at;
    const arg = ARG.exec(list);
    if (!arg) return `the arguments of ${name} are not quoted strings or __page__: (${list})`;
    args.push(arg[3] ? null : (arg[1] ?? arg[2]!).replace(/\\(.)/g, '$1'));
    at = ARG.lastIndex;
  }
  return { name, args };
}

/** Runs a parsed call; `__last_url__` inside an argument is the final page's URL, as WebArena replaces it. */
export function runHelper(call: HelperCall, context: HelperContext, lastUrl: string): Promise<string> {
  const args = call.args.filter((a) => a !== null).map((a) => a.replaceAll('__last_url__', lastUrl));
  return HELPERS[call.name]!(context, ...args);
}
