import type { CDPSession, Page } from '@playwright/test';

/**
 * One CDP session per page (Chromium), for what works on the page from outside its own
 * scripts: an isolated world (callIsolated), which document the main frame holds, the final
 * screenshot and clearing the origin's data.
 */
export interface PageSession {
  cdp: Promise<CDPSession>;
  frameId?: string;
  /** Our isolated world in the current document; forgotten when the main frame navigates. */
  world?: number;
}

const sessions = new WeakMap<Page, PageSession>();

/** A #fragment moves within a document: the same document still. */
export const stripFragment = (url: string) => url.replace(/#.*$/, '');

export const isChromium = (page: Page) => page.context().browser()?.browserType().name() === 'chromium';

export function sessionOf(page: Page): PageSession {
  let session = sessions.get(page);
  if (!session) {
    const created: PageSession = { cdp: page.context().newCDPSession(page) };
    // A context id is only unique within one renderer: never reuse one past a navigation or crash.
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) created.world = undefined;
    });
    page.on('crash', () => (created.world = undefined));
    sessions.set(page, (session = created));
  }
  return session;
}

export async function mainFrameId(page: Page): Promise<string> {
  const session = sessionOf(page);
  session.frameId ??= (await (await session.cdp).send('Page.getFrameTree')).frameTree.frame.id;
  return session.frameId;
}

/**
 * The main frame's current document (`id`: another one once the page loads anything, a link, a
 * script setting location, a reload, a form posted; the same through #fragments and
 * history.pushState) and its URL.
 */
export async function documentOf(page: Page): Promise<{ id: string; url: string }> {
  if (!isChromium(page)) return { id: stripFragment(page.url()), url: page.url() };
  const { frame } = (await (await sessionOf(page).cdp).send('Page.getFrameTree')).frameTree;
  return { id: frame.loaderId, url: frame.url + (frame.urlFragment ?? '') };
}

/** Where the page is: for a load that failed (Chromium's error page), the URL it was sent to. */
export async function addressOf(page: Page): Promise<string> {
  if (!isChromium(page)) return page.url();
  const { currentIndex, entries } = await (await sessionOf(page).cdp).send('Page.getNavigationHistory');
  return entries[currentIndex]?.url ?? page.url();
}

/** What CDP says when a call's document went before it answered. */
const DOCUMENT_WENT = /Cannot find context|context was destroyed|No frame|Inspected target navigated or closed|Promise was collected/i;

/**
 * Calls `fn(arg)` in a JavaScript world of its own in the main frame (Chromium's isolated
 * world, as Playwright's own injected scripts run), awaiting it when it returns a promise: a
 * page script that replaced a built-in changes nothing of what it sees. Elsewhere, in the
 * page's own world. `what` names the step in errors.
 */
export async function callIsolated<A, R>(page: Page, what: string, fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
  if (!isChromium(page)) return page.evaluate(fn as (arg: unknown) => Promise<R>, arg);
  const session = sessionOf(page);
  const cdp = await session.cdp;
  for (let attempt = 1; ; attempt++) {
    try {
      // One world per document: made on the first call, forgotten when the document goes.
      session.world ??= (await cdp.send('Page.createIsolatedWorld', { frameId: await mainFrameId(page), worldName: 'benchwright' })).executionContextId;
      const { result, exceptionDetails } = await cdp.send('Runtime.callFunctionOn', {
        functionDeclaration: fn.toString(), executionContextId: session.world, arguments: [{ value: arg }], returnByValue: true, awaitPromise: true,
      });
      if (exceptionDetails) throw new Error(`${what} failed in the page: ${exceptionDetails.exception?.description ?? exceptionDetails.text}`);
      return result.value as R;
    } catch (e) {
      if (!DOCUMENT_WENT.test((e as Error).message)) throw e;
      // The document went meanwhile (a call may wait on the page a while): make a world in the one there is now
      // (a main frame that changed process may have a new id).
      session.world = undefined;
      session.frameId = undefined;
      if (attempt === 3) throw e;
    }
  }
}
