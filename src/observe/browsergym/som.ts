import type { Page } from '@playwright/test';
import { callIsolated } from '../../values/page-session.ts';
import type { ElementProps } from './marks-in-page.ts';

/**
 * BrowserGym's set-of-marks screenshot (overlay_som): each target of 20 px² or more framed in
 * a dashed black line, its bid on a black tag with a white border at its top left. Drawn by
 * the browser on a layer over the page for the one screenshot (no image library needed), then
 * taken away. A JPEG, base64.
 */
export async function somScreenshot(page: Page, props: Record<string, ElementProps>): Promise<string> {
  const marks = Object.entries(props).flatMap(([bid, p]) => (p.setOfMarks && p.bbox && p.bbox[2] * p.bbox[3] >= 20 ? [{ bid, bbox: p.bbox }] : []));
  await callIsolated(page, 'drawing the marks', drawMarksInPage, marks);
  try {
    return (await page.screenshot({ type: 'jpeg', quality: 70 })).toString('base64');
  } finally {
    await callIsolated(page, 'removing the marks', () => document.getElementById('benchwright-som')?.remove(), undefined);
  }
}

function drawMarksInPage(marks: { bid: string; bbox: number[] }[]): void {
  const layer = document.createElement('div');
  layer.id = 'benchwright-som';
  layer.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647;overflow:visible';
  const shadow = layer.attachShadow({ mode: 'closed' });
  for (const { bid, bbox: [x = 0, y = 0, w = 0, h = 0] } of marks) {
    const frame = document.createElement('div');
    frame.style.cssText = `position:absolute;left:${x - 1}px;top:${y - 1}px;width:${w}px;height:${h}px;border:2px dashed #000`;
    const tag = document.createElement('div');
    tag.textContent = bid;
    // BrowserGym pastes the tag at (x, y - tag height / 2 + 4): 12 px text, 3 px of margin and border around it.
    tag.style.cssText = `position:absolute;left:${x}px;top:${y - 9 + 4}px;background:#000;color:#fff;border:1px solid #fff;padding:0 2px;font:12px/12px sans-serif;white-space:nowrap`;
    shadow.append(frame, tag);
  }
  document.documentElement.append(layer);
}
