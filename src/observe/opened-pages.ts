import type { BrowserContext, Page } from '@playwright/test';
import { isChromium, sessionOf } from '../values/page-session.ts';

/** Longest wait for Playwright to announce a page the browser has already opened. */
const ANNOUNCE_MS = 2000;

/** The browser's id of each context, asked once (observe runs every step). */
const contextIds = new WeakMap<BrowserContext, string>();

/**
 * A page an action opened (a popup, a target=_blank link) reaches Playwright some time after
 * the action returns (~25 ms here, after its setup): an observation taken in between would miss
 * the new tab. The browser's own list of targets has it at once, so the observation waits until
 * Playwright knows as many pages of this context as the browser does (one CDP call when none is
 * pending).
 */
export async function awaitOpenedPages(page: Page): Promise<void> {
  if (!isChromium(page)) return;
  const context = page.context();
  const cdp = await sessionOf(page).cdp;
  let browserContextId = contextIds.get(context);
  if (browserContextId === undefined) {
    browserContextId = (await cdp.send('Target.getTargetInfo')).targetInfo.browserContextId!;
    contextIds.set(context, browserContextId);
  }
  const deadline = Date.now() + ANNOUNCE_MS;
  for (;;) {
    const { targetInfos } = await cdp.send('Target.getTargets');
    const opened = targetInfos.filter((t) => t.type === 'page' && t.browserContextId === browserContextId).length;
    if (opened <= context.pages().length || Date.now() >= deadline) return;
    await context.waitForEvent('page', { timeout: deadline - Date.now() }).catch(() => {});
  }
}
