import { defineConfig } from '@playwright/test';
import { agentProject, benchmarkConfig } from 'benchwright/config';
import { mentions } from './evaluators/mentions.ts';

export default defineConfig(benchmarkConfig({
  tasks: 'tasks',
  evaluators: [mentions],
  projects: [
    agentProject('oracle', { agent: 'oracle', minScore: 1 }),
    agentProject('mine', { agent: './agents/first-guess.ts' }),
  ],
}));
