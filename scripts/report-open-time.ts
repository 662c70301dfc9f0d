// How long a Playwright HTML report takes to open in the benchmark's browser: until its file
// list shows (a large run's file is shown collapsed), until a search for one test shows it, and
// until that test's page shows. For the note's figures of a full run:
//   tsx scripts/report-open-time.ts playwright-report/index.html 9a4c86e25171
// Usage: tsx scripts/report-open-time.ts <index.html | URL> <search text, e.g. an instance id>
import { chromium } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import config from '../playwright.config.ts';

const [target, search] = process.argv.slice(2);
if (!target || !search) throw new Error('usage: tsx scripts/report-open-time.ts <index.html | URL> <search text>');
const url = /^https?:/.test(target) ? target : pathToFileURL(resolve(target)).href;
const browser = await chromium.launch(config.use?.launchOptions);
const timed = async (label: string, act: () => Promise<unknown>) => {
  const start = performance.now();
  await act();
  console.log(`${label.padEnd(36)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
};
const opened = await browser.newPage();
await timed('file list shown', async () => {
  await opened.goto(url);
  await opened.locator('.chip-header').first().waitFor({ timeout: 600_000 });
});
// A fresh page: on the same one only the fragment would change, and nothing would load.
const searched = await browser.newPage();
await timed(`search "${search}" shown`, async () => {
  await searched.goto(`${url}#?q=${encodeURIComponent(search)}`);
  await searched.locator('.test-file-test').first().waitFor({ timeout: 600_000 });
});
await timed("that test's page shown", async () => {
  const href = await searched.locator('.test-file-test a[href*="testId="]').first().getAttribute('href');
  await searched.goto(new URL(href!, url).href);
  await searched.locator('.test-case-location').first().waitFor({ timeout: 600_000 });
});
await browser.close();
