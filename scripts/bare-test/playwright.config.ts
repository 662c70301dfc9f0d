import { defineConfig } from '@playwright/test';
import config from '../../playwright.config.ts';

// The benchmark's browser (its executable and offline switches), nothing else of its config.
export default defineConfig({
  testDir: '.',
  fullyParallel: true,
  use: { headless: true, launchOptions: config.use?.launchOptions },
});
