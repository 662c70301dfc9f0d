import type { PageEvents } from './instance-page.ts';
import { copyName, type ReachedSite } from './sites.ts';

/** How long a copy has to answer its base URL before it counts as down. */
const HEALTH_MS = 10_000;

/**
 * The copy whose page would not load during the episode (no answer, or a 5xx to a navigation
 * of the main page), and what happened; a navigation the page itself abandoned for another
 * (net::ERR_ABORTED: a click before the last load ended) is no fault.
 */
export function siteFault(failures: PageEvents['navigationFailures'], copies: ReachedSite[]): { copy: ReachedSite; what: string } | undefined {
  for (const failure of failures) {
    if (failure.error.includes('ERR_ABORTED')) continue;
    const origin = URL.parse(failure.url)?.origin;
    const copy = copies.find((c) => new URL(c.base).origin === origin);
    if (copy) return { copy, what: `${copyName(copy)} failed a page: ${failure.error} (${new URL(failure.url).pathname})` };
  }
  return undefined;
}

/** Why a copy is lost, when one of these failures was a page of it and it is now down (else undefined: the failure may be the agent's doing). */
export async function copyLost(failures: PageEvents['navigationFailures'], copies: ReachedSite[]): Promise<string | undefined> {
  const fault = siteFault(failures, copies);
  const down = fault && (await copyDown(fault.copy));
  return down && `${fault.what}; ${down}`;
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
