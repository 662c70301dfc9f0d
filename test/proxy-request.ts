import { request, type ClientRequest } from 'node:http';

// Requests sent to the origin gate's proxy, from node tests and Playwright specs alike.

/** A request sent to an HTTP proxy as a browser sends it (the absolute URL as its path), on a connection of its own. */
export function proxyRequest(proxy: string, method: string, url: string, body?: string): ClientRequest {
  const { hostname, port } = new URL(proxy);
  return request({ host: hostname, port, method, path: url, headers: { connection: 'close' } }).end(body);
}

/** The status and body answered, as `403 body`; rejects with the connection's error (its `code`: ECONNREFUSED once the proxy is closed). */
export function answerOf(req: ClientRequest): Promise<string> {
  return new Promise((done, fail) => {
    req.on('response', (res) => {
      let answer = `${res.statusCode} `;
      res.on('data', (d) => (answer += d)).on('end', () => done(answer)).on('error', fail);
    }).on('error', fail);
  });
}
