// What an agent is told when an action fails, and how a failure of ours is told from the page's.
import { PageRefusal } from './page-actions.ts';

/** Playwright's words for a page, context or browser that no longer exists. */
export const PAGE_GONE = /Target (page, context or browser )?(has been )?closed|Target crashed|Browser has been closed/i;

export const firstLine = (e: unknown) => (e instanceof Error ? e.message : String(e)).split('\n')[0]!;

/** Why Playwright's log says an element could not be acted on (covered, hidden, disabled...). */
const HINDRANCE = /\S.*(?:intercepts pointer events|element is not (?:visible|enabled|stable|attached|editable)|element is outside of the viewport)/g;

/**
 * What an agent is told of an action that failed: Playwright's first line and, for a
 * timeout, the last reason its call log gives ("<div>cover</div> intercepts pointer
 * events"): "Timeout 5000ms exceeded" alone does not say what to do instead.
 */
export function actionError(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const why = [...message.replace(/\u001b\[\d+m/g, '').matchAll(HINDRANCE)].at(-1)?.[0].replace(/^-\s*/, '');
  return why ? `${firstLine(e)} (${why})` : firstLine(e);
}

/** Says which value a control refused (text in a number input); other errors pass on. */
export function refused(field: string, value: string) {
  return (e: Error): never => {
    if (e.message.includes('Cannot type text into')) throw new PageRefusal(`${JSON.stringify(value)} is not a valid value for "${field}": ${firstLine(e)}`);
    throw e;
  };
}
