import { basename } from 'node:path';
import type { Project } from '@playwright/test';
import type { LlmOptions } from '../agents/llm/options.ts';
import type { BenchwrightOptions } from '../fixtures/benchwright.ts';
import type { ChatSettings } from '../src/llm/client.ts';
import { ownModule } from '../src/package-files.ts';

/** The generated suite: one test per instance of the benchmark. */
export const BENCHMARK_SPEC = ownModule('specs/benchmark.spec');

export type BenchmarkProject = Project<BenchwrightOptions>;

/**
 * An agent configuration: a built-in agent's name, 'http' (agentOptions.url), or the path of a
 * module of yours that exports an Agent ('./agents/my-agent.ts', from the working directory).
 * Its options go in `use` and, for merged reports (which keep only metadata), in metadata.
 */
export function agentProject(name: string, options: Partial<BenchwrightOptions>, timeout?: number): BenchmarkProject {
  return { name, testMatch: basename(BENCHMARK_SPEC), use: options, metadata: { ...options }, ...(timeout && { timeout }) };
}

/**
 * An LLM configuration of the paper (Table 4). BENCHWRIGHT_LLM_OPTIONS (JSON) overrides any
 * setting of agents/llm/options.ts without editing a file: '{"demos": 3, "concurrency": 8}'.
 */
export function llmProject(name: string, options: Partial<LlmOptions>, judge?: Partial<ChatSettings>): BenchmarkProject {
  // An instance asks one call per field, with retries: minutes, not the default 30 s.
  return agentProject(name, { agent: 'llm', agentOptions: { ...options, ...llmOverrides() }, ...(judge && { judge }) }, 15 * 60_000);
}

function llmOverrides(env = process.env): Partial<LlmOptions> {
  const text = env.BENCHWRIGHT_LLM_OPTIONS;
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<LlmOptions>;
  } catch (e) {
    throw new Error(`BENCHWRIGHT_LLM_OPTIONS must be a JSON object of LLM settings, e.g. '{"demos": 3}': ${(e as Error).message}`);
  }
}

/** benchwright's own projects: the baselines, an agent server, and the paper's LLM configurations. */
export function standardProjects(env = process.env): BenchmarkProject[] {
  const localModel = env.BENCHWRIGHT_MODEL ?? 'local-model';
  return [
    agentProject('oracle', { agent: 'oracle', minScore: 1 }),
    agentProject('do-nothing', { agent: 'do-nothing' }),
    agentProject('random', { agent: 'random' }),
    // An agent in any language behind the HTTP agent protocol (README, "Agents in any language"):
    // BENCHWRIGHT_AGENT_URL=http://127.0.0.1:8765/ npx playwright test --project=http
    agentProject('http', { agent: 'http', agentOptions: env.BENCHWRIGHT_AGENT_URL ? { url: env.BENCHWRIGHT_AGENT_URL } : {} }),
    // LLM agents (need OPENAI_API_KEY, or OPENAI_BASE_URL for any OpenAI-compatible server).
    llmProject('gpt4', { model: 'gpt-4', html: 'full' }),
    llmProject('gpt4-relevant', { model: 'gpt-4', html: 'relevant' }),
    llmProject('gpt4v', { model: 'gpt-4-1106-vision-preview', html: 'relevant', vision: true }),
    // vLLM, Ollama, llama.cpp...: OPENAI_BASE_URL=http://host:port/v1 BENCHWRIGHT_MODEL=<name>; the
    // same server judges fuzzy answers (the other projects: WebArena's judge, `judge` in DEFAULT_JUDGE).
    llmProject('local', { model: localModel, html: 'relevant' }, { model: localModel }),
  ];
}
