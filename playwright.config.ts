import { defineConfig } from '@playwright/test';

// Playwright cannot download its browsers here: use the system Chromium (Debian's package),
// with the switches that keep it from reaching for the network.
const chromium = process.env.BENCHWRIGHT_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './specs',
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    headless: true,
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
        '--disable-sync', '--no-first-run', '--disable-quic',
      ],
    },
  },
});
