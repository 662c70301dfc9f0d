import { urlMatch } from './url-match.ts';
import { pathOnSite } from '../site-url.ts';
import type { Evaluator } from './types.ts';

interface UrlSettings {
  reference_url: string;
}

/** The final URL, and where references are read: the start URL, or a site's base URL for a path. */
export interface UrlEvidence {
  url: string;
  startUrl: string;
  siteBase?: string;
}

/** WebArena's url_match: the final page's URL against a reference (alternatives: " |OR| "). */
export const url: Evaluator<UrlSettings, UrlSettings, UrlEvidence> = {
  name: 'url',
  expected: (settings) => settings,
  capture: async (final, _expected, episode) => ({ url: final.url(), startUrl: episode.startUrl, ...(episode.siteBase !== undefined && { siteBase: episode.siteBase }) }),
  score(evidence, expected) {
    const reference = absoluteReferences(expected.reference_url, evidence);
    const score = urlMatch(evidence.url, reference);
    return { evaluator: 'url', expected: reference, got: evidence.url, score, ...(score === 0 && { reason: 'the final URL does not match' }) };
  },
};

const OR = ' |OR| ';

/**
 * A task of ours is served on a port known only at run time, and a site lives where the user
 * deployed it: references may be relative (to the start page), or paths on the site.
 */
export function absoluteReferences(reference: string, from: { startUrl: string; siteBase?: string }): string {
  const absolute = (r: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(r)) return r;
    return from.siteBase !== undefined && r.startsWith('/') ? pathOnSite(from.siteBase, r) : new URL(r, from.startUrl).href;
  };
  return reference.split(OR).map((r) => absolute(r.trim())).join(OR);
}
