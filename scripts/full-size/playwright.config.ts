import { defineConfig, type ReporterDescription } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import { benchmarkConfig } from '../../config/benchmark-config.ts';
import { specSource, writeSuite } from '../../src/runner/suite-files.ts';

// The full-size run (bench-full-size.ts): a spec file per task, as benchwright generates its
// suite; benchwright's reporters as a run has them, or bare Playwright's list and HTML
// reporters (FULL_SIZE_BARE=1); folders from the environment.
const bare = process.env.FULL_SIZE_BARE === '1';
const tasks = Number(process.env.FULL_SIZE_TASKS ?? 117);
const declare = fileURLToPath(new URL('synthetic-task.ts', import.meta.url));
const html: ReporterDescription = ['html', { open: 'never', noSnippets: true }];
export default defineConfig({
  testDir: writeSuite(new Map(Array.from({ length: tasks }, (_, t) => [`tasks/task-${t}.spec.js`, specSource({ module: declare, declare: 'declareSyntheticTask', arg: t, test: fileURLToPath(import.meta.resolve('@playwright/test')) })]))),
  fullyParallel: true,
  workers: 2,
  projects: [{ name: 'oracle' }],
  reporter: bare ? [['list'], html] : benchmarkConfig({ tasks: fileURLToPath(new URL('../../test/fixtures/form-tasks/tasks.yaml', import.meta.url)) }).reporter,
});
