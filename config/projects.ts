import { basename, dirname } from 'node:path';
import type { Project } from '@playwright/test';
import { missingServer, settingsProblem } from '../agents/http/settings.ts';
import type { LlmOptions } from '../agents/llm/options.ts';
import type { BenchwrightOptions } from '../fixtures/benchwright.ts';
import type { ChatSettings } from '../src/llm/client.ts';
import { browsergymOptionsProblem } from '../src/observe/browsergym/views.ts';
import { ownModule } from '../src/package-files.ts';

/** The suite's declarations (specs/suite.ts); its spec files are generated (src/runner/suite-plan.ts). */
export const SUITE = ownModule('specs/suite');

export type BenchmarkProject = Project<BenchwrightOptions>;

/** The project that logs in to the manifest's sites once per run (specs/sites.setup.ts). */
export const SITES_SETUP = 'sites';

/**
 * With sites to log in to: the setup project, and every benchmark project depending on it
 * (Playwright runs it first, also when one project is chosen with --project).
 */
export function withSitesSetup(projects: BenchmarkProject[], logins: boolean): BenchmarkProject[] {
  if (!logins) return projects;
  const file = ownModule('specs/sites.setup');
  const setup: BenchmarkProject = { name: SITES_SETUP, testDir: dirname(file), testMatch: basename(file) };
  return [setup, ...projects.map((p) => ({ ...p, dependencies: [...(p.dependencies ?? []), SITES_SETUP] }))];
}

/**
 * An agent configuration: a built-in agent's name, 'http' (agentOptions.url), or the path of a
 * module of yours that exports an Agent ('./agents/my-agent.ts', from the working directory).
 * Its options go in `use` and, for merged reports (which keep only metadata), in metadata.
 */
export function agentProject(name: string, options: Partial<BenchwrightOptions>, timeout?: number): BenchmarkProject {
  return { name, testMatch: '**/*.spec.js', use: options, metadata: { ...options }, ...(timeout && { timeout }) };
}

/** An agent that waits on a model or a server: an instance takes minutes, not the default 30 s. */
const PATIENT_TIMEOUT = 15 * 60_000;

/** The agents that call a model: the LLM agent, and an agent server, which may. */
export const MODEL_AGENTS = ['llm', 'http'];

/**
 * A project that calls a model: Playwright's `default: false`, so that it runs only when named
 * with --project and a bare run costs nothing. benchmarkConfig's modelProjects 'always' turns
 * them back on.
 */
const modelProject = (project: BenchmarkProject): BenchmarkProject => ({ ...project, default: false });

/**
 * An LLM configuration of the paper (Table 4). BENCHWRIGHT_LLM_OPTIONS (JSON) overrides any
 * setting of agents/llm/options.ts without editing a file: '{"demos": 3, "concurrency": 8}'.
 */
export function llmProject(name: string, options: Partial<LlmOptions>, judge?: Partial<ChatSettings>, env = process.env): BenchmarkProject {
  const overrides = jsonOptions('BENCHWRIGHT_LLM_OPTIONS', 'LLM settings', '{"demos": 3}', env);
  const agentOptions = { ...options, ...overrides } as Partial<LlmOptions>;
  // A typo in what the model is shown must stop the run here, not at every step.
  const problem = agentOptions.observe?.browsergym === undefined ? undefined : browsergymOptionsProblem(agentOptions.observe.browsergym);
  if (problem) throw new Error(`project ${name}: agentOptions.observe.${problem}`);
  return modelProject(agentProject(name, { agent: 'llm', agentOptions, ...(judge && { judge }) }, PATIENT_TIMEOUT));
}

/**
 * An agent server speaking the HTTP agent protocol (docs/agents.md, "Agents in any language"):
 * agentOptions url, timeoutMs, retries, and the server's own settings. BENCHWRIGHT_AGENT_OPTIONS
 * (JSON) overrides any of them without editing a file: '{"retries": 0, "temperature": 0}'.
 */
export function httpProject(name: string, agentOptions: Record<string, unknown>, env = process.env): BenchmarkProject {
  const options = { ...agentOptions, ...jsonOptions('BENCHWRIGHT_AGENT_OPTIONS', 'agent options', '{"retries": 0}', env) };
  // No server named: its tests are skipped, saying so. A server with wrong settings: stop here.
  const problem = missingServer(options) ? undefined : settingsProblem(options);
  if (problem) throw new Error(`project ${name}: ${problem}`);
  return modelProject(agentProject(name, { agent: 'http', agentOptions: options }, PATIENT_TIMEOUT));
}

/** A JSON object of settings from an environment variable, or an error that says what it should be. */
function jsonOptions(variable: string, what: string, example: string, env = process.env): Record<string, unknown> {
  const text = env[variable];
  if (!text) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${variable} must be a JSON object of ${what}, e.g. '${example}': ${(e as Error).message}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${variable} must be a JSON object of ${what}, e.g. '${example}', not ${text}`);
  return value as Record<string, unknown>;
}

/**
 * benchwright's own projects: the baselines, an agent server, and the paper's LLM
 * configurations. Only the baselines run by default; the others when named (modelProject).
 */
export function standardProjects(env = process.env): BenchmarkProject[] {
  const localModel = env.BENCHWRIGHT_MODEL ?? 'local-model';
  return [
    agentProject('oracle', { agent: 'oracle', minScore: 1 }),
    agentProject('do-nothing', { agent: 'do-nothing' }),
    agentProject('random', { agent: 'random' }),
    // An agent in any language behind the HTTP agent protocol (docs/agents.md, "Agents in any language"):
    // BENCHWRIGHT_AGENT_URL=http://127.0.0.1:8765/ npx playwright test --project=http
    httpProject('http', env.BENCHWRIGHT_AGENT_URL ? { url: env.BENCHWRIGHT_AGENT_URL } : {}, env),
    // LLM agents (need OPENAI_API_KEY, or OPENAI_BASE_URL for any OpenAI-compatible server).
    llmProject('gpt4', { model: 'gpt-4', html: 'full' }, undefined, env),
    llmProject('gpt4-relevant', { model: 'gpt-4', html: 'relevant' }, undefined, env),
    llmProject('gpt4v', { model: 'gpt-4-1106-vision-preview', html: 'relevant', vision: true }, undefined, env),
    // A current model: forms per field, goal tasks step by step; -open runs forms as episodes too.
    llmProject('gpt4o', { model: 'gpt-4o', html: 'relevant', maxPromptTokens: 16_000 }, undefined, env),
    llmProject('gpt4o-open', { model: 'gpt-4o', html: 'relevant', maxPromptTokens: 16_000, protocol: 'open' }, undefined, env),
    // AssistantBench's baselines: the question answered closed-book (no browser), and the web
    // agent with the closed-book answer where it gives none (the paper's ensemble).
    llmProject('gpt4o-closed-book', { model: 'gpt-4o', html: 'relevant', protocol: 'closed-book' }, undefined, env),
    llmProject('gpt4o-ensemble', { model: 'gpt-4o', html: 'relevant', maxPromptTokens: 16_000, fallback: 'closed-book' }, undefined, env),
    // vLLM, Ollama, llama.cpp...: OPENAI_BASE_URL=http://host:port/v1 BENCHWRIGHT_MODEL=<name>; the
    // same server judges fuzzy answers (the other projects: WebArena's judge, `judge` in DEFAULT_JUDGE).
    llmProject('local', { model: localModel, html: 'relevant' }, { model: localModel }, env),
  ];
}
