import type { Page } from '@playwright/test';
import { isChromium, mainFrameId, sessionOf } from '../values/page-session.ts';
import type { DomSnapshot } from './cdp-types.ts';

/** Chromium's own view of the main document (CDP DOMSnapshot): what no page script can hide. */
export interface DomNodes {
  /** The whole snapshot (frames' documents too), the main document first; undefined outside Chromium. */
  snapshot?: DomSnapshot;
  /** Backend node ids of elements with a click listener (natively clickable controls left out). */
  listening: number[];
  /** Per backend node id, its `bid` attribute (read when asked for: only BrowserGym's views need them). */
  bids: Map<number, string>;
  /** Backend node ids Chromium counts as clickable (a listener, or a control). */
  clickable: Set<number>;
}

/** Controls Chromium counts as clickable whatever their listeners: the tree gives them refs already. */
const NATIVE = new Set(['A', 'AREA', 'BUTTON', 'INPUT', 'LABEL', 'OPTION', 'SELECT', 'SUMMARY', 'TEXTAREA']);

/**
 * Each listening element is handed to the page pass by one round trip (about half a
 * millisecond): past this many, on a page of thousands of handlers, the rest go unmarked.
 */
const MAX_LISTENING = 400;

export async function domNodes(page: Page, { withBids = false } = {}): Promise<DomNodes> {
  if (!isChromium(page)) return { listening: [], bids: new Map(), clickable: new Set() };
  const cdp = await sessionOf(page).cdp;
  const [snapshot, frameId] = await Promise.all([cdp.send('DOMSnapshot.captureSnapshot', { computedStyles: [] }), mainFrameId(page)]);
  const { documents, strings } = snapshot;
  const main = documents.find((d) => strings[d.frameId] === frameId) ?? documents[0];
  const listening: number[] = [];
  const clickable = new Set<number>();
  const bids = new Map<number, string>();
  if (!main) return { snapshot, listening, bids, clickable };
  const { nodeName = [], backendNodeId = [], attributes = [], isClickable } = main.nodes;
  // Only what has a box a user can hit (20 px² or more), as the page pass would keep.
  const area = new Map(main.layout.nodeIndex.map((node, k) => [node, (main.layout.bounds[k]?.[2] ?? 0) * (main.layout.bounds[k]?.[3] ?? 0)]));
  for (const i of isClickable?.index ?? []) {
    clickable.add(backendNodeId[i]!);
    if (!NATIVE.has(strings[nodeName[i]!]!) && (area.get(i) ?? 0) >= 20 && listening.length < MAX_LISTENING) listening.push(backendNodeId[i]!);
  }
  if (withBids) {
    for (const [i, attrs] of attributes.entries()) {
      for (let a = 0; a < attrs.length; a += 2) if (strings[attrs[a]!] === 'bid') bids.set(backendNodeId[i]!, strings[attrs[a + 1]!]!);
    }
  }
  return { snapshot, listening, bids, clickable };
}
