import { Agent, createServer, request, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/** How a kept-alive connection its origin closed meanwhile fails a request sent on it. */
const STALE_CONNECTION = new Set(['ECONNRESET', 'EPIPE']);
/** The largest request body kept for a second sending (a form's, a JSON call's; not an upload's). */
const REPLAYED_BODY = 1 << 20;

/** A request the gate refused: its method and URL (a tunnel's is only host:port, all a browser tells a proxy of it). */
export interface BlockedRequest {
  method: string;
  url: string;
}

/** Headers of one connection, not of the request: never passed on (RFC 9110, 7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'proxy-authenticate', 'te', 'trailer', 'upgrade'];

/**
 * The way out of an instance's browser context (one origin aside, below): its proxy
 * (Playwright's per-context `proxy`, which Chromium applies to every request of the context in
 * its network service: navigations, subresources, fetch and beacons, workers and service
 * workers, WebSockets, prefetches, each hop of a redirect; loopback included: `<-loopback>`,
 * said here so that no setting of Playwright's,
 * PLAYWRIGHT_DISABLE_FORCED_CHROMIUM_PROXIED_LOOPBACK, can drop it). It passes on what goes to
 * the origins the current instance may reach (allow) and answers everything else 403, reporting
 * it (onBlocked). A page's scripts cannot get around it: they never see it, and the browser has
 * no other route but the one origin the context was given around it (`proxy(direct)`: a served
 * instance's task server).
 */
export class OriginGate {
  /** Called for each refused request. */
  onBlocked: (blocked: BlockedRequest) => void = () => {};
  private origins = new Set<string>();
  /** host:port of the allowed origins: what a CONNECT (https, WebSocket) names. */
  private endpoints = new Set<string>();
  private readonly agent = new Agent({ keepAlive: true });
  private readonly tunnels = new Set<Socket>();

  private constructor(private readonly server: Server) {}

  static async start(): Promise<OriginGate> {
    const server = createServer();
    const gate = new OriginGate(server);
    server.on('request', (req, res) => gate.pass(req, res));
    server.on('connect', (req: IncomingMessage, socket: Socket, head: Buffer) => gate.tunnel(req, socket, head));
    // A browser tunnels WebSockets through CONNECT: an upgrade in absolute form comes from no page.
    server.on('upgrade', (req: IncomingMessage, socket: Socket) => gate.refuse(req.method ?? 'GET', req.url ?? '', socket));
    server.on('clientError', (_e, socket: Socket) => socket.destroy());
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(0, '127.0.0.1', done);
    });
    return gate;
  }

  /**
   * The context option that sends a context's traffic through the gate, loopback's too; but
   * `direct` (an origin), which its pages reach around the gate (Chromium's bypass of that one
   * host:port, scheme and path aside).
   */
  proxy(direct?: string): { server: string; bypass: string } {
    // Chromium reads the rules last to first: the one origin after the rule that takes loopback in.
    const bypass = ['<-loopback>', ...(direct ? [endpointOf(new URL(direct))] : [])].join(',');
    return { server: `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`, bypass };
  }

  /** From now on, only these origins (http(s)://host:port) are reached; nothing, when empty. */
  allow(origins: string[]): void {
    const urls = origins.map((o) => new URL(o));
    this.origins = new Set(urls.map((u) => u.origin));
    this.endpoints = new Set(urls.map(endpointOf));
  }

  /**
   * The gate of a context being replaced: from now on it refuses every request, unreported, and
   * its open tunnels and idle connections are cut; it keeps its port (no other gate takes it)
   * until `contextClosed`, then closes.
   */
  retire(contextClosed: Promise<unknown>): void {
    this.allow([]);
    this.onBlocked = () => {};
    for (const socket of this.tunnels) socket.destroy();
    this.server.closeIdleConnections();
    void contextClosed.catch(() => {}).then(() => this.close());
  }

  async close(): Promise<void> {
    for (const socket of this.tunnels) socket.destroy();
    this.server.closeAllConnections();
    this.agent.destroy();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  /** A plain http request, in the absolute form a browser sends its proxy. */
  private pass(req: IncomingMessage, res: ServerResponse): void {
    const url = absoluteUrl(req.url);
    if (!url || !this.origins.has(url.origin)) {
      req.resume();
      this.onBlocked({ method: req.method ?? 'GET', url: req.url ?? '' });
      const body = `benchwright: ${req.url} is not an origin this instance may reach\n`;
      res.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
      return;
    }
    this.relay(url, req, res, keptBody(req), this.agent);
  }

  /**
   * Sends the request on to its origin, on a kept-alive connection at first. An origin may
   * close such a connection just as the request reaches it (its keep-alive timeout ran out
   * meanwhile): then it is sent again on a fresh connection, as a browser does, when nothing
   * was answered yet and its body is at hand.
   */
  private relay(url: URL, req: IncomingMessage, res: ServerResponse, body: KeptBody, agent: Agent | false): void {
    const upstream = request(url, { method: req.method, headers: withoutHopByHop(req.headers), agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, withoutHopByHop(answer.headers));
      answer.pipe(res);
      // An answer cut short is cut short for the browser too, not left waiting.
      answer.on('close', () => answer.complete || res.destroy());
    });
    upstream.on('error', (e: NodeJS.ErrnoException) => {
      // Not a request the browser gave up (its connection closed, which ends this one the same way).
      const stale = agent && upstream.reusedSocket && STALE_CONNECTION.has(e.code ?? '') && !res.destroyed;
      if (stale && !res.headersSent && body.replayable) {
        req.unpipe(upstream);
        return this.relay(url, req, res, body, false);
      }
      if (res.headersSent) res.destroy();
      else res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' }).end(`benchwright: ${url.origin} did not answer (${e.message})\n`);
    });
    res.on('close', () => upstream.destroy());
    for (const chunk of body.chunks) upstream.write(chunk);
    if (req.readableEnded) upstream.end();
    else req.pipe(upstream);
  }

  /** A CONNECT (https, a WebSocket): a byte tunnel to an allowed host:port. */
  private tunnel(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const target = req.url ?? '';
    if (!this.endpoints.has(target.toLowerCase())) return this.refuse('CONNECT', target, socket);
    // The URL drops port 80 as http's default: the endpoint names it.
    const { hostname, port } = new URL(`http://${target}`);
    const upstream = connect(Number(port || 80), hostname.replace(/^\[|\]$/g, ''));
    for (const end of [socket, upstream]) {
      this.tunnels.add(end);
      end.on('close', () => this.tunnels.delete(end));
    }
    let open = false;
    upstream.once('connect', () => {
      open = true;
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(socket).pipe(upstream);
    });
    upstream.on('error', () => (open ? socket.destroy() : socket.end('HTTP/1.1 502 Bad Gateway\r\ncontent-length: 0\r\n\r\n')));
    socket.on('error', () => upstream.destroy());
  }

  private refuse(method: string, url: string, socket: Socket): void {
    this.onBlocked({ method, url });
    socket.on('error', () => {});
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  }
}

/** The target of a proxied request; undefined for one sent to the gate as to a server (origin form). */
function absoluteUrl(target: string | undefined): URL | undefined {
  if (!target || target.startsWith('/')) return undefined;
  try {
    return new URL(target);
  } catch {
    return undefined;
  }
}

/** host:port as a CONNECT names it, the port written out. */
function endpointOf(url: URL): string {
  return `${url.hostname}:${url.port || (url.protocol === 'https:' ? '443' : '80')}`.toLowerCase();
}

interface KeptBody {
  chunks: Buffer[];
  replayable: boolean;
}

/** The request's body as it passes on, kept for a second sending unless larger than REPLAYED_BODY. */
function keptBody(req: IncomingMessage): KeptBody {
  const body: KeptBody = { chunks: [], replayable: true };
  let bytes = 0;
  req.on('data', (chunk: Buffer) => {
    if (!body.replayable) return;
    bytes += chunk.length;
    if (bytes <= REPLAYED_BODY) body.chunks.push(chunk);
    else Object.assign(body, { chunks: [], replayable: false });
  });
  return body;
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}
