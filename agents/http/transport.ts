import type { HttpAgentSettings } from './settings.ts';

/** What came of one request, after its retries. */
export interface Delivery {
  /** The last attempt's HTTP status; absent when it got no answer. */
  status?: number;
  /** The last attempt's answer. */
  body?: string;
  /** Requests sent (1 + retries used). */
  attempts: number;
  /** Attempts the server answered, whatever the status: the calls the agent may have paid for. */
  answered: number;
  ms: number;
  /** Why there is no 2xx answer to read. */
  error?: string;
  /** The last attempt got no answer (connection error, timeout): the server is gone or hung, not merely wrong. */
  unreachable?: boolean;
}

/** The first retry waits this long, each further one twice as long. */
const BACKOFF_MS = 250;

/**
 * POSTs JSON to the agent server. Connection errors, timeouts and 5xx answers are retried
 * after a short backoff (a server restarting, a model overloaded); a 4xx is the server saying
 * the request is wrong, which asking again cannot mend.
 */
export async function postJson(settings: Pick<HttpAgentSettings, 'url' | 'timeoutMs' | 'retries'>, payload: unknown): Promise<Delivery> {
  const started = performance.now();
  const body = JSON.stringify(payload);
  const done = (d: Omit<Delivery, 'ms'>): Delivery => ({ ...d, ms: Math.round(performance.now() - started) });
  let attempts = 0;
  let answered = 0;
  let problem = '';
  let last: { status: number; body: string } | undefined;
  while (attempts <= settings.retries) {
    if (attempts > 0) await new Promise((resolve) => setTimeout(resolve, BACKOFF_MS * 2 ** (attempts - 1)));
    attempts++;
    try {
      // The timeout covers the whole answer, its body included.
      const response = await fetch(settings.url, {
        method: 'POST', headers: { 'content-type': 'application/json' }, body, signal: AbortSignal.timeout(settings.timeoutMs),
      });
      last = { status: response.status, body: await response.text() };
      answered++;
      if (response.ok) return done({ ...last, attempts, answered });
      problem = `answered ${response.status}${excerpt(last.body)}`;
      if (response.status < 500) break;
    } catch (e) {
      problem = failureOf(e as Error, settings.timeoutMs);
      last = undefined;
    }
  }
  const tried = `${attempts} attempt${attempts === 1 ? '' : 's'}`;
  if (!last) return done({ attempts, answered, unreachable: true, error: `agent server ${settings.url} unreachable after ${tried}: ${problem}` });
  return done({ ...last, attempts, answered, error: `agent server ${settings.url} ${problem} (after ${tried})` });
}

/** A failed fetch in words: Node puts the socket's error (connect ECONNREFUSED 127.0.0.1:9) in its cause. */
function failureOf(e: Error, timeoutMs: number): string {
  if (e.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
  const cause = e.cause as Error | undefined;
  return cause?.message ?? e.message;
}

/** The start of an error answer's body, which often says what went wrong. */
function excerpt(body: string): string {
  const text = body.trim().replace(/\s+/g, ' ');
  return text ? `: ${text.length > 200 ? `${text.slice(0, 200)}...` : text}` : '';
}
