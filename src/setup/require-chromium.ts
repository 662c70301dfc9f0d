import { findChromium, isFound } from './chromium.ts';
import { thisMachine } from './machine.ts';
import { plainError } from '../plain-error.ts';

/**
 * Global setup: with no usable browser, the run stops here with one message that says what to
 * run, instead of every instance failing on its own launch error. It runs only when tests run:
 * `--list` needs no browser.
 */
export default function requireChromium(): void {
  const found = findChromium(thisMachine);
  if (!isFound(found)) throw plainError(found.problem);
}
