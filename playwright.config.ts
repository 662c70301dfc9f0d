import { defineConfig } from '@playwright/test';
import { benchmarkConfig } from './config/benchmark-config.ts';

// What a project that installs benchwright writes too (docs/agents.md, "benchwright in a project of your own"),
// with benchwright's own projects, plus the harness's end-to-end tests (serving, actions),
// independent of any agent.
export default defineConfig(benchmarkConfig({ tasks: 'tasks.yaml' }), {
  projects: [{ name: 'harness', testDir: './specs', testMatch: 'harness/**/*.spec.ts' }],
});
