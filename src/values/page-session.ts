import type { CDPSession, Page } from '@playwright/test';

/**
 * One CDP session per page (Chromium), for what works on the page from outside its own
 * scripts: an isolated world (callIsolated), which document the main frame holds, the final
 * screenshot and clearing the origin's data.
 */
export interface PageSession {
  cdp: Promise<CDPSession>;
  frameId?: string;
  /** Our isolated world in the current document; asked for again after the main frame navigates (within a document too: Chromium then gives the same world). */
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
 * The main frame's current document: another one once the page loads anything (a link, a
 * script setting location, a reload, a form posted), the same through #fragments and
 * history.pushState.
 */
export async function documentOf(page: Page): Promise<string> {
  if (!isChromium(page)) return stripFragment(page.url());
  return (await (await sessionOf(page).cdp).send('Page.getFrameTree')).frameTree.frame.loaderId;
}

/** Where the page is: for a load that failed (Chromium's error page), the URL it was sent to. */
export async function addressOf(page: Page): Promise<string> {
  if (!isChromium(page)) return page.url();
  const { currentIndex, entries } = await (await sessionOf(page).cdp).send('Page.getNavigationHistory');
  return entries[currentIndex]?.url ?? page.url();
}

/** What CDP says when a call's document went before it answered. */
const DOCUMENT_WENT = /Cannot find context|context was destroyed|No frame|Inspected target navigated or closed|Promise was collected/i;

/** The error says the document went (a navigation) while a call was on it: worth looking again. */
export const documentWent = (error: unknown) => error instanceof Error && DOCUMENT_WENT.test(error.message);

/**
 * Calls `fn(arg, ...elements)` in a JavaScript world of its own in the main frame (Chromium's
 * isolated world, as Playwright's own injected scripts run), awaiting it when it returns a
 * promise: a page script that replaced a built-in changes nothing of what it sees. `nodes` are
 * CDP backend node ids, passed as the elements themselves (those gone meanwhile are left out).
 * `helpers` are page functions `fn` calls as `this.name(...)`: a function is sent as its source
 * alone, so it cannot call another of its module by name.
 * Elsewhere, in the page's own world, without elements. `what` names the step in errors.
 */
export async function callIsolated<A, R, H extends Helpers = Helpers>(page: Page, what: string, fn: (this: H, arg: A, ...elements: Element[]) => R | Promise<R>, arg: A, { nodes = [], helpers }: { nodes?: number[]; helpers?: H } = {}): Promise<R> {
  if (!isChromium(page)) return page.evaluate(`(${inPage(fn, helpers)})(${JSON.stringify(arg)})`) as Promise<R>;
  const session = sessionOf(page);
  const cdp = await session.cdp;
  for (let attempt = 1; ; attempt++) {
    try {
      // One world per document: made on the first call, asked for again after a navigation.
      session.world ??= (await cdp.send('Page.createIsolatedWorld', { frameId: await mainFrameId(page), worldName: 'benchwright' })).executionContextId;
      const executionContextId = session.world;
      const elements = await Promise.all(nodes.map((backendNodeId) => cdp.send('DOM.resolveNode', { backendNodeId, executionContextId, objectGroup: 'benchwright' }).then((r) => r.object.objectId, () => undefined)));
      const { result, exceptionDetails } = await cdp.send('Runtime.callFunctionOn', {
        functionDeclaration: inPage(fn, helpers), executionContextId, returnByValue: true, awaitPromise: true,
        arguments: [{ value: arg }, ...elements.filter((id) => id !== undefined).map((objectId) => ({ objectId }))],
      }).finally(() => nodes.length && cdp.send('Runtime.releaseObjectGroup', { objectGroup: 'benchwright' }).catch(() => {}));
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

/** Page functions by the name a call's function uses for them. */
type Helpers = Record<string, Function>;

/**
 * The function's source as a page runs it, with its helpers as `this`: tsx marks each named
 * function inside with a call to its own `__name` helper, which the page lacks, so the page gets
 * one that does nothing.
 */
function inPage(fn: Function, helpers: Helpers = {}): string {
  const named = Object.entries(helpers).map(([name, helper]) => `${JSON.stringify(name)}: (${helper.toString()})`);
  return `function (...args) { const __name = (f) => f; return (${fn.toString()}).apply({ ${named.join(', ')} }, args); }`;
}
