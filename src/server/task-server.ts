import { randomUUID } from 'node:crypto';
import { createReadStream, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, extname, resolve } from 'node:path';
import { lookup } from 'mime-types';
import { isInside, realPathOf } from '../task/folders.ts';
import { instanceById } from '../task/seeds.ts';
import type { Instance, Task } from '../task/types.ts';
import { localCopy } from './cdn-catalog.ts';
import { MTURK_SHIM } from './mturk-shim.ts';
import { CDN_PATH, FRESH_START, MTURK_SCRIPT_PATH, renderInstance, renderPage, START_PARAM, SUBMIT_PATH } from './render-instance.ts';

const TASK_PATH = '/task/';
/** What the loader reads (task files, manifests, instance tables) holds gold labels: never an asset of a page. */
const DATA_EXTENSIONS = new Set(['.yaml', '.yml', '.csv']);

/**
 * A Turkle stand-in on 127.0.0.1: each instance at /task/<task id>/<instance id>/, files next
 * to the task relative to it, CDN copies, MTurk's script, and a submit URL that keeps the page.
 * A real origin, so relative assets, forms, iframes and scripts behave as they would online.
 */
export class TaskServer {
  private readonly tasks = new Map<string, Task>();
  private readonly server: Server;
  /** Form submissions received (a submit never navigates away; counted for the record). */
  submissions = 0;
  /** Per start token, what to do before the page's own scripts run, once. */
  private readonly starts = new Map<string, () => Promise<void>>();

  private constructor(server: Server) {
    this.server = server;
  }

  static async start(): Promise<TaskServer> {
    const http = createServer();
    const taskServer = new TaskServer(http);
    http.on('request', (req, res) => {
      // Whatever a page or another local process sends, the server answers and lives on.
      try {
        taskServer.handle(req, res);
      } catch (e) {
        if (!res.headersSent) send(res, 500, 'text/plain', `server error: ${(e as Error).message}`);
        else res.destroy();
      }
    });
    await new Promise<void>((done, fail) => {
      http.once('error', fail);
      http.listen(0, '127.0.0.1', done);
    });
    return taskServer;
  }

  get origin(): string {
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}`;
  }

  /** Makes a task's instances servable at urlOf. */
  add(task: Task): void {
    this.tasks.set(task.id, task);
  }

  remove(task: Task): void {
    this.tasks.delete(task.id);
  }

  /** Where an instance's page is served: its folder, and in it the task's start page (a template: the folder itself). */
  urlOf(task: Task, instance: Instance): string {
    const page = task.start.kind === 'served' ? task.start.path.split('/').map(encodeURIComponent).join('/') : '';
    return `${this.origin}${TASK_PATH}${encodeURIComponent(task.id)}/${encodeURIComponent(instance.id)}/${page}`;
  }

  /**
   * The instance's URL with a one-time token: when the page loads from it, `prepare` runs once
   * the browser has left the previous document and before any script of the page runs
   * (render-instance.ts FRESH_START), and the page's local and session storage are emptied.
   * The token is random: no page can trigger or spend it ahead of time. `forget` drops it.
   */
  startUrl(task: Task, instance: Instance, prepare: () => Promise<void>): { url: string; token: string } {
    const token = randomUUID();
    this.starts.set(token, prepare);
    return { url: `${this.urlOf(task, instance)}?${START_PARAM}=${token}`, token };
  }

  forget(token: string): void {
    this.starts.delete(token);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = decodedPath(req.url ?? '/');
    if (path === undefined) {
      send(res, 400, 'text/plain', 'bad request: the path is not a valid URL path (a lone % or broken UTF-8)');
    } else if (path === SUBMIT_PATH) {
      this.submissions++;
      req.resume();
      res.writeHead(204).end();
    } else if (path === MTURK_SCRIPT_PATH) {
      send(res, 200, 'text/javascript; charset=utf-8', MTURK_SHIM);
    } else if (path.startsWith(CDN_PATH)) {
      const file = localCopy(path.slice(CDN_PATH.length));
      if (file) sendFile(res, file, true);
      else send(res, 404, 'text/plain', 'no local copy');
    } else if (path.startsWith(TASK_PATH)) {
      this.serveTask(path.slice(TASK_PATH.length), req, res);
    } else {
      send(res, 404, 'text/plain', 'not found');
    }
  }

  private serveTask(rest: string, req: IncomingMessage, res: ServerResponse): void {
    const [taskId = '', instanceId = '', ...parts] = rest.split('/');
    const file = parts.join('/');
    const task = this.tasks.get(taskId);
    const instance = task && instanceById(task, instanceId);
    if (!task || !instance) return send(res, 404, 'text/plain', `no instance ${instanceId} of task ${taskId} here`);
    if (task.start.kind === 'served' && file === task.start.path) {
      // A goal task's page is served as written; a form is served as Turkle serves it.
      return send(res, 200, 'text/html; charset=utf-8', task.protocol ? renderPage(task.html, instance.values) : renderInstance(task.html, instance.values));
    }
    if (file === FRESH_START || file.endsWith(`/${FRESH_START}`)) {
      const token = startTokenOf(req.headers.referer);
      const prepare = this.starts.get(token);
      this.starts.delete(token);
      return freshStart(prepare, res);
    }
    const target = assetOf(task, file);
    if (typeof target === 'object') return send(res, target.status, 'text/plain', target.why);
    sendFile(res, target, false);
  }
}

/** The start token of the page that asks for its fresh start (its URL is the Referer). */
function startTokenOf(referer: string | undefined): string {
  try {
    return new URL(referer ?? '').searchParams.get(START_PARAM) ?? '';
  } catch {
    return '';
  }
}

/**
 * The answer that lets a page's parser go on, once its preparation (if any) is done. Local and
 * session storage are emptied from inside the page: the renderer keeps them cached, and a write
 * the last document made while unloading may reach the browser after any clearing from outside.
 */
function freshStart(prepare: (() => Promise<void>) | undefined, res: ServerResponse): void {
  const go = (script: string) => () => send(res, 200, 'text/javascript; charset=utf-8', script);
  if (!prepare) return go('')();
  const empty = 'try { localStorage.clear(); } catch (e) {} try { sessionStorage.clear(); } catch (e) {}';
  prepare().then(go(empty), go(empty));
}

/** The URL's path, percent-decoded; undefined when it cannot be (`/100%.gif`, broken UTF-8). */
function decodedPath(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url, 'http://127.0.0.1').pathname);
  } catch {
    return undefined;
  }
}

/**
 * The file a page may load next to its template: inside the template's folder once every
 * link is resolved, and not the task's data (its task file, instances, any YAML or CSV).
 */
function assetOf(task: Task, relativePath: string): string | { status: number; why: string } {
  // A page of the task's folder is served with the folder; a template, with the files beside it.
  const folder = dirname(task.start.kind === 'served' && task.start.path ? task.file : task.templateFile);
  const outside = { status: 403, why: 'outside the task folder' };
  const path = resolve(folder, relativePath);
  if (!isInside(path, folder)) return outside;
  const target = realPathOf(path);
  if (target === undefined) return { status: 404, why: 'not found' };
  if (!isInside(target, realPathOf(folder) ?? folder)) return outside;
  const data = new Set(task.dataFiles.map((f) => realPathOf(f) ?? f));
  if (data.has(target) || DATA_EXTENSIONS.has(extname(target).toLowerCase())) return { status: 403, why: 'task data is not served to pages' };
  return target;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) }).end(body);
}

/** CDN copies never change: the browser may keep them for the whole worker. */
function sendFile(res: ServerResponse, file: string, immutable: boolean): void {
  let size: number;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) throw new Error('not a file');
    size = stat.size;
  } catch {
    return send(res, 404, 'text/plain', 'not found');
  }
  res.writeHead(200, {
    'content-type': lookup(file) || 'application/octet-stream',
    'content-length': size,
    ...(immutable && { 'cache-control': 'public, max-age=31536000, immutable' }),
  });
  // A file that vanishes or cannot be read after the stat ends this response, not the server.
  createReadStream(file).on('error', () => res.destroy()).pipe(res);
}
