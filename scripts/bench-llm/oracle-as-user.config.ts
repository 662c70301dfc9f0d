// The repository's benchmark with one project more, for bench-llm.ts: the oracle clicking and
// typing as a user (agentOptions.input), the page work a cached LLM rerun does.
import { defineConfig } from '@playwright/test';
import { agentProject, benchmarkConfig, standardProjects } from '../../config/benchmark-config.ts';

export default defineConfig(benchmarkConfig({
  tasks: 'tasks.yaml',
  projects: [...standardProjects(), agentProject('oracle-as-user', { agent: 'oracle', agentOptions: { input: 'user' }, minScore: 1 })],
}));
