import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// What the tests' stand-in sites share: a server on loopback, a request with its form or JSON
// body read, sessions by cookie, and small HTML and JSON answers.

/** One request, read: its URL, its body as a form and as text, a cookie by name. */
export interface Request {
  method: string;
  url: URL;
  form: URLSearchParams;
  body: string;
  headers: IncomingMessage['headers'];
  cookie(name: string): string | undefined;
}

export type Handler = (req: Request, res: ServerResponse) => void | Promise<void>;

/** Starts a server on 127.0.0.1 and a free port: its base URL, and a close that drops open connections. */
export async function serve(handle: Handler): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('request', (req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const cookies = req.headers.cookie ?? '';
      const request: Request = {
        method: req.method!, url: new URL(req.url ?? '/', url), form: new URLSearchParams(body), body, headers: req.headers,
        cookie: (name) => new RegExp(`(?:^|;\\s*)${name}=([^;]+)`).exec(cookies)?.[1],
      };
      // A handler's error, thrown or rejected, is the request's 500, never the test process's.
      Promise.resolve().then(() => handle(request, res)).catch((e: Error) => res.writeHead(500).end(e.message));
    });
  });
  return {
    url,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A stand-in site: its class answers requests; `start` serves a new one on its own server. */
export abstract class StandInSite {
  url = '';
  close: () => Promise<void> = async () => {};

  protected abstract handle(req: Request, res: ServerResponse): void;

  static async start<T extends StandInSite>(this: new () => T): Promise<T> {
    const site = new this();
    ({ url: site.url, close: site.close } = await serve((req, res) => site.handle(req, res)));
    return site;
  }
}

/** Session tokens a site issued (a login), by the name of who holds them. */
export class Sessions {
  private readonly holders = new Map<string, string>();

  issue(who: string): string {
    const token = randomUUID();
    this.holders.set(token, who);
    return token;
  }

  who(token: string | undefined): string | undefined {
    return token === undefined ? undefined : this.holders.get(token);
  }

  clear(): void {
    this.holders.clear();
  }
}

export const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

export function page(res: ServerResponse, title: string, body: string, status = 200): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`);
}

export function redirect(res: ServerResponse, location: string, cookie?: string): void {
  res.writeHead(303, { location, ...(cookie && { 'set-cookie': cookie }) }).end();
}

export function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}
