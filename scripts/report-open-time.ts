// How long a report takes to open: the benchmark's browser loads a Playwright HTML report
// (or any page) and waits for its first test row (or the given selector), then for the list
// filtered to failed tests, and for one test's page. Used for the note's figures of a full run:
//   tsx scripts/report-open-time.ts playwright-report/index.html
//   npx allure generate allure-results -o allure-report && npx allure open allure-report  (then pass its URL)
// Usage: tsx scripts/report-open-time.ts <index.html | URL> [selector]
import { chromium } from '@playwright/test';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import config from '../playwright.config.ts';

const [target, selector = '.test-file-test'] = process.argv.slice(2);
if (!target) throw new Error('usage: tsx scripts/report-open-time.ts <index.html | URL> [selector]');
const url = /^https?:/.test(target) ? target : pathToFileURL(resolve(target)).href;
const browser = await chromium.launch(config.use?.launchOptions);
const page = await browser.newPage();
const timed = async (label: string, act: () => Promise<unknown>) => {
  const start = performance.now();
  await act();
  console.log(`${label.padEnd(36)} ${((performance.now() - start) / 1000).toFixed(1)} s`);
};
await timed('first test row shown', async () => {
  await page.goto(url);
  await page.locator(selector).first().waitFor({ timeout: 600_000 });
});
await timed('filtered to failed tests', async () => {
  // A fresh page: on the same one only the fragment would change, and nothing would load.
  const filtered = await browser.newPage();
  await filtered.goto(`${url}#?q=s:failed`);
  await filtered.locator(`${selector}, .chip-header`).first().waitFor({ timeout: 600_000 });
  await filtered.close();
});
await timed("one test's page shown", async () => {
  await page.goto(url);
  await page.locator(selector).first().locator('a').first().click();
  await page.locator('.test-case-title, .test-result').first().waitFor({ timeout: 600_000 });
});
await browser.close();
