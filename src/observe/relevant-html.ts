import type { Page } from '@playwright/test';
import { callIsolated } from '../values/page-session.ts';

/**
 * The paper's "relevant" HTML (TurkingBench, appendix C): the HTML of the field's grandparent
 * element, split at '>', keeping 15 pieces before the piece where the field starts and 30
 * after it.
 */
export const PIECES_BEFORE = 15;
export const PIECES_AFTER = 30;

export function relevantHtml(grandparentHtml: string, fieldHtml: string): string {
  const start = grandparentHtml.indexOf(fieldHtml);
  if (start < 0) return grandparentHtml;
  const pieces = grandparentHtml.split('>');
  // The piece the field starts in: count the '>' before it.
  let index = 0;
  for (let i = grandparentHtml.indexOf('>'); i >= 0 && i < start; i = grandparentHtml.indexOf('>', i + 1)) index++;
  return pieces.slice(Math.max(0, index - PIECES_BEFORE), index + PIECES_AFTER + 1).join('>');
}

/**
 * Per field name, the relevant HTML around its first element in the live page (its scripts
 * have run), read in one call in our own world (callIsolated); null for a field the main
 * document does not hold (in a frame).
 */
export async function readRelevantHtml(page: Page, names: string[]): Promise<(string | null)[]> {
  const around = await callIsolated(page, 'reading the fields\' HTML', (wanted: string[]) => wanted.map((name) => {
    const element = document.getElementsByName(name)[0];
    const outer = element?.parentElement?.parentElement ?? element?.parentElement;
    return element && outer ? { outer: outer.outerHTML, field: element.outerHTML } : null;
  }), names);
  return around.map((a) => (a ? relevantHtml(a.outer, a.field) : null));
}
