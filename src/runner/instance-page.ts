import type { Browser, CDPSession, Page } from '@playwright/test';

/** What a page did on its own while an instance ran: recorded with the instance, never fatal. */
export interface PageEvents {
  dialogs: { type: string; message: string }[];
  errors: string[];
  /** Requests that did not complete (external hosts are blocked by design). */
  failedRequests: { url: string; error: string }[];
}

const noEvents = (): PageEvents => ({ dialogs: [], errors: [], failedRequests: [] });

/**
 * One page per worker, navigated from instance to instance. A new page costs ~230 ms here
 * and a new context 190-480 ms, more than loading an instance (~100 ms on a warm page, whose
 * HTTP cache keeps the CDN files). Between instances the server origin's storage and the
 * cookies are cleared and the viewport restored; navigation replaces the document.
 */
export class InstancePage {
  /** The current instance's events. */
  events = noEvents();

  private constructor(readonly page: Page, private readonly cdp: CDPSession, private readonly viewport: { width: number; height: number }) {
    page.on('dialog', (dialog) => {
      this.events.dialogs.push({ type: dialog.type(), message: dialog.message() });
      // Leaving a page that asks "are you sure?" must not stop the next instance from loading.
      (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()).catch(() => {});
    });
    page.on('pageerror', (error) => this.events.errors.push(error.message));
    page.on('requestfailed', (request) => this.events.failedRequests.push({ url: request.url(), error: request.failure()?.errorText ?? '' }));
  }

  static async open(browser: Browser, viewport: { width: number; height: number }): Promise<InstancePage> {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    return new InstancePage(page, await context.newCDPSession(page), viewport);
  }

  /** Starts a new instance: fresh event record, the viewport an earlier agent may have changed. */
  async begin(): Promise<void> {
    this.events = noEvents();
    const size = this.page.viewportSize();
    if (size?.width !== this.viewport.width || size.height !== this.viewport.height) await this.page.setViewportSize(this.viewport);
  }

  /** Forgets what the instance stored: cookies, and local/session storage, IndexedDB, caches of the origin. */
  async end(origin: string): Promise<void> {
    await this.page.context().clearCookies();
    await this.cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage,session_storage,indexeddb,websql,cache_storage,service_workers' });
  }

  /**
   * The viewport as JPEG, through Chromium's own capture with its speed setting: ~45 ms here
   * against ~85 ms for page.screenshot's PNG, on every instance of a run.
   */
  async screenshot(): Promise<Buffer> {
    const { data } = await this.cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 70, optimizeForSpeed: true });
    return Buffer.from(data, 'base64');
  }

  async close(): Promise<void> {
    await this.page.context().close();
  }
}
