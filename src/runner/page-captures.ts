import type { Page } from '@playwright/test';
import type { PageBoxes } from '../record/attachments.ts';
import { sessionOf } from '../values/page-session.ts';

/** The widest a step's screenshot is, in pixels: enough to read a page's headings at a glance. */
const GLANCE_WIDTH = 640;

/**
 * A tab's viewport sized for a glance: a JPEG at most GLANCE_WIDTH wide (half scale for the
 * usual 1280, a MiniWoB page as it is) and low quality (a few KB). The clip is in the
 * document's coordinates: the viewport where it is scrolled to.
 */
export async function glanceAt(page: Page): Promise<Buffer> {
  const cdp = await sessionOf(page).cdp;
  const { cssVisualViewport: v } = await cdp.send('Page.getLayoutMetrics');
  const { data } = await cdp.send('Page.captureScreenshot', {
    format: 'jpeg', quality: 50, optimizeForSpeed: true, clip: { x: v.pageX, y: v.pageY, width: v.clientWidth, height: v.clientHeight, scale: Math.min(1, GLANCE_WIDTH / v.clientWidth) },
  });
  return Buffer.from(data, 'base64');
}

/** In the page: the viewport's size and the box of each name's first visible element that is in view. */
export function boxesInView(names: string[]): PageBoxes {
  const width = window.innerWidth;
  const height = window.innerHeight;
  const boxes: PageBoxes['boxes'] = {};
  for (const name of names) {
    const shown = [...document.getElementsByName(name)].find((e) => e.checkVisibility({ visibilityProperty: true }) && e.getBoundingClientRect().width > 0);
    const r = shown?.getBoundingClientRect();
    if (r && r.right > 0 && r.bottom > 0 && r.left < width && r.top < height) boxes[name] = [Math.round(r.x), Math.round(r.y), Math.round(r.width), Math.round(r.height)];
  }
  return { width, height, boxes };
}
