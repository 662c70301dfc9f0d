import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { PINNED_LOCALE } from './repeatable-page.ts';
import type { OriginGate } from '../server/origin-gate.ts';

// The contexts instance pages run in (instance-page.ts): each opened with its gate, its
// viewport and pinned locale, and, for a site's instance, its login and traffic recording.

/** A logged-in state the context starts with (a site's login: logins.ts). */
export type StorageState = BrowserContextOptions['storageState'];

/** Where a context's traffic is recorded, and whether response bodies are kept. */
export interface HarRecording {
  path: string;
  content: 'omit' | 'embed';
}

/** What a context for instance pages is opened with: its viewport and gate, a login, a recording. */
interface ContextSettings {
  viewport: { width: number; height: number };
  proxy: ReturnType<OriginGate['proxy']>;
  storageState?: StorageState;
  har?: HarRecording;
}

/** A context for instance pages and its page: dates that print the same on any machine. */
export async function openContext(browser: Browser, { viewport, proxy, storageState, har }: ContextSettings): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport, proxy, ...PINNED_LOCALE, ...(storageState && { storageState }), ...(har && { recordHar: { path: har.path, content: har.content } }) });
  return { context, page: await context.newPage() };
}

/** Every page of the context but `keep`, until none is left (a popup may open another while closing). */
export async function closeOthers(context: BrowserContext, keep: Page): Promise<void> {
  const others = () => context.pages().filter((p) => p !== keep);
  for (let open = others(); open.length; open = others()) await Promise.all(open.map((p) => p.close()));
}
