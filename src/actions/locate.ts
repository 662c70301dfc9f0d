import type { Frame, Locator, Page } from '@playwright/test';
import { normalizeAnswer, normalizeNumber } from '../metrics/normalize.ts';

/** A CSS string literal for any attribute value (quotes, backslashes, new lines). */
function cssString(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;
}

export interface FieldLocation {
  frame: Frame;
  /** Every form control with the field's name, in page order. */
  controls: Locator;
}

/** The form controls named `name` in the page or, failing that, in its frames (main frame first). */
export async function locateField(page: Page, name: string): Promise<FieldLocation | undefined> {
  const frames = [page.mainFrame(), ...page.frames().filter((f) => f !== page.mainFrame())];
  for (const frame of frames) {
    const controls = frame.locator(`:is(input, select, textarea)[name=${cssString(name)}]`);
    if (await controls.count().catch(() => 0)) return { frame, controls };
  }
  return undefined;
}

/**
 * The index of the option a gold or model value means. Gold labels and the DOM may differ
 * only in number form ('-1.0' vs '-1') or case and punctuation; labels are tried last.
 */
export function matchOption(wanted: string, values: string[], labels: string[] = []): number {
  const tries: ((v: string) => string)[] = [(v) => v, normalizeNumber, (v) => normalizeAnswer(normalizeNumber(v))];
  for (const norm of tries) {
    const target = norm(wanted);
    const index = values.findIndex((v) => norm(v) === target);
    if (index >= 0) return index;
  }
  const target = normalizeAnswer(wanted);
  return target === '' ? -1 : labels.findIndex((l) => normalizeAnswer(l) === target);
}
