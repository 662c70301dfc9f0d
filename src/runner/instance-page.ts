import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { PageBoxes } from '../record/attachments.ts';
import { OriginGate, type BlockedRequest } from '../server/origin-gate.ts';
import type { TaskServer } from '../server/task-server.ts';
import type { Instance, Task } from '../task/types.ts';
import { callIsolated, sessionOf } from '../values/page-session.ts';
import { within } from '../bounded.ts';
import { RequestBodies } from './har-bodies.ts';
import { closeOthers, openContext, type HarRecording, type StorageState } from './instance-context.ts';
import { PagePins, type PagePinning } from './repeatable-page.ts';
import { withPins } from './pin-document.ts';
import { boxesInView, glanceAt } from './page-captures.ts';

/** What a page did on its own while an instance ran: recorded with the instance, never fatal. */
export interface PageEvents {
  dialogs: { type: string; message: string }[];
  errors: string[];
  /** Requests that did not complete, as the page saw them (a blocked tunnel fails: net::ERR_TUNNEL_CONNECTION_FAILED). */
  failedRequests: { url: string; error: string }[];
  /** Requests to an origin the instance may not reach, refused by its OriginGate (from any page, frame or worker of the context). */
  blocked: BlockedRequest[];
  /** The main page's navigations that failed (no answer) or that its server answered with a 5xx: a site's failure, not the agent's. */
  navigationFailures: { url: string; error: string }[];
  /** Pages the instance opened (popups, new tabs), at the URL they went to: closed when it ends. */
  opened: { url: string }[];
  /** The instance's page crashed, or the whole browser: the infrastructure's failure (infrastructure-fault.ts), not the agent's. */
  crash?: string;
  /** Events past the first EVENTS_KEPT of a kind, counted but not kept (a page may loop on alert()). */
  dropped: number;
}

const noEvents = (): PageEvents => ({ dialogs: [], errors: [], failedRequests: [], navigationFailures: [], blocked: [], opened: [], dropped: 0 });
export const EVENTS_KEPT = 250;

/** Cleaning up after an instance, or taking its final screenshot: longer means the page is stuck in a script. */
export const TEARDOWN_MS = 5000;

/**
 * One page per worker, navigated from instance to instance. A new page or context starts a
 * renderer of its own: on real form tasks, bare Playwright takes 90 and 105 ms an instance that
 * way against 42 on a kept page, the clearing below aside (`npm run bench -- run`). Nothing of
 * one instance reaches the next: the pages it opened are closed when it ends (a popup keeps
 * `opener`, a way into the next instance's page), and when the next instance's page loads,
 * after the browser has left the last document (its timers and unload handlers are done) and
 * before any script of the new one runs, the server origin's storage and the cookies are
 * cleared and any page opened meanwhile is closed (TaskServer.startUrl). Navigating to
 * about:blank between instances would do the same at ~20 ms each. A page that does not answer
 * in time (a script looping) is replaced, not waited on.
 */
export class InstancePage {
  /** The current instance's events. */
  events = noEvents();
  /** The page did not answer a bounded step: it is replaced at the end, not asked again. */
  private stuck = false;
  /**
   * The current instance has been given its origins: from then on, what the gate refuses is its
   * pages' doing. Before that (begin() to startUrl or startAfresh) it can only be the last
   * instance's pages, whose events are already written.
   */
  private reaching = false;
  /** The current instance's start token, dropped when it ends (loaded or not). */
  private start?: { server: TaskServer; token: string };
  /** Math.random and the clock of the context's pages. */
  private pins: PagePins;
  /** The current instance's seed and clock start, carried to its page by the start URL. */
  private pinning: PagePinning = {};
  /** The current instance's traffic, recorded as a HAR; once stopped, the page as the agent left it. */
  private recording?: { path: string; bodies: RequestBodies; stopping?: Promise<string | undefined>; closed?: boolean; view?: Buffer };

  /** The worker's browser, or, once it died, the one launched in its place (closed with the page). */
  private browser: Browser;
  private relaunched = false;
  private replacing = Promise.resolve();
  /**
   * The current context's pages reach the worker's task server (`server`) around the gate: a
   * served instance's context, never a site's. Relayed by the gate, a page and its files would
   * wait on the worker's event loop, which Playwright's client keeps busy (alone: 1-4 ms a load).
   */
  private direct: boolean;

  private constructor(private context: BrowserContext, public page: Page, private readonly viewport: { width: number; height: number }, private gate: OriginGate, private readonly relaunch: () => Promise<Browser>, private readonly server?: string) {
    this.direct = Boolean(server);
    this.pins = new PagePins(context);
    this.watchGate();
    this.browser = this.watchBrowser(context.browser()!);
    this.watch();
  }

  private watchGate(): void {
    this.gate.onBlocked = (blocked) => this.reaching && this.note(this.events.blocked, blocked);
  }

  private watchBrowser(browser: Browser): Browser {
    browser.on('disconnected', () => (this.events.crash ??= 'the browser closed'));
    return browser;
  }

  /**
   * The worker's page, in a context whose requests go through a gate of its own
   * (origin-gate.ts): nothing is reachable until an instance starts, but `server`, the worker's
   * task server (an origin), reached around the gate: it serves the tasks' pages and files, and
   * answers a form's submit with nothing. `relaunch`: a browser in place of the worker's, once
   * that one died (a crash); by default its browser type's launch.
   */
  static async open(browser: Browser, viewport: { width: number; height: number }, { server, relaunch = () => browser.browserType().launch() }: { server?: string; relaunch?: () => Promise<Browser> } = {}): Promise<InstancePage> {
    const gate = await OriginGate.start();
    const opened = await openContext(browser, { viewport, proxy: gate.proxy(server) }).catch(async (e: Error) => {
      await gate.close();
      throw e;
    });
    return new InstancePage(opened.context, opened.page, viewport, gate, relaunch, server);
  }

  private watch(): void {
    const { page } = this;
    page.on('dialog', (dialog) => {
      this.note(this.events.dialogs, { type: dialog.type(), message: dialog.message() });
      // Leaving a page that asks "are you sure?" must not stop the next instance from loading.
      (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()).catch(() => {});
    });
    page.on('pageerror', (error) => this.note(this.events.errors, error.message));
    page.on('crash', () => (this.events.crash ??= "the page's renderer crashed"));
    page.on('requestfailed', (request) => {
      const failure = { url: request.url(), error: request.failure()?.errorText ?? '' };
      this.note(this.events.failedRequests, failure);
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) this.note(this.events.navigationFailures, failure);
    });
    page.on('response', (response) => {
      if (response.status() >= 500 && response.request().isNavigationRequest() && response.frame() === page.mainFrame()) this.note(this.events.navigationFailures, { url: response.url(), error: `HTTP ${response.status()}` });
    });
    this.context.on('page', (opened) => {
      const record = { url: opened.url() };
      this.note(this.events.opened, record);
      opened.on('framenavigated', (frame) => {
        if (frame === opened.mainFrame()) record.url = frame.url();
      });
    });
  }

  private note<T>(kept: T[], event: T): void {
    if (kept.length < EVENTS_KEPT) kept.push(event);
    else this.events.dropped++;
  }

  /** Starts an instance: fresh event record, the viewport an earlier agent may have changed, a fresh page if the browser died since. */
  async begin(): Promise<void> {
    if (!this.browser.isConnected() || this.page.isClosed()) await this.replace();
    this.gate.allow([]);
    this.reaching = false;
    this.events = noEvents();
    this.start = undefined;
    this.pinning = {};
    this.recording = undefined;
    const size = this.page.viewportSize();
    if (size?.width !== this.viewport.width || size.height !== this.viewport.height) await this.page.setViewportSize(this.viewport);
  }

  /**
   * Before a served instance's page loads: a context whose pages reach the task server around
   * the gate (one opened for a site's instance is replaced), its pages made repeatable
   * (repeatable-page.ts).
   */
  async readyToServe(pinning: PagePinning): Promise<void> {
    if (!this.direct && this.server) await this.replace({ waitForClose: true, direct: true });
    await this.pins.pin(pinning);
    this.pinning = pinning;
  }

  /**
   * The URL to load the instance from: as its page loads, what the last instance left is
   * cleared away (TaskServer.startUrl), before any script of the new page runs. It carries the
   * instance's seed and clock start, if pinned (pin-document.ts). Its pages reach the server's origin, nothing else.
   */
  startUrl(server: TaskServer, task: Task, instance: Instance): string {
    this.reach([server.origin]);
    const { url, token } = server.startUrl(task, instance, () => within(TEARDOWN_MS, 'clearing what the last instance left', this.clear(server.origin)).catch((e: Error) => {
      this.note(this.events.errors, `benchwright: ${e.message}`);
    }));
    this.start = { server, token };
    return withPins(url, this.pinning);
  }

  private reach(origins: string[]): void {
    this.gate.allow(origins);
    this.reaching = true;
  }

  /**
   * An instance on a site (not ours to serve, so nothing can be cleared on its first request)
   * starts in a fresh context (~0.2-0.5 s, small beside a site's episode): the last instance's
   * pages are closed first, so no timer or unload request of theirs reaches the site after it
   * is reset, and nothing of theirs is left: cookies, any origin's storage (session storage
   * too), other tabs. `har`: the context's traffic is recorded there
   * (Playwright's own recording, response bodies omitted or embedded). Its pages reach
   * `origins` (its sites'), nothing else.
   */
  async startAfresh(origins: string[], storageState?: StorageState, har?: HarRecording): Promise<void> {
    // Once the last instance's pages are closed: they never reach this one's sites.
    await this.replace({ waitForClose: true, storageState, har, direct: false });
    this.reach(origins);
    if (har) this.recording = { path: har.path, bodies: new RequestBodies(this.context) };
  }

  /**
   * The instance's recorded traffic: Playwright writes the HAR when the recording context
   * closes, so it is closed (the page as the agent left it kept for the final screenshot) and
   * a fresh context takes its place. Undefined: nothing was recorded.
   */
  stopRecording(): Promise<string | undefined> {
    const recording = this.recording;
    if (!recording) return Promise.resolve(undefined);
    // Once: the evaluators ask, then the test's end (also of a test that timed out meanwhile).
    recording.stopping ??= (async () => {
      recording.view = await this.screenshot().catch(() => undefined);
      recording.closed = true;
      // No time bound: Playwright writes the whole HAR before the close returns.
      await this.context.close().catch(() => {});
      await this.replace();
      if (!existsSync(recording.path)) return undefined;
      try {
        recording.bodies.fill(recording.path);
      } catch (e) {
        this.note(this.events.errors, `benchwright: the recorded traffic's request bodies could not be written in: ${(e as Error).message}`);
      }
      return recording.path;
    })();
    return recording.stopping;
  }

  /**
   * Ends an instance: the pages it opened are closed; a page that does not answer (a script
   * looping) or crashed is replaced. `answered`: the page just gave its fields back, no need
   * to ask again.
   */
  async end(answered = false): Promise<void> {
    if (this.start) this.start.server.forget(this.start.token);
    const { context, page } = this;
    try {
      if (this.stuck || this.events.crash) throw new Error('stuck or crashed');
      await within(TEARDOWN_MS, 'closing the pages the instance opened', Promise.all([closeOthers(context, page), answered || page.evaluate(() => 0)]));
    } catch {
      await this.replace();
    }
  }

  /** Pages opened meanwhile are closed first (their unload handlers run), then the origin's data goes. */
  private async clear(origin: string): Promise<void> {
    const { context, page } = this;
    await closeOthers(context, page);
    const cdp = await sessionOf(page).cdp;
    await Promise.all([context.clearCookies(), cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,indexeddb,websql,cache_storage,service_workers,file_systems,storage_buckets' })]);
  }

  /**
   * A fresh context and page in place of one that hangs or crashed (the old context is dropped,
   * not waited on), reaching the task server as the old one did unless `direct` says otherwise.
   * One replacement at a time: two at once (a timed-out test's body and its fixture's end)
   * would leave a context and its gate open.
   */
  private replace(settings: Parameters<InstancePage['replaceNow']>[0] = {}): Promise<void> {
    const replaced = this.replacing.catch(() => {}).then(() => this.replaceNow(settings));
    this.replacing = replaced;
    return replaced;
  }

  private async replaceNow({ waitForClose = false, storageState, har, direct = this.direct }: { waitForClose?: boolean; storageState?: StorageState; har?: HarRecording; direct?: boolean }): Promise<void> {
    const old = this.context;
    const closed = old.close();
    const closing = within(TEARDOWN_MS, 'closing the replaced context', closed).catch(() => {});
    // Its pages (a script looping, a worker) may outlive it by seconds: they reach nothing more.
    this.gate.retire(closed);
    this.gate = await OriginGate.start();
    this.watchGate();
    if (waitForClose) await closing;
    if (!this.browser.isConnected()) {
      this.browser = this.watchBrowser(await this.relaunch());
      this.relaunched = true;
    }
    ({ context: this.context, page: this.page } = await openContext(this.browser, { viewport: this.viewport, proxy: this.gate.proxy(direct ? this.server : undefined), storageState, har }));
    this.direct = direct;
    this.pins = new PagePins(this.context);
    this.stuck = false;
    this.watch();
  }

  /**
   * The viewport as JPEG, through Chromium's own capture with its speed setting: ~45 ms here
   * against ~85 ms for page.screenshot's PNG, on every instance of a run.
   */
  async screenshot(): Promise<Buffer> {
    if (this.recording?.closed) {
      if (!this.recording.view) throw new Error('the final page could not be captured before the recording closed');
      return this.recording.view;
    }
    const capture = (await sessionOf(this.page).cdp).send('Page.captureScreenshot', { format: 'jpeg', quality: 70, optimizeForSpeed: true });
    return this.bounded('the final screenshot', capture).then(({ data }) => Buffer.from(data, 'base64'));
  }

  /** A tab's page sized for a glance (page-captures.ts), for every step of an episode. */
  glance(page: Page): Promise<Buffer> {
    return this.bounded("a step's screenshot", glanceAt(page));
  }

  /**
   * Where the named fields are in the viewport, as the final screenshot shows them: the box of
   * each one's first visible element (main frame), for those that are in view.
   */
  fieldBoxes(names: string[]): Promise<PageBoxes> {
    if (this.recording?.closed) return Promise.reject(new Error('the final page was closed with its recording'));
    return this.bounded("reading the fields' boxes", callIsolated(this.page, "reading the fields' boxes", boxesInView, names));
  }

  /** What a page must answer in time: one that does not is stuck in a script, and replaced at the end. */
  private bounded<T>(what: string, answer: Promise<T>): Promise<T> {
    return within(TEARDOWN_MS, what, answer).catch((e: Error) => {
      this.stuck = true;
      throw e;
    });
  }

  async close(): Promise<void> {
    // A replacement still under way would leave its context and gate open.
    await within(TEARDOWN_MS, 'replacing the context', this.replacing).catch(() => {});
    await within(TEARDOWN_MS, 'closing the browser context', this.context.close()).catch(() => {});
    if (this.relaunched) await this.browser.close().catch(() => {});
    await this.gate.close();
  }
}
