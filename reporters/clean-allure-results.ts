import { resolve } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { claimAllureResults } from '../src/runs/allure-results-folder.ts';

/**
 * Global setup: allure-playwright adds to its results folder run after run, and `allure
 * generate` would mix earlier runs into this one. Start it empty, as Playwright does with
 * test-results; only when this run writes Allure results, and only in a folder benchwright
 * made that no other run is using (src/runs/allure-results-folder.ts). Returns the global
 * teardown, which unlocks the folder.
 */
export default function cleanAllureResults(config: FullConfig): () => void {
  const unlocks: (() => void)[] = [];
  for (const [name, options] of config.reporter) {
    // Playwright hands over the reporter's resolved path.
    if (!/(^|[\\/])allure-playwright([\\/]|$)/.test(name)) continue;
    const dir = (options as { resultsDir?: string } | undefined)?.resultsDir ?? 'allure-results';
    unlocks.push(claimAllureResults(resolve(dir)));
  }
  return () => unlocks.forEach((unlock) => unlock());
}
