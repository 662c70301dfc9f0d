import type { Page } from '@playwright/test';
import { within } from '../bounded.ts';
import { isChromium, sessionOf } from '../values/page-session.ts';

/**
 * Longest wait for the page's documents to load: a click returns once a form's POST has
 * committed its document, or before a script's navigation has; what a page does on load (a
 * shell that puts its frame's address in its own) comes later.
 */
const LOAD_MS = 5000;

/** Longest wait for the page to take our request to follow its loads (a page stuck in a script takes none). */
const ENABLE_MS = 2000;

/** The frames loading now (CDP's started/stopped loading), and those already waited out. */
interface Loads {
  loading: Set<string>;
  waitedOut: Set<string>;
  /** Called whenever a frame stops loading. */
  onStopped: Set<() => void>;
}

const watched = new WeakMap<Page, Promise<Loads | undefined>>();

/**
 * Starts following which of the page's frames are loading (once per page; Chromium only), so
 * that pageLoaded knows. Call it before the actions whose loads it should wait for. Only the
 * frames the page's own process renders report to its session: a cross-site frame's loads are
 * not waited for.
 */
export function watchLoads(page: Page): Promise<Loads | undefined> {
  let loads = watched.get(page);
  if (!loads) {
    // A page that closed meanwhile has nothing to follow.
    loads = isChromium(page) ? follow(page).catch(() => undefined) : Promise.resolve(undefined);
    watched.set(page, loads);
  }
  return loads;
}

async function follow(page: Page): Promise<Loads> {
  const cdp = await sessionOf(page).cdp;
  const state: Loads = { loading: new Set(), waitedOut: new Set(), onStopped: new Set() };
  const stopped = (frameId: string) => {
    state.loading.delete(frameId);
    state.waitedOut.delete(frameId);
    for (const callback of state.onStopped) callback();
  };
  // A page that closes or crashes loads nothing more.
  const gone = () => [...state.loading].forEach(stopped);
  page.on('close', gone);
  page.on('crash', gone);
  cdp.on('Page.frameStartedLoading', ({ frameId }) => {
    state.loading.add(frameId);
    state.waitedOut.delete(frameId);
  });
  // A load ends with its load event's handlers run, or without a document (a 204, a download, a failure, stopped).
  cdp.on('Page.frameStoppedLoading', ({ frameId }) => stopped(frameId));
  cdp.on('Page.frameDetached', ({ frameId }) => stopped(frameId));
  await within(ENABLE_MS, 'following the page\'s loads', cdp.send('Page.enable'));
  return state;
}

/**
 * Waits, at most LOAD_MS, until no frame of the page is loading (a document the last action
 * led to, in the page or a frame, has loaded and run its load handlers); true when one was.
 * At once when none is; a frame whose load was waited out is not waited on again until it
 * loads anew. Never throws: whatever reads the page next reads it as it is.
 */
export async function pageLoaded(page: Page): Promise<boolean> {
  const state = await watched.get(page);
  const pending = () => state !== undefined && [...state.loading].some((frame) => !state.waitedOut.has(frame));
  if (!state || !pending()) return false;
  let done = () => {};
  const loaded = new Promise<void>((resolve) => (done = resolve));
  const check = () => pending() || done();
  state.onStopped.add(check);
  const timer = setTimeout(done, LOAD_MS);
  try {
    await loaded;
  } finally {
    clearTimeout(timer);
    state.onStopped.delete(check);
    for (const frame of state.loading) state.waitedOut.add(frame);
  }
  return true;
}
