import { existsSync } from 'node:fs';
import { defineConfig, type Project } from '@playwright/test';
import type { BenchwrightOptions } from './fixtures/benchwright.ts';

// A system Chromium (Debian's package; Playwright cannot download its browsers here) when one
// is present, Playwright's own browser otherwise.
const systemChromium = process.env.BENCHWRIGHT_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Task pages must not reach the network. Chromium resolves every host but loopback to
 * "not found" at once (faster than routing every request through Node); CDN files the
 * templates use are served from local copies by the task server.
 */
const OFFLINE_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** An agent configuration; its options go in `use` and, for merged reports, in metadata. */
function agentProject(name: string, options: Partial<BenchwrightOptions>): Project<BenchwrightOptions> {
  return { name, testMatch: 'benchmark.spec.ts', use: options, metadata: { ...options } };
}

/** BENCHWRIGHT_SCREENSHOT=off | only-on-failure: no final page per instance (large runs). */
const finalScreenshot = (process.env.BENCHWRIGHT_SCREENSHOT ?? 'on') as BenchwrightOptions['finalScreenshot'];
if (!['on', 'off', 'only-on-failure'].includes(finalScreenshot)) {
  throw new Error(`BENCHWRIGHT_SCREENSHOT must be on, off or only-on-failure, not "${finalScreenshot}"`);
}

export default defineConfig<BenchwrightOptions>({
  testDir: './specs',
  // Spread the instances of one spec file over the workers.
  fullyParallel: true,
  reporter: [['list'], ['./reporters/field-type-summary.ts'], ['html', { open: 'never' }]],
  use: {
    finalScreenshot,
    headless: true,
    launchOptions: {
      ...(existsSync(systemChromium) && { executablePath: systemChromium }),
      args: OFFLINE_ARGS,
    },
  },
  projects: [
    // The harness's own end-to-end tests (serving, actions), independent of any agent.
    { name: 'harness', testMatch: 'harness/**/*.spec.ts' },
    agentProject('oracle', { agent: 'oracle', minScore: 1 }),
    agentProject('do-nothing', { agent: 'do-nothing' }),
    agentProject('random', { agent: 'random' }),
  ],
});
