import type { Page } from '@playwright/test';
import { documentHtml, type ActionLibrary } from '../actions/library.ts';
import { awaitOpenedPages } from './opened-pages.ts';

/** What an agent sees of a goal task at one step (BrowserGym's observation, on Playwright's snapshot). */
export interface Observation {
  /** 0 before the first action. */
  step: number;
  url: string;
  title: string;
  /** The open tabs; `focused` is the one actions work on. */
  tabs: { index: number; url: string; title: string; focused: boolean }[];
  /** Playwright's accessibility snapshot for AI: elements marked [ref=e12], iframes included. */
  snapshot: string;
  /** What the last action failed with (a bad ref, a hidden element, a reply that did not parse). */
  lastError?: string;
  /** A JPEG of the viewport, base64, when asked for. */
  screenshot?: string;
  /** The focused tab's HTML, when asked for. */
  html?: string;
}

export interface ObserveOptions {
  screenshot?: boolean;
  html?: boolean;
}

/** A ref as the snapshot marks it: `[ref=e12]`, in an iframe `[ref=f1e12]`. */
export const REF_MARK = /\[ref=((?:f\d+)?e\d+)\]/g;

/**
 * Observes the focused tab, and tells the action library which refs this snapshot holds: an
 * action may name only those (a ref of an older snapshot may point elsewhere now).
 */
export async function observe(actions: ActionLibrary, step: number, lastError: string | undefined, options: ObserveOptions = {}): Promise<Observation> {
  // A popup the last action opened becomes the focused tab (the episode follows it) before we look.
  await awaitOpenedPages(actions.page);
  const { page } = actions;
  const snapshot = await page.ariaSnapshot({ mode: 'ai' });
  actions.refs = new Set([...snapshot.matchAll(REF_MARK)].map((m) => m[1]!));
  const tabs = await Promise.all(page.context().pages().map(async (tab, index) => ({ index, url: tab.url(), title: await titleOf(tab), focused: tab === page })));
  return {
    step,
    url: page.url(),
    title: await titleOf(page),
    tabs,
    snapshot,
    ...(lastError !== undefined && { lastError }),
    ...(options.screenshot && { screenshot: (await page.screenshot({ type: 'jpeg', quality: 70 })).toString('base64') }),
    ...(options.html && { html: await documentHtml(page) }),
  };
}

/** A tab still loading (or closing) has no title yet: it is not worth an error. */
const titleOf = (page: Page) => page.title().catch(() => '');
