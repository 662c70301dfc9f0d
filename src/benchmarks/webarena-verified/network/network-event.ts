import { isEvaluationEvent, isNavigationEvent, parseHarContent, requestHeaders, type HarEntry } from './har.ts';
import { extractByKey, Found, isJsonPathKey, parseJson } from './json-path.ts';
import { typeOf } from '../answers/registry.ts';
import { isNormalized, normalizeAs, reportOf, valuesEqual, type Schema } from '../answers/types.ts';
import type { NetworkCheck, NetworkResult } from './check.ts';
import { derenderUrl, normalizeUrl, sameQuery, samePath, type NormalizedUrl, type QueryValue, type SiteUrls, type UrlReading } from './urls.ts';
import { unquote } from '../../../python/url.ts';
import { pythonStrip } from '../../../python/str.ts';

// WebArena-Verified's NetworkEventEvaluator (core/evaluation/evaluators/network_event_evaluator.py):
// a request the episode should have made (or not), found in the traffic the browser recorded.

/** A URL with its alternatives (a check's list of URLs), compared path first, then query. */
class UrlValue {
  constructor(readonly alternatives: NormalizedUrl[], private readonly sites: SiteUrls) {}
  samePathAs = (other: UrlValue) => this.alternatives.some((a) => other.alternatives.some((b) => samePath(a, b, this.sites)));
  equals = (other: unknown) => other instanceof UrlValue && this.alternatives.some((a) => other.alternatives.some((b) => samePath(a, b, this.sites) && sameQuery(a, b)));
  toString = () => this.alternatives.map((u) => `${u.base}${Object.keys(u.query).length ? `?${JSON.stringify(u.query)}` : ''}`).join(' | ');
}

const present = (record: object | undefined | null): record is object => !!record && Object.keys(record).length > 0;
const alternativesOf = (value: unknown) => (value instanceof Found ? value.values : value);

/** Reads an event: its URL and headers by the check's rules; `strict` for the task's own (an error), else a value that does not read stays raw and matches nothing. */
class EventReader {
  constructor(private readonly check: NetworkCheck, private readonly sites: SiteUrls) {}

  private readonly derender = (text: string) => derenderUrl(text, this.sites);

  private reading(strict: boolean): UrlReading {
    const c = this.check;
    const schema = c.query_params_schema;
    return {
      ignored: { names: c.ignored_query_params, patterns: c.ignored_query_params_patterns },
      decodeBase64: c.decode_base64_query === true,
      ...(schema && { typed: (params: Record<string, string[]>) => this.typedQuery(params, schema, strict) }),
    };
  }

  /** query_params_schema: an array property's values each read as its items' type, another's as alternatives of its type. */
  private typedQuery(params: Record<string, string[]>, schema: Schema, strict: boolean): Record<string, QueryValue[]> {
    const read = (raw: string | string[], valueSchema: Schema | undefined): QueryValue[] => {
      const typed = this.typed(raw, valueSchema, strict);
      return isNormalized(typed) ? [typed] : [raw].flat();
    };
    return Object.fromEntries(Object.entries(params).map(([key, values]) => {
      const property = schema.properties?.[key];
      return [key, property?.type === 'array' ? values.flatMap((v) => read(v, property.items)) : read(values, property)];
    }));
  }

  url(raw: unknown, strict: boolean, query?: Record<string, string[]>): UrlValue {
    const one = (url: unknown) => {
      if (typeof url !== 'string' || !pythonStrip(url)) throw new Error(`not a URL: ${JSON.stringify(url)}`);
      return normalizeUrl(url, this.sites, { ...this.reading(strict), ...(query && { query }) });
    };
    if (!Array.isArray(raw)) return new UrlValue([one(raw)], this.sites);
    if (raw.length < 2) throw new Error(`alternatives require 2 or more items, got ${JSON.stringify(raw)}`);
    return new UrlValue(raw.map(one), this.sites);
  }

  /** A value of its type; what does not read is an error (strict) or kept as it is. */
  private typed(raw: unknown, schema: Schema | undefined, strict: boolean): unknown {
    try {
      return normalizeAs(typeOf(schema), alternativesOf(raw), this.derender);
    } catch (e) {
      if (strict) throw e;
      return raw;
    }
  }

  /** Referer (and redirect_url) as URLs; other headers as strings, site URLs back to placeholders (kept raw when they do not read). */
  headers(headers: Record<string, unknown>, strict: boolean): Record<string, unknown> {
    return Object.fromEntries(Object.entries(headers).map(([name, value]) => {
      if ((name === 'referer' || name === 'redirect_url') && value) {
        try {
          return [name, this.url(value, strict)];
        } catch (e) {
          if (strict) throw e;
          return [name, value];
        }
      }
      return [name, this.typed(typeof value === 'string' ? this.derender(value) : value, undefined, false)];
    }));
  }

  /** Posted fields: ignored names dropped; the actual side cut to the expected keys (JSONPath keys reach into JSON); each read by post_data_schema. */
  postData(data: Record<string, unknown> | null | undefined, strict: boolean, keys?: string[]): Record<string, unknown> | null {
    if (!present(data)) return null;
    const ignored = this.check.ignored_post_data_params_patterns ?? [];
    let fields = Object.fromEntries(Object.entries(data).filter(([name]) => !ignored.some((p) => searches(p, name))));
    if (keys) fields = Object.fromEntries(keys.map((k) => [k, isJsonPathKey(k) ? extractByKey(fields, k) : Object.hasOwn(fields, k) ? fields[k] : null]));
    return this.object(fields, this.check.post_data_schema ?? {}, strict);
  }

  private object(fields: Record<string, unknown>, schema: Schema, strict: boolean): Record<string, unknown> {
    return Object.fromEntries(Object.entries(fields).map(([key, value]) => {
      const property = schema.properties?.[key];
      if (value === null || value === undefined) return [key, null];
      if (property?.type !== 'array' && property?.type !== 'object') return [key, this.typed(value, property, strict)];
      // An array may come as what a JSONPath filter found; an array or an object as JSON text.
      const parsed = value instanceof Found ? value.values : typeof value === 'string' ? parseJson(value) : value;
      const fits = property.type === 'array' ? Array.isArray(parsed) : typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
      if (!fits) {
        if (strict) throw new Error(`"${key}" should be an ${property.type}, not ${JSON.stringify(value)}`);
        return [key, value];
      }
      if (property.type === 'object') return [key, this.object(parsed as Record<string, unknown>, property, strict)];
      return [key, (parsed as unknown[]).map((item) => this.typed(item, property.items, strict))];
    }));
  }

  cookies(cookies: Record<string, string> | null | undefined, strict: boolean): Record<string, unknown> | null {
    if (!present(cookies)) return null;
    return Object.fromEntries(Object.entries(cookies).map(([name, value]) => [name, this.typed(value, undefined, strict)]));
  }
}

/** Python's re.search (a pattern that does not compile matches nothing, as the reference skips it). */
function searches(pattern: string, text: string): boolean {
  try {
    return new RegExp(pattern).test(text);
  } catch {
    return false;
  }
}

/** An event as the comparison sees it: the reference's normalised NetworkEventSpec. */
type EventView = Record<string, unknown>;

function expectedView(check: NetworkCheck, read: EventReader): EventView {
  const e = check.expected;
  return {
    url: read.url(e.url, true, e.query_params),
    response_status: e.response_status ?? 200,
    http_method: e.http_method ?? 'GET',
    ...(e.headers && { headers: read.headers(e.headers, true) }),
    post_data: read.postData(e.post_data, true),
    response_content: present(e.response_content) ? e.response_content : null,
    response_cookies: read.cookies(e.response_cookies, true),
  };
}

function actualView(entry: HarEntry, check: NetworkCheck, read: EventReader, expected: EventView): EventView {
  const e = check.expected;
  const sent = Object.fromEntries(entry.request.headers.map((h) => [h.name.toLowerCase(), h.value]));
  const headers = present(e.headers) ? Object.fromEntries(Object.keys(e.headers).filter((n) => Object.hasOwn(sent, n.toLowerCase())).map((n) => [n, sent[n.toLowerCase()]])) : {};
  const keys = (view: unknown) => (present(view as object) ? Object.keys(view as object).map(pythonStrip) : undefined);
  const content = present(e.response_content) ? parseHarContent(entry.response.content) : null;
  const contentKeys = keys(expected.response_content);
  const cookies = present(e.response_cookies)
    ? Object.fromEntries((entry.response.cookies ?? []).filter((c) => Object.hasOwn(e.response_cookies!, c.name)).map((c) => [c.name, unquote(c.value ?? '')]))
    : null;
  let url: unknown = entry.request.url;
  try {
    url = read.url(entry.request.url, false);
  } catch {
    // Kept as it was sent: it matches no expected URL.
  }
  return {
    url,
    response_status: entry.response.status,
    http_method: entry.request.method,
    ...(present(headers) && { headers: read.headers(headers, false) }),
    post_data: read.postData(present(e.post_data) ? parseHarContent(entry.request.postData) : null, false, keys(expected.post_data)),
    // Plain keys only where the response has them, JSONPath keys always (null when they find nothing).
    response_content: !present(content) ? null : !contentKeys ? content : Object.fromEntries(contentKeys
      .filter((k) => isJsonPathKey(k) || Object.hasOwn(content, k))
      .map((k) => [k, isJsonPathKey(k) ? alternativesOf(extractByKey(content, k)) : content[k]])),
    response_cookies: read.cookies(cookies, false),
  };
}

const show = (value: unknown): string => (value instanceof UrlValue ? value.toString() : JSON.stringify(isNormalized(value) ? reportOf(value) : value) ?? String(value));

/**
 * How an event differs from the expected one (none: it matches), as the reference's comparator
 * sees it: keys the actual lacks, values by their type's rule, lists in any order (greedy), keys
 * the actual has beyond the expected ones ignored.
 */
function differences(expected: unknown, actual: unknown, path: string): string[] {
  const differ = [`${path}: expected ${show(expected)}, got ${show(actual)}`];
  if (expected === null && actual === null) return [];
  if (expected === null || actual === null) return differ;
  if (expected instanceof UrlValue) return expected.equals(actual) ? [] : differ;
  if (isNormalized(expected)) return valuesEqual(expected, actual) ? [] : differ;
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return differ;
    const used = new Set<number>();
    const unmatched = expected.filter((e, i) => {
      const found = actual.findIndex((a, j) => !used.has(j) && !differences(e, a, `${path}[${i}]`).length);
      if (found >= 0) used.add(found);
      return found < 0;
    });
    return unmatched.length || used.size < actual.length ? differ : [];
  }
  if (typeof expected === 'object') {
    if (!Object.keys(expected).length) throw new Error(`${path}: an expected object must have at least one key`);
    if (typeof actual !== 'object' || Array.isArray(actual) || actual instanceof UrlValue || isNormalized(actual)) return differ;
    const missing = Object.keys(expected).filter((k) => !Object.hasOwn(actual, k));
    const found = Object.keys(expected).filter((k) => Object.hasOwn(actual, k))
      .flatMap((k) => differences((expected as Record<string, unknown>)[k], (actual as Record<string, unknown>)[k], `${path}.${k}`));
    return [...(missing.length ? [`${path}: missing ${missing.join(', ')}`] : []), ...found];
  }
  return valuesEqual(expected, actual) ? [] : differ;
}

/**
 * The events the check compares: on a navigate task looking for a GET, the last page the
 * browser navigated to; else those of the expected method whose path (and referer, when both
 * have one) match, the last only unless last_event_only is false.
 */
function selected(events: HarEntry[], check: NetworkCheck, read: EventReader, navigate: boolean): HarEntry[] {
  const method = check.expected.http_method ?? 'GET';
  let found: HarEntry[];
  if (navigate && method === 'GET') found = events.filter(isNavigationEvent).slice(-1);
  else {
    const url = read.url(check.expected.url, true);
    const referer = check.expected.headers && 'referer' in check.expected.headers ? read.url(check.expected.headers.referer, true) : undefined;
    found = events.filter((event) => {
      if (event.request.method.toLowerCase() !== method.toLowerCase()) return false;
      if (!url.samePathAs(read.url(event.request.url, false))) return false;
      const sentReferer = requestHeaders(event).referer;
      return !referer || !sentReferer || referer.samePathAs(read.url(sentReferer, false));
    });
  }
  return check.last_event_only === false ? found : found.slice(-1);
}

const describe = (event: HarEntry) => `${event.request.method} ${event.request.url} ${event.response.status}`;

/** The check over the recorded events (evaluation events: no style sheets, scripts, images or fonts). `navigate`: the task's expected task_type is navigate. */
export function scoreNetworkEvent(events: HarEntry[], check: NetworkCheck, context: { sites: SiteUrls; navigate: boolean }): NetworkResult {
  let checked: string[] = [];
  const fail = (name: string, message: string, differences?: string[]): NetworkResult => ({ status: 'failure', score: 0, assertions: [{ name, messages: [message] }], checked, ...(differences && { differences }) });
  try {
    const read = new EventReader(check, context.sites);
    const expected = expectedView(check, read);
    const chosen = selected(events.filter(isEvaluationEvent), check, read, context.navigate);
    checked = chosen.map(describe);
    if (check.should_not_exist) {
      return chosen.length ? fail('unexpected_navigation_event', `Found ${chosen.length} matching event(s) when none were expected (should_not_exist=True).`) : { status: 'success', score: 1, assertions: [], checked };
    }
    if (!chosen.length) return fail('missing_navigation_event', 'No matching network event found that satisfies all expected criteria.');
    const found = chosen.map((event) => differences(expected, actualView(event, check, read, expected), 'network_event'));
    if (found.some((d) => !d.length)) return { status: 'success', score: 1, assertions: [], checked };
    return fail('missing_navigation_event', `No matching network event found. Checked ${chosen.length} event(s) but none matched all expected criteria.`, found.at(-1));
  } catch (e) {
    return { status: 'error', score: 0, assertions: [], error: (e as Error).message, checked };
  }
}

/** The HAR entries a check reads, cut to what it reads of them (the evidence a run keeps): evaluation events, a few headers, bodies only where compared. */
export function eventsFor(entries: HarEntry[], check: NetworkCheck): HarEntry[] {
  const e = check.expected;
  const headers = new Set(['accept', 'sec-fetch-dest', 'sec-fetch-mode', 'sec-fetch-user', 'referer', ...Object.keys(e.headers ?? {}).map((n) => n.toLowerCase())]);
  return entries.filter(isEvaluationEvent).map(({ request, response }) => ({
    request: {
      method: request.method,
      url: request.url,
      headers: request.headers.filter((h) => headers.has(h.name.toLowerCase())),
      ...(present(e.post_data) && request.postData && { postData: request.postData }),
    },
    response: {
      status: response.status,
      ...(present(e.response_content) && response.content && { content: response.content }),
      ...(present(e.response_cookies) && response.cookies && { cookies: response.cookies }),
    },
  }));
}
