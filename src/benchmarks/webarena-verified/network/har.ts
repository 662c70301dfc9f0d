import { parseQs } from '../../../python/url.ts';

// The network traffic a run recorded (a HAR file, as Playwright writes it), read as
// WebArena-Verified reads it (types/tracing.py, core/utils/network_event_utils.py).

interface HarHeader {
  name: string;
  value: string;
}

interface HarContent {
  mimeType?: string;
  text?: string;
}

/** One entry of a HAR's log: what the evaluator reads of it. */
export interface HarEntry {
  request: { method: string; url: string; headers: HarHeader[]; postData?: HarContent };
  response: { status: number; headers?: HarHeader[]; content?: HarContent; redirectURL?: string; cookies?: { name: string; value?: string }[] };
}

/** The entries of a HAR, in their order; a HAR without any is refused, as the reference refuses it. */
export function harEntries(text: string, file = 'the HAR'): HarEntry[] {
  const har = JSON.parse(text) as { log?: { entries?: HarEntry[] } };
  if (!har.log) throw new Error(`${file}: invalid HAR format: missing 'log' field`);
  if (!har.log.entries) throw new Error(`${file}: invalid HAR format: missing 'log.entries' field`);
  if (!har.log.entries.length) throw new Error(`${file}: HAR file contains no entries`);
  return har.log.entries;
}

const STATIC = ['.css', '.js', '.png', '.jpg', '.jpeg', '.gif', '.svg', '.woff', '.woff2', '.ttf', '.ico', '.webp'];

const pathOf = (url: string) => /^[^:/?#]+:\/\/[^/?#]*([^?#]*)/.exec(url)?.[1] ?? url.split(/[?#]/)[0]!;

/** Not a page's style sheet, script, image or font (by the path's ending, case-sensitive). */
export const isEvaluationEvent = (entry: HarEntry) => !STATIC.some((suffix) => pathOf(entry.request.url).endsWith(suffix));

/** A request's headers, names and values lower-cased (the last of a name wins). */
export const requestHeaders = (entry: HarEntry) => Object.fromEntries(entry.request.headers.map((h) => [h.name.toLowerCase(), h.value.toLowerCase()]));

/** A page the browser navigated to: a GET of a document, by its Sec-Fetch headers where it sent them, else by what it accepts. */
export function isNavigationEvent(entry: HarEntry): boolean {
  if (entry.request.method !== 'GET') return false;
  const headers = requestHeaders(entry);
  if ('sec-fetch-user' in headers) {
    return headers['sec-fetch-dest'] === 'document' && headers['sec-fetch-mode'] === 'navigate' && headers['sec-fetch-user'] === '?1' && (headers.accept ?? '').includes('text/html');
  }
  return (headers.accept ?? '').startsWith('text/html');
}

/** A posted form or a JSON object (a request's postData, a response's content): form fields (the first value of each), the object, or none. */
export function parseHarContent(content: HarContent | undefined): Record<string, unknown> | null {
  const mime = content?.mimeType ?? '';
  const text = content?.text ?? '';
  if (!text) return null;
  if (mime.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries([...parseQs(text, { keepBlankValues: true })].map(([k, v]) => [k, v[0] ?? '']));
  }
  if (mime.includes('application/json')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // Not JSON: none, as the reference reads it.
    }
  }
  const boundary = mime.includes('multipart/form-data') ? /boundary=([^;\s]+)/.exec(mime)?.[1] : undefined;
  return boundary ? parseMultipart(text, boundary) : null;
}

/** multipart/form-data: each part's field name and body (its trailing line break removed). */
function parseMultipart(text: string, boundary: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const raw of text.split(`--${boundary}`)) {
    const part = raw.trim();
    if (!part || part === '--') continue;
    const split = part.includes('\r\n\r\n') ? '\r\n\r\n' : part.includes('\n\n') ? '\n\n' : undefined;
    if (!split) continue;
    const at = part.indexOf(split);
    const [head, body] = [part.slice(0, at), part.slice(at + split.length)];
    const disposition = head.split('\r\n').find((line) => line.toLowerCase().startsWith('content-disposition:'));
    const name = disposition && /name="([^"]+)"/.exec(disposition)?.[1];
    if (name) fields[name] = body.replace(/[\r\n]+$/, '');
  }
  return fields;
}

