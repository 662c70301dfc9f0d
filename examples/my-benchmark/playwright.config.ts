import { defineConfig } from '@playwright/test';
import { agentProject, benchmarkConfig } from 'benchwright/config';
import { trivia } from './trivia/index.ts';

export default defineConfig(benchmarkConfig({
  tasks: 'imported',
  benchmarks: [trivia],
  projects: [
    agentProject('oracle', { agent: 'oracle', minScore: 1 }),
    agentProject('do-nothing', { agent: 'do-nothing' }),
  ],
}));
