import { pythonStrip } from '../../../python/str.ts';
import type { ValueType } from './types.ts';
import { normalizeUrl, sameQuery, samePath, type NormalizedUrl } from '../network/urls.ts';

/**
 * The `url` format of a value (an answer's clone URL): read as the network evaluator reads
 * URLs, with no site of the run (the reference gives this type none to render); equal when the
 * paths and queries are.
 */
export const url: ValueType = {
  prepare: pythonStrip,
  normalize(raw) {
    if (typeof raw !== 'string' || !raw) throw new Error(`not a URL: ${JSON.stringify(raw)}`);
    return normalizeUrl(raw, {});
  },
  equal: (a, b) => (a as NormalizedUrl[]).some((x) => (b as NormalizedUrl[]).some((y) => samePath(x, y, {}) && sameQuery(x, y))),
  report: (value) => {
    const { base, query } = value as NormalizedUrl;
    return Object.keys(query).length ? { base_url: base, query_params: query } : base;
  },
};
