import type { Page } from '@playwright/test';
import { documentHtml, type ActionLibrary } from '../actions/library.ts';
import { isElementName, type ElementKey } from '../actions/page-actions.ts';
import { ACTION_SIGNATURES, type Action } from '../action-set/signatures.ts';
import { callIsolated, documentOf, documentWent } from '../values/page-session.ts';
import { settle, type Unsettled } from '../values/settle.ts';
import { domNodes } from './dom-snapshot.ts';
import { parseTree, renderTree } from './extra-refs.ts';
import { markInPage } from './mark-in-page.ts';
import { awaitOpenedPages } from './opened-pages.ts';
import { pageLoaded } from './page-loads.ts';
import { browsergymViews, markForBrowserGym, wantsBrowserGym, type BrowserGymOptions, type BrowserGymViews } from './browsergym/views.ts';

/** What an agent sees of a goal task at one step (BrowserGym's observation, on Playwright's snapshot). */
export interface Observation {
  /** 0 before the first action. */
  step: number;
  url: string;
  title: string;
  /** The open tabs; `focused` is the one actions work on. */
  tabs: { index: number; url: string; title: string; focused: boolean }[];
  /**
   * Playwright's accessibility snapshot for AI (elements marked [ref=e12], iframes included),
   * with what a user can act on that it gives no ref (a text's link-like spans, icons, SVG
   * shapes, elements with a click listener) marked [ref=x<bid>] under the line of their nearest
   * element shown.
   */
  snapshot: string;
  /** What the last action failed with (a bad ref, a hidden element, a reply that did not parse). */
  lastError?: string;
  /** The page still moved when it was observed (the wait for it to settle hit its bound): what ran. */
  unsettled?: Unsettled;
  /** A JPEG of the viewport, base64, when asked for. */
  screenshot?: string;
  /** The focused tab's HTML, when asked for. */
  html?: string;
  /** BrowserGym's formats asked for (`browsergym` of the options): its marked tree, pruned HTML, set-of-marks screenshot. */
  browsergym?: BrowserGymViews;
}

export interface ObserveOptions {
  screenshot?: boolean;
  html?: boolean;
  /** Each line of the tree with its element's box, `[box=x,y,w,h]` in the viewport's pixels (for click(x, y)). */
  boxes?: boolean;
  /** BrowserGym's formats, for agents and prompts written for it (AgentLab's). */
  browsergym?: BrowserGymOptions;
}

/** A ref of Playwright's as the snapshot marks it: `[ref=e12]`, in an iframe `[ref=f1e12]` (ours, `x12`, are added after). */
export const REF_MARK = /\[ref=((?:f\d+)?e\d+)\]/g;

/**
 * Observes the focused tab, and tells the action library which refs this snapshot holds: an
 * action may name only those (a ref of an older snapshot may point elsewhere now).
 */
export async function observe(actions: ActionLibrary, step: number, lastError: string | undefined, options: ObserveOptions = {}): Promise<Observation> {
  const acted = actions.page;
  // A document the last action led to, in the page or a frame, loads first (a click returns once
  // a form's answer has committed; a shell may take its frame's address only once it has loaded).
  await pageLoaded(acted);
  // Which document the page holds is read first, beside the rest: one that replaces it before
  // the look is over makes it look again.
  const holding = documentOf(acted).catch(() => undefined);
  // One rendering (what the last action set off, focus leaving a button it disabled, is in the
  // tree), then any transition it started that moves or hides something ends (of colours too
  // when a picture is taken): the same episode shows the same tree and picture every time (but
  // on pages whose clocks run once loaded: a ticking price, a blinking cursor). Meanwhile a
  // popup the last action opened becomes the focused tab (the episode follows it): then the
  // wait is for that tab.
  const pictured = Boolean(options.screenshot || options.browsergym?.som);
  const [, unsettledActed] = await Promise.all([awaitOpenedPages(acted), settle(acted, 1, pictured)]);
  const { page } = actions;
  let unsettled = page === acted ? unsettledActed : await settle(page, 1, pictured);
  // A load the last action started that was reported only meanwhile (the click returned first).
  if (await pageLoaded(page)) unsettled = await settle(page, 1, pictured);
  const { snapshot, refs, browsergym, tabs } = await look(page, options, page === acted ? await holding : undefined);
  actions.refs = refs;
  return {
    step,
    url: page.url(),
    title: tabs.find((tab) => tab.focused)?.title ?? '',
    tabs,
    snapshot,
    ...(lastError !== undefined && { lastError }),
    ...(unsettled && { unsettled }),
    ...(options.screenshot && { screenshot: (await page.screenshot({ type: 'jpeg', quality: 70 })).toString('base64') }),
    ...(options.html && { html: await documentHtml(page) }),
    ...(browsergym && { browsergym }),
  };
}

/**
 * The tree and BrowserGym's views of one document: looked at again (twice at most) when the
 * page loaded another meanwhile, so that no view mixes two documents' elements and bids.
 * `held`: the document the page held before, if already read.
 */
async function look(page: Page, options: ObserveOptions, held?: string): Promise<{ snapshot: string; refs: Map<string, ElementKey>; browsergym?: BrowserGymViews; tabs: Observation['tabs'] }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const before = (attempt === 1 && held) || (await documentOf(page));
      // BrowserGym numbers every element in page order first; the extras then keep those bids.
      const marks = wantsBrowserGym(options.browsergym) ? await markForBrowserGym(page) : undefined;
      // Reads that do not need each other's answer are asked at once (each is a round trip to the browser).
      const [aria, dom, tabs] = await Promise.all([page.ariaSnapshot({ mode: 'ai', boxes: true }), domNodes(page, { withBids: marks !== undefined }), tabsOf(page)]);
      const tree = parseTree(aria);
      const found = await callIsolated(page, 'marking the elements', markInPage, { refBoxes: tree.refBoxes, namelessBoxes: tree.namelessBoxes }, { nodes: dom.listening });
      const { snapshot, refs } = renumbered(renderTree(tree, found, { boxes: options.boxes === true }));
      for (const { bid } of found.extras) refs.set(`x${bid}`, { bid });
      const browsergym = marks && (await browsergymViews(page, marks, dom, options.browsergym!));
      const after = await documentOf(page);
      if (attempt < 3 && after !== before) continue;
      return { snapshot, refs, ...(browsergym && { browsergym }), tabs };
    } catch (e) {
      if (attempt < 3 && documentWent(e)) continue;
      throw e;
    }
  }
}

/**
 * Playwright names elements f<N>e<M>, N counting the documents the page has shown, so the same
 * page would be named otherwise after a navigation or another instance. An agent sees them
 * renumbered by order of appearance, the same every time: the main document's e<M>, its
 * frames' f1e<M>, f2e<M>...; `refs` maps each back to Playwright's.
 */
function renumbered(snapshot: string): { snapshot: string; refs: Map<string, ElementKey> } {
  const documents = new Map<string, string>();
  const refs = new Map<string, ElementKey>();
  const text = snapshot.replace(REF_MARK, (_mark, ref: string) => {
    const [, document = '', element] = /^(f\d+)?(e\d+)$/.exec(ref)!;
    if (!documents.has(document)) documents.set(document, documents.size ? `f${documents.size}` : '');
    const shown = `${documents.get(document)}${element}`;
    refs.set(shown, { ref });
    return `[ref=${shown}]`;
  });
  return { snapshot: text, refs };
}

/** The context's tabs, `page` the focused one. */
const tabsOf = (page: Page) => Promise.all(page.context().pages().map(async (tab, index) => ({ index, url: tab.url(), title: await titleOf(tab), focused: tab === page })));

/** A tab still loading (or closing) has no title yet: it is not worth an error. */
const titleOf = (page: Page) => page.title().catch(() => '');

/** Parameters that name an element: by ref, or (reference solutions) by selector. */
const ELEMENT_PARAMS = new Set(['target', 'from', 'to']);

/** Where an action names an element by selector rather than by ref or bid (its argument positions). */
export function selectorArgs(action: Action): number[] {
  const form = ACTION_SIGNATURES[action.name].find((params) => params.length >= action.args.length) ?? [];
  return form.flatMap((param, i) => (ELEMENT_PARAMS.has(param.name) && typeof action.args[i] === 'string' && !isElementName(action.args[i] as string) ? [i] : []));
}

/**
 * The action with every element it names by selector named instead by the ref the last
 * snapshot showed for it (`refs`), as a model writes it: Playwright gives an element the same
 * ref in a snapshot of just that element. Undefined when it names none so, or one has no ref
 * there (gone, hidden). A reference solution's steps become what a model should have answered.
 */
export async function withRefs(page: Page, action: Action, refs: ReadonlyMap<string, ElementKey>): Promise<Action | undefined> {
  const named = selectorArgs(action);
  if (!named.length) return undefined;
  const shownFor = new Map([...refs].flatMap(([shown, key]) => ('ref' in key ? [[key.ref, shown]] : [])));
  const args = [...action.args];
  try {
    for (const i of named) {
      const own = await page.locator(args[i] as string).ariaSnapshot({ mode: 'ai', timeout: 1000 }).catch(() => '');
      const ref = shownFor.get(new RegExp(REF_MARK.source).exec(own)?.[1] ?? '');
      if (!ref) return undefined;
      args[i] = ref;
    }
    return { ...action, args };
  } finally {
    // An element's snapshot becomes the one refs resolve in: the page's again, for the action's own refs.
    await page.ariaSnapshot({ mode: 'ai' }).catch(() => '');
  }
}
