import { parseQs, urlparse } from '../python/url.ts';

// WebArena's URLEvaluator with its only matching rule, "GOLD in PRED".

/** str.rstrip('/') */
const cleanUrl = (url: string): string => url.replace(/\/+$/, '');

function parseUrl(url: string): { base: string; query: Map<string, string[]> } {
  const { netloc, path, query } = urlparse(cleanUrl(url));
  return { base: netloc + path, query: parseQs(query) };
}

/**
 * WebArena's url_match: 1 when some reference's netloc+path is a substring of the final URL's (scheme,
 * ;params and fragment ignored), and every query parameter named by the references has, in the final URL,
 * one of the values the references give it. The " |OR| " alternatives pool their query constraints.
 */
export function urlMatch(prediction: string, reference: string): number {
  const references = reference.split(' |OR| ').map(parseUrl);
  const predicted = parseUrl(prediction);
  const required = new Map<string, Set<string>>();
  for (const { query } of references) {
    for (const [name, values] of query) required.set(name, new Set([...(required.get(name) ?? []), ...values]));
  }
  const baseMatches = references.some(({ base }) => predicted.base.includes(base));
  const queryMatches = [...required].every(([name, values]) => [...values].some((value) => predicted.query.get(name)?.includes(value)));
  return Number(baseMatches && queryMatches);
}
