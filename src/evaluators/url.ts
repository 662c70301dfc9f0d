import { urlMatch } from '../metrics/webarena/url-match.ts';
import type { Evaluator } from './types.ts';

interface UrlSettings {
  reference_url: string;
}

/** The final URL, and the start URL a relative reference is read against. */
export interface UrlEvidence {
  url: string;
  startUrl: string;
}

/** WebArena's url_match: the final page's URL against a reference (alternatives: " |OR| "). */
export const url: Evaluator<UrlSettings, UrlSettings, UrlEvidence> = {
  name: 'url',
  expected: (settings) => settings,
  capture: async (final, _expected, episode) => ({ url: final.url(), startUrl: episode.startUrl }),
  score(evidence, expected) {
    const reference = absoluteReferences(expected.reference_url, evidence.startUrl);
    const score = urlMatch(evidence.url, reference);
    return { evaluator: 'url', expected: reference, got: evidence.url, score, ...(score === 0 && { reason: 'the final URL does not match' }) };
  },
};

const OR = ' |OR| ';

/** A task of ours is served on a port known only at run time: its references may be relative. */
export function absoluteReferences(reference: string, base: string): string {
  return reference.split(OR).map((r) => (/^[a-z][a-z0-9+.-]*:/i.test(r.trim()) ? r : new URL(r.trim(), base).href)).join(OR);
}
