// How long a Playwright HTML report takes to open in the benchmark's browser: until its file
// list shows (a large run's file is shown collapsed), until a search for one test shows it, and
// until that test's page shows. For the note's figures of a full run:
//   tsx scripts/report-open-time.ts playwright-report/index.html 9a4c86e25171
// Usage: tsx scripts/report-open-time.ts <index.html | URL> <search text, e.g. an instance id>
import { chromium } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import config from '../playwright.config.ts';

export interface OpenTimes {
  /** Seconds until the file list shows. */
  list: number;
  /** Until a search for the test shows it, in a fresh page. */
  search: number;
  /** Until that test's page shows, from the search's page. */
  test: number;
  /** Until that test's page shows, opened at its address in a fresh page (a link to it followed). */
  direct: number;
}

export async function reportOpenTimes(target: string, search: string): Promise<OpenTimes> {
  const url = /^https?:/.test(target) ? target : pathToFileURL(resolve(target)).href;
  const browser = await chromium.launch(config.use?.launchOptions);
  const timed = async (act: () => Promise<unknown>) => {
    const start = performance.now();
    await act();
    return (performance.now() - start) / 1000;
  };
  try {
    const opened = await browser.newPage();
    const list = await timed(async () => {
      await opened.goto(url);
      await opened.locator('.chip-header').first().waitFor({ timeout: 600_000 });
    });
    // A fresh page: on the same one only the fragment would change, and nothing would load.
    const searched = await browser.newPage();
    const found = await timed(async () => {
      await searched.goto(`${url}#?q=${encodeURIComponent(search)}`);
      await searched.locator('.test-file-test').first().waitFor({ timeout: 600_000 });
    });
    const href = new URL((await searched.locator('.test-file-test a[href*="testId="]').first().getAttribute('href'))!, url).href;
    const test = await timed(async () => {
      await searched.goto(href);
      await searched.locator('.test-case-location').first().waitFor({ timeout: 600_000 });
    });
    const linked = await browser.newPage();
    const direct = await timed(async () => {
      await linked.goto(href);
      await linked.locator('.test-case-location').first().waitFor({ timeout: 600_000 });
    });
    return { list, search: found, test, direct };
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [target, search] = process.argv.slice(2);
  if (!target || !search) throw new Error('usage: tsx scripts/report-open-time.ts <index.html | URL> <search text>');
  const times = await reportOpenTimes(target, search);
  console.log(`${'file list shown'.padEnd(36)} ${times.list.toFixed(1)} s`);
  console.log(`${`search "${search}" shown`.padEnd(36)} ${times.search.toFixed(1)} s`);
  console.log(`${"that test's page shown".padEnd(36)} ${times.test.toFixed(1)} s`);
  console.log(`${'its address opened afresh'.padEnd(36)} ${times.direct.toFixed(1)} s`);
}
