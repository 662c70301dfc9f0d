import { pythonReMatch } from '../../../python/regex.ts';
import { pythonStrip } from '../../../python/str.ts';
import { parseQs, unquote as pythonUnquote } from '../../../python/url.ts';
import { isRegexp } from '../answers/normalize-text.ts';
import { valuesEqual, type Normalized } from '../answers/types.ts';

// URLs as WebArena-Verified's network evaluator reads them (data_types/url.py,
// core/utils/url_utils.py, with url-normalize 2.2.1): normalised, the run's site URLs turned
// back into their placeholders (__SHOPPING_ADMIN__/sales/order), the query as sorted values per
// key, some keys ignored.

/** The run's sites: placeholder (`__GITLAB__`) to base URL. */
export type SiteUrls = Record<string, string>;

/** Python's urllib.parse.quote: UTF-8, %XX upper-case, letters, digits, `_.-~` and `safe` kept. */
export function quote(text: string, safe: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(text)) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9_.\-~]/.test(c) || (byte < 128 && safe.includes(c)) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** url-normalize's unquote: Python's, then NFC. */
const unquote = (text: string) => pythonUnquote(text).normalize('NFC');

const DEFAULT_PORTS: Record<string, string> = { http: '80', https: '443', ftp: '21' };

/**
 * url-normalize 2.2.1's normalize_path: re-quoted first, then dot segments resolved and empty
 * segments dropped (`//api` is `/api`, `a/%2E%2E/b` is `b`), a trailing / kept.
 */
function normalizePath(path: string, scheme: string): string {
  let normal = quote(unquote(path), "~:/#[]@!$&'()*+,;=");
  if (['', 'http', 'https', 'ftp', 'file'].includes(scheme)) {
    const parts = normal.split('/');
    const output: string[] = [];
    for (const part of parts) {
      if (part === '') {
        if (!output.length) output.push(part);
      } else if (part === '..') {
        if (output.length > 1) output.pop();
      } else if (part !== '.') output.push(part);
    }
    if (['', '.', '..'].includes(parts.at(-1)!)) output.push('');
    normal = output.join('/');
  }
  return !normal && ['http', 'https', 'ftp', 'file'].includes(scheme) ? '/' : normal;
}

/** url-normalize 2.2.1's url_normalize for http(s) URLs: scheme and host lower-cased, default port dropped, path, query and fragment re-quoted. */
export function urlNormalize(raw: string): string {
  // provide_url_scheme: no ":" in the first 7 characters, no scheme (a path, starting with a single /, stays one).
  let url = raw;
  if (url && !(url.startsWith('/') && !url.startsWith('//'))) {
    if (!url.slice(0, 7).includes(':')) url = `https://${url.replace(/^\/+/, '')}`;
    else if (/^(https?|ftps?):/i.test(url)) url = url.replace(/^([^:]+):\/*/, '$1://');
  }
  url = url.replace('#!', '?_escaped_fragment_=').replace(/[&? ]+$/, '');
  const match = /^([^:/?#]+):\/\/([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/.exec(url);
  if (!match) return url;
  const [, scheme, authority, path, query, fragment] = match as unknown as [string, string, string, string, string | undefined, string | undefined];
  const lowerScheme = scheme.toLowerCase();
  const [, userinfo = '', host = '', port = ''] = /^(?:(.*)@)?([^:]*)(?::(\d*))?$/.exec(authority) ?? [];
  const netloc = `${userinfo ? `${userinfo}@` : ''}${host.toLowerCase().replace(/\.+$/, '')}${port && port !== DEFAULT_PORTS[lowerScheme] ? `:${port}` : ''}`;
  const normalPath = normalizePath(path, lowerScheme);
  const normalQuery = query === undefined ? '' : query.split('&').filter((p) => p !== '').map((p) => {
    const [k, ...v] = p.split('=');
    const key = quote(unquote(k!), "~:/?[]@!$'()*+,;");
    return v.length && v.join('=') !== '' ? `${key}=${quote(unquote(v.join('=')), "~:/?[]@!$'()*+,;")}` : key;
  }).join('&');
  return `${lowerScheme}://${netloc}${normalPath}${normalQuery ? `?${normalQuery}` : ''}${fragment ? `#${quote(unquote(fragment), '~=')}` : ''}`;
}

/** A placeholder URL (`__GITLAB__/a/b`) with its site's URL; as it is when no site of the run starts it. */
export function renderUrl(url: string, sites: SiteUrls): string {
  const placeholder = Object.keys(sites).find((p) => url.startsWith(p));
  return placeholder ? url.replace(placeholder, sites[placeholder]!) : url;
}

/** The run's site URLs back to their placeholders, longest first (the admin under the shop's host before the shop). */
export function derenderUrl(url: string, sites: SiteUrls): string {
  const byLength = Object.entries(sites).sort(([, a], [, b]) => b.length - a.length);
  for (const [placeholder, base] of byLength) if (url.includes(base)) return url.split(base.replace(/\/+$/, '')).join(placeholder);
  return url;
}

/** A URL's query as the reference's normalize_query reads it: parse_qs(keep_blank_values=True), then another unquote of names and values. */
export function parseQuery(query: string): Map<string, string[]> {
  return new Map([...parseQs(query, { keepBlankValues: true })].map(([key, values]) => [pythonUnquote(key), values.map(pythonUnquote)]));
}

/** Which query keys the comparison leaves out: exact names, and patterns searched case-insensitively. */
export interface IgnoredParams {
  names?: string[];
  patterns?: string[];
}

const isIgnored = (key: string, ignored: IgnoredParams) =>
  ignored.names?.includes(key) === true || (ignored.patterns ?? []).some((p) => new RegExp(p, 'i').test(key));

/** A query value as compared: lower-cased text, or a value read by the check's query_params_schema (dates). */
export type QueryValue = string | Normalized;

/** A URL as the evaluator compares it: its base (placeholders for the run's sites) and its query, values lower-cased and sorted. */
export interface NormalizedUrl {
  base: string;
  regex: boolean;
  query: Record<string, QueryValue[]>;
}

/** How a check reads URLs: its ignored query keys, base64 path segments, and its query's types (query_params_schema: dates). */
export interface UrlReading {
  ignored?: IgnoredParams;
  decodeBase64?: boolean;
  typed?: (params: Record<string, string[]>) => Record<string, QueryValue[]>;
}

/**
 * `decode_base64_query`: path segments that are URL-safe base64 of a query (`a=b`) move into
 * the query; empty segments go too.
 */
function base64Query(path: string): { path: string; query: string[] } {
  const query: string[] = [];
  const kept = path.split('/').filter((segment, i, all) => {
    if (segment === '') return i === 0 || i === all.length - 1;
    if (!/^[A-Za-z0-9_-]{4,}={0,2}$/.test(segment)) return true;
    try {
      const padded = segment.replace(/=+$/, '') + '='.repeat((4 - (segment.replace(/=+$/, '').length % 4)) % 4);
      const decoded = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.from(padded.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
      const found = pythonStrip(unquote(decoded));
      if (!decoded.includes('=') || !found) return true;
      query.push(found.replace(/^[?&]+/, ''));
      return false;
    } catch {
      return true;
    }
  });
  return { path: kept.join('/'), query };
}

/**
 * A clone URL over SSH (ssh://git@host:2222/a/b.git, git@host:a/b.git) as the reference writes
 * it: its user at `__SSH_HOST__` (any host and port), its path lower-cased. Undefined: not one.
 */
export function sshUrl(url: string): string | undefined {
  if (/^ssh:\/\//i.test(url)) {
    const [, user = 'git', path = ''] = /^ssh:\/\/(?:([^@/]*)@)?[^/]*(\/.*)?$/i.exec(url) ?? [];
    return `${user.toLowerCase()}@__SSH_HOST__:${path.replace(/^\/+/, '').toLowerCase()}`;
  }
  if (!url.toLowerCase().startsWith('git@') || !url.includes(':') || url.includes('://')) return undefined;
  const at = url.indexOf('@');
  const hostPath = url.slice(at + 1);
  return `${url.slice(0, at).toLowerCase()}@__SSH_HOST__:${hostPath.slice(hostPath.indexOf(':') + 1).replace(/^\/+/, '').toLowerCase()}`;
}

/**
 * A URL read as the reference reads one: a regex (`^...$`) as written (its query: the given
 * one); else its site placeholder rendered, normalised, the sites turned back into
 * placeholders. `query` given (an expected query_params) replaces the URL's own.
 */
export function normalizeUrl(raw: string, sites: SiteUrls, options: UrlReading & { query?: Record<string, string[]> } = {}): NormalizedUrl {
  const ignored = options.ignored ?? {};
  const params = (entries: Iterable<[string, string[]]>) => {
    const kept: Record<string, string[]> = Object.fromEntries([...entries]
      .filter(([key]) => !isIgnored(key, ignored))
      .map(([key, values]) => [key, values.map((v) => pythonStrip(v.toLowerCase())).sort()]));
    return options.typed ? options.typed(kept) : kept;
  };
  const text = pythonStrip(raw);
  if (isRegexp(text)) return { base: text.replace(/\/+$/, ''), regex: true, query: params(Object.entries(options.query ?? {})) };
  const rendered = renderUrl(text.replace(/\/+$/, ''), sites);
  const ssh = sshUrl(rendered);
  if (ssh) return { base: ssh, regex: false, query: {} };
  const normal = urlNormalize(rendered);
  const derendered = derenderUrl(normal, sites);
  const match = /^([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/s.exec(derendered)!;
  let base = match[1]!;
  const own: string[] = match[2] ? [match[2]] : [];
  if (options.decodeBase64 && !options.query) {
    const decoded = base64Query(base);
    base = decoded.path;
    own.unshift(...decoded.query);
  }
  // The fragment stays with the base, as the reference's urlunparse keeps it.
  if (match[3]) base += `#${match[3]}`;
  return { base, regex: false, query: options.query ? params(Object.entries(options.query)) : params(parseQuery(own.join('&'))) };
}

/**
 * Same place: literal bases equal case-insensitively without a trailing /; or a regex, its
 * leading site placeholder rendered, matching the other side rendered (either side may be the regex).
 */
export function samePath(expected: NormalizedUrl, actual: NormalizedUrl, sites: SiteUrls): boolean {
  if (!expected.regex && !actual.regex) return expected.base.toLowerCase().replace(/\/+$/, '') === actual.base.toLowerCase().replace(/\/+$/, '');
  const render = (url: string) => (url.startsWith('__') ? renderUrl(url, sites) : url);
  const matches = (pattern: NormalizedUrl, other: NormalizedUrl) =>
    pattern.regex && pythonReMatch(isRegexp(pattern.base) ? `^${render(pattern.base.slice(1, -1))}$` : render(pattern.base), render(other.base));
  return matches(expected, actual) || matches(actual, expected);
}

/** A query value as Python's str() writes it (a regex's text, a date's normal form). */
const shown = (value: QueryValue) => (typeof value === 'string' ? value : String(value.alternatives[0]));

/**
 * Same query: over both sides' keys, the first values equal (missing and empty alike; typed
 * values by their type's rule), or the expected one a regex matching.
 */
export function sameQuery(expected: NormalizedUrl, actual: NormalizedUrl): boolean {
  const keys = new Set([...Object.keys(expected.query), ...Object.keys(actual.query)]);
  return [...keys].every((key) => {
    const [e, a] = [expected.query[key]?.[0] ?? '', actual.query[key]?.[0] ?? ''];
    const regex = typeof e === 'string' ? isRegexp(e) : e.alternatives.some((x) => typeof x === 'string' && isRegexp(x));
    return regex ? pythonReMatch(shown(e), shown(a)) : valuesEqual(e, a);
  });
}
