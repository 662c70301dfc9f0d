import { findChromium, isFound } from './chromium.ts';
import { thisMachine } from './machine.ts';

/**
 * Global setup: with no usable browser, the run stops here with one message that says what to
 * run, instead of every instance failing on its own launch error. It runs only when tests run:
 * `--list` needs no browser.
 */
export default function requireChromium(): void {
  const found = findChromium(thisMachine);
  // No stack: Playwright then prints the message alone, and the message is the whole story.
  if (!isFound(found)) throw Object.assign(new Error(found.problem), { stack: undefined });
}
