import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';

/**
 * Global setup: allure-playwright adds to its results folder run after run, and `allure
 * generate` would mix earlier runs into this one. Start it empty, as Playwright does with
 * test-results; only when this run writes Allure results.
 */
export default function cleanAllureResults(config: FullConfig): void {
  for (const [name, options] of config.reporter) {
    // Playwright hands over the reporter's resolved path.
    if (!/(^|[\\/])allure-playwright([\\/]|$)/.test(name)) continue;
    const dir = (options as { resultsDir?: string } | undefined)?.resultsDir ?? 'allure-results';
    rmSync(resolve(dir), { recursive: true, force: true });
  }
}
