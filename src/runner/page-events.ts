import type { Page } from '@playwright/test';

/** What a page did on its own while an instance ran: recorded with the instance, never fatal. */
export interface PageEvents {
  dialogs: { type: string; message: string }[];
  errors: string[];
  /** Requests that did not complete (external hosts are blocked by design). */
  failedRequests: { url: string; error: string }[];
}

/** Dismisses dialogs (alert/confirm/prompt) and records them, page errors and failed requests. */
export function watchPage(page: Page): PageEvents {
  const events: PageEvents = { dialogs: [], errors: [], failedRequests: [] };
  page.on('dialog', (dialog) => {
    events.dialogs.push({ type: dialog.type(), message: dialog.message() });
    dialog.dismiss().catch(() => {});
  });
  page.on('pageerror', (error) => events.errors.push(error.message));
  page.on('requestfailed', (request) => events.failedRequests.push({ url: request.url(), error: request.failure()?.errorText ?? '' }));
  return events;
}
