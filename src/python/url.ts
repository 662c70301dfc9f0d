// The parts of Python 3.11's urllib.parse (as Debian bookworm ships it) that WebArena's url_match uses:
// urlparse's netloc, path and query, and parse_qs. Python raises ValueError on some malformed netlocs;
// these throw where it does.
import { isIPv6 } from 'node:net';

const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;
const USES_PARAMS = new Set(['', 'ftp', 'hdl', 'prospero', 'http', 'imap', 'https', 'shttp', 'rtsp', 'rtspu', 'sip', 'sips', 'mms', 'sftp', 'tel']);

export interface UrlParts {
  netloc: string;
  path: string;
  query: string;
}

/** urlparse(url): the path loses ;params (for the schemes that have them), the query its '?' and fragment. */
export function urlparse(input: string): UrlParts {
  // urlsplit: WHATWG C0 controls and spaces stripped in front, tabs and newlines removed anywhere.
  let url = input.replace(/^[\x00-\x20]+/, '').replace(/[\t\r\n]/g, '');
  let scheme = '';
  let netloc = '';
  let query = '';
  const colon = url.indexOf(':');
  if (colon > 0 && SCHEME.test(url.slice(0, colon))) {
    scheme = url.slice(0, colon).toLowerCase();
    url = url.slice(colon + 1);
  }
  if (url.startsWith('//')) {
    const end = ['/', '?', '#'].map((c) => url.indexOf(c, 2)).filter((i) => i >= 0);
    const delimiter = Math.min(url.length, ...end);
    netloc = url.slice(2, delimiter);
    url = url.slice(delimiter);
    checkBrackets(netloc);
  }
  url = url.split('#')[0] ?? '';
  const questionMark = url.indexOf('?');
  if (questionMark >= 0) [url, query] = [url.slice(0, questionMark), url.slice(questionMark + 1)];
  checkNormalizedNetloc(netloc);
  return { netloc, path: USES_PARAMS.has(scheme) ? withoutParams(url) : url, query };
}

/** _splitparams: parameters start at the first ';' of the last path segment. */
function withoutParams(path: string): string {
  const semicolon = path.indexOf(';', Math.max(path.lastIndexOf('/'), 0));
  return semicolon < 0 ? path : path.slice(0, semicolon);
}

const invalidUrl = (why: string) => new Error(`Invalid URL (Python's urlparse raises ValueError): ${why}`);

/** urlsplit's IPv6 checks: balanced brackets, nothing around them but a port, an IPv6 or IPvFuture inside. */
function checkBrackets(netloc: string): void {
  if (netloc.includes('[') !== netloc.includes(']')) throw invalidUrl(`unbalanced brackets in ${netloc}`);
  if (!netloc.includes('[')) return;
  const hostAndPort = netloc.slice(netloc.lastIndexOf('@') + 1);
  const open = hostAndPort.indexOf('[');
  let hostname = hostAndPort.split(':')[0] ?? '';
  if (open >= 0) {
    const bracketed = hostAndPort.slice(open + 1);
    const close = bracketed.indexOf(']');
    const port = close < 0 ? '' : bracketed.slice(close + 1);
    if (open > 0 || (port !== '' && !port.startsWith(':'))) throw invalidUrl(`text around the brackets in ${netloc}`);
    hostname = close < 0 ? bracketed : bracketed.slice(0, close);
  }
  const valid = hostname.startsWith('v') ? /^v[a-fA-F0-9]+\.[^\n]+$/.test(hostname) : isIPv6(hostname);
  if (!valid) throw invalidUrl(`bracketed host ${hostname}`);
}

/** _checknetloc: a non-ASCII netloc must not gain URL delimiters under NFKC normalisation. */
function checkNormalizedNetloc(netloc: string): void {
  if (/^[\x00-\x7f]*$/.test(netloc)) return;
  const stripped = netloc.replace(/[@:#?]/g, '');
  const normalized = stripped.normalize('NFKC');
  if (stripped !== normalized && /[/?#@:]/.test(normalized)) throw invalidUrl(`${netloc} changes under NFKC`);
}

/**
 * parse_qs(query): '&'-separated name=value pairs; pairs without '=' or with a blank value are
 * dropped, unless `keepBlankValues` (then a name alone has the value '').
 */
export function parseQs(query: string, { keepBlankValues = false } = {}): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const field of query.split('&')) {
    if (!field) continue;
    const equals = field.indexOf('=');
    if (!keepBlankValues && (equals < 0 || equals === field.length - 1)) continue;
    const name = unquote((equals < 0 ? field : field.slice(0, equals)).replaceAll('+', ' '));
    const value = equals < 0 ? '' : unquote(field.slice(equals + 1).replaceAll('+', ' '));
    result.set(name, [...(result.get(name) ?? []), value]);
  }
  return result;
}

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** unquote: %XX escapes in each ASCII run decoded as UTF-8, invalid bytes replaced by U+FFFD. */
export function unquote(text: string): string {
  return text.includes('%') ? text.replace(/[\x00-\x7f]+/g, percentDecode) : text;
}

function percentDecode(asciiRun: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < asciiRun.length; i++) {
    const hex = asciiRun[i] === '%' ? asciiRun.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(asciiRun.charCodeAt(i));
  }
  return utf8.decode(Uint8Array.from(bytes));
}
