import type { PageEvents } from './instance-page.ts';
import { copyName, type ReachedSite } from './sites.ts';

/** How long a copy has to answer its base URL before it counts as down. */
const HEALTH_MS = 10_000;

/** A copy that died: which, and why (a page of it failed, and its base URL does not answer). */
export interface LostCopy {
  copy: ReachedSite;
  reason: string;
}

/**
 * A copy among these whose page would not load (no answer, or a 5xx to a navigation of the
 * main page) and that is now down; each failing copy is checked, in the order they failed. A
 * navigation the page itself abandoned for another (net::ERR_ABORTED: a click before the last
 * load ended) is no fault; a copy that still answers may have failed for the agent's doing.
 */
export async function lostCopy(failures: PageEvents['navigationFailures'], copies: ReachedSite[]): Promise<LostCopy | undefined> {
  const checked = new Set<ReachedSite>();
  for (const failure of failures) {
    if (failure.error.includes('ERR_ABORTED')) continue;
    const origin = URL.parse(failure.url)?.origin;
    const copy = copies.find((c) => new URL(c.base).origin === origin);
    if (!copy || checked.has(copy)) continue;
    checked.add(copy);
    const down = await copyDown(copy);
    if (down) return { copy, reason: `${copyName(copy)} failed a page: ${failure.error} (${new URL(failure.url).pathname}); ${down}` };
  }
  return undefined;
}

/** Why the copy is down (no answer from its base URL, or a 5xx), or undefined when it answers. */
export async function copyDown(copy: ReachedSite): Promise<string | undefined> {
  try {
    const response = await fetch(copy.base, { signal: AbortSignal.timeout(HEALTH_MS), redirect: 'manual' });
    await response.body?.cancel();
    return response.status >= 500 ? `its base URL answers ${response.status}` : undefined;
  } catch (e) {
    return `its base URL does not answer: ${(e as Error).message}`;
  }
}
