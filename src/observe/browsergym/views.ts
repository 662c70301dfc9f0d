import type { Page } from '@playwright/test';
import { callIsolated, isChromium, sessionOf } from '../../values/page-session.ts';
import type { DomNodes } from '../dom-snapshot.ts';
import { flattenAxtree } from './axtree.ts';
import type { BidProps, BrowserGymFlags } from './extra-attributes.ts';
import { browsergymMarksInPage, type ElementProps } from './marks-in-page.ts';
import { prunedHtml } from './pruned-html.ts';
import { somScreenshot } from './som.ts';

/** BrowserGym's observation formats an agent asks for, and the flags of its text ones (AgentLab's). */
export interface BrowserGymOptions extends BrowserGymFlags {
  /** The accessibility tree with bids, as flatten_axtree_to_str writes it. */
  axtree?: boolean;
  /** The pruned HTML with bids (prune_html of flatten_dom_to_str). */
  prunedHtml?: boolean;
  /** The screenshot with the set-of-marks targets framed and tagged with their bids. */
  som?: boolean;
}

export interface BrowserGymViews {
  axtree?: string;
  prunedHtml?: string;
  /** A JPEG, base64. */
  som?: string;
}

const FLAGS = ['axtree', 'prunedHtml', 'som', 'withVisible', 'withClickable', 'withSom', 'visibleOnly'];

/** What is wrong with BrowserGym options as a user wrote them (a config's agentOptions), or undefined. */
export function browsergymOptionsProblem(value: unknown): string | undefined {
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value) : undefined;
  const bad = entries ? entries.find(([key, on]) => !(FLAGS.includes(key) ? typeof on === 'boolean' : key === 'coords' && (on === 'center' || on === 'box'))) : [];
  if (!bad) return undefined;
  return `browsergym must be an object of ${FLAGS.map((k) => `${k}: true or false`).join(', ')} and coords: "center" or "box", not ${JSON.stringify(value)}`;
}

export const wantsBrowserGym = (options: BrowserGymOptions | undefined): options is BrowserGymOptions => Boolean(options?.axtree || options?.prunedHtml || options?.som);

// BrowserGym's "standard_html" tags (frame_mark_elements.js): only these get a bid.
const STANDARD_HTML = `a abbr acronym address applet area article aside audio b base basefont bdi bdo big blockquote body br
  button canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset
  figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd
  label legend li link main map mark menu meta meter nav noframes noscript object ol optgroup option output p param picture
  pre progress q rp rt ruby s samp script search section select small source span strike strong style sub summary sup svg
  table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr`.split(/\s+/);

/** Gives every element its bid (before the default tree's extras take theirs), with BrowserGym's properties. */
export async function markForBrowserGym(page: Page): Promise<Record<string, ElementProps>> {
  if (!isChromium(page)) throw new Error("BrowserGym's observation formats read the page through Chromium's DevTools protocol: run them with a Chromium project");
  return callIsolated(page, 'marking the elements for BrowserGym', browsergymMarksInPage, STANDARD_HTML);
}

/**
 * The views asked for, of the main document as marked (`dom`: Chromium's snapshot of it, taken
 * once marked). Only BrowserGym's bids show: not those the default tree gave besides (an SVG shape).
 */
export async function browsergymViews(page: Page, marks: Record<string, ElementProps>, dom: DomNodes, options: BrowserGymOptions): Promise<BrowserGymViews> {
  const props = new Map<string, BidProps>();
  const bids = new Map<number, string>();
  for (const [node, bid] of dom.bids) {
    if (!marks[bid]) continue;
    props.set(bid, { ...marks[bid]!, clickable: dom.clickable.has(node) });
    bids.set(node, bid);
  }
  const views: BrowserGymViews = {};
  if (options.axtree) {
    const { nodes } = await (await sessionOf(page).cdp).send('Accessibility.getFullAXTree', {});
    views.axtree = flattenAxtree(nodes, bids, props, options);
  }
  if (options.prunedHtml && dom.snapshot) views.prunedHtml = prunedHtml(dom.snapshot, props, options);
  if (options.som) views.som = await somScreenshot(page, marks);
  return views;
}
