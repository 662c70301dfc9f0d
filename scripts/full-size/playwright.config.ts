import { defineConfig, type ReporterDescription } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { benchmarkConfig } from '../../config/benchmark-config.ts';

// The full-size run (bench-full-size.ts): benchwright's reporters as a run has them, or bare
// Playwright's list and HTML reporters (FULL_SIZE_BARE=1); folders from the environment.
const bare = process.env.FULL_SIZE_BARE === '1';
const html: ReporterDescription = ['html', { open: 'never', noSnippets: true }];
export default defineConfig({
  testDir: '.',
  testMatch: 'full-size.spec.ts',
  fullyParallel: true,
  workers: 2,
  projects: [{ name: 'oracle' }],
  reporter: bare ? [['list'], html] : benchmarkConfig({ tasks: fileURLToPath(new URL('../../test/fixtures/form-tasks/tasks.yaml', import.meta.url)) }).reporter,
});
