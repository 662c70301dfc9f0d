import type { CDPSession } from '@playwright/test';

// What Chromium answers to the CDP calls the observation makes, named from Playwright's own
// typing of CDPSession.send (its protocol types are not exported).

declare const cdp: CDPSession;

export type DomSnapshot = Awaited<ReturnType<typeof cdp.send<'DOMSnapshot.captureSnapshot'>>>;
export type AXNode = Awaited<ReturnType<typeof cdp.send<'Accessibility.getFullAXTree'>>>['nodes'][number];
