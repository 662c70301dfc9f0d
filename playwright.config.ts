import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Project, type ReporterDescription } from '@playwright/test';
import type { LlmOptions } from './agents/llm/options.ts';
import type { BenchwrightOptions } from './fixtures/benchwright.ts';
import type { ChatSettings } from './src/llm/client.ts';
import { LATEST, reportFolder } from './src/report/run-folders.ts';
import { leaveOutFinished, planResume } from './src/runner/resume.ts';
import { PINNED_LOCALE } from './src/runner/repeatable-page.ts';
import { benchmarkPath, selectionSettings } from './src/runner/selection.ts';
import { siteHosts } from './src/runner/sites.ts';
import { findChromium, isFound } from './src/setup/chromium.ts';
import { thisMachine } from './src/setup/machine.ts';
import { resolveManifest } from './src/task/manifest.ts';

// BENCHWRIGHT_CHROMIUM, a system Chromium or Playwright's own (README, "Two commands"); with
// none, the run stops in the global setup, and `--list` still works.
const chromium = findChromium(thisMachine);

/**
 * Task pages must not reach the network. Chromium resolves every host but loopback to
 * "not found" at once (faster than routing every request through Node; IP literals too); CDN
 * files the templates use are served from local copies by the task server. WebRTC opens its
 * own sockets, past the resolver, to STUN/TURN servers given as IP literals: without a proxy,
 * this policy leaves it no UDP at all (test/offline.test.ts watches the browser's system calls).
 */
const offlineArgs = (siteHosts: string[]) => [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
  // The hosts of the manifest's configured sites (the user's own deployments) resolve too.
  `--host-resolver-rules=MAP * ~NOTFOUND, ${['127.0.0.1', ...siteHosts].map((host) => `EXCLUDE ${host}`).join(', ')}`,
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/** An agent configuration; its options go in `use` and, for merged reports, in metadata. */
function agentProject(name: string, options: Partial<BenchwrightOptions>, timeout?: number): Project<BenchwrightOptions> {
  return { name, testMatch: 'benchmark.spec.ts', use: options, metadata: { ...options }, ...(timeout && { timeout }) };
}

/**
 * An LLM configuration of the paper (Table 4). BENCHWRIGHT_LLM_OPTIONS (JSON) overrides any
 * setting of agents/llm/options.ts without editing this file: '{"demos": 3, "concurrency": 8}'.
 */
function llmProject(name: string, options: Partial<LlmOptions>, judge?: Partial<ChatSettings>): Project<BenchwrightOptions> {
  // An instance asks one call per field, with retries: minutes, not the default 30 s.
  return agentProject(name, { agent: 'llm', agentOptions: { ...options, ...llmOverrides }, ...(judge && { judge }) }, 15 * 60_000);
}

const localModel = process.env.BENCHWRIGHT_MODEL ?? 'local-model';

const llmOverrides = ((): Partial<LlmOptions> => {
  const text = process.env.BENCHWRIGHT_LLM_OPTIONS;
  if (!text) return {};
  try {
    return JSON.parse(text) as Partial<LlmOptions>;
  } catch (e) {
    throw new Error(`BENCHWRIGHT_LLM_OPTIONS must be a JSON object of LLM settings, e.g. '{"demos": 3}': ${(e as Error).message}`);
  }
})();

/** BENCHWRIGHT_SCREENSHOT=off | only-on-failure: no final page per instance (large runs). */
const finalScreenshot = (process.env.BENCHWRIGHT_SCREENSHOT ?? 'on') as BenchwrightOptions['finalScreenshot'];
if (!['on', 'off', 'only-on-failure'].includes(finalScreenshot)) {
  throw new Error(`BENCHWRIGHT_SCREENSHOT must be on, off or only-on-failure, not "${finalScreenshot}"`);
}

// The benchmark's runs (README, "Runs"): each in a folder of its own, `latest` the newest.
const reportDir = reportFolder();
const { manifest } = resolveManifest(benchmarkPath());
const selection = { tasks: benchmarkPath(), ...selectionSettings(manifest) };

/**
 * BENCHWRIGHT_ALLURE=off: no Allure results (and no Allure metadata attached to the tests).
 * Not under merge-reports either: allure-playwright cannot replay blob reports (it reads
 * projects before merge-reports has any); shards keep their own Allure results, which
 * `allure generate` takes together (README, "Reports").
 */
const merging = process.argv.includes('merge-reports');
const allure: ReporterDescription[] = process.env.BENCHWRIGHT_ALLURE === 'off' || merging ? [] : [[
  'allure-playwright',
  // detail: false keeps test.step (every action of the agent) and drops fixture internals.
  { resultsDir: process.env.BENCHWRIGHT_ALLURE_RESULTS ?? 'allure-results', detail: false, suiteTitle: true },
]];

const projects: Project<BenchwrightOptions>[] = [
  // The harness's own end-to-end tests (serving, actions), independent of any agent.
  { name: 'harness', testMatch: 'harness/**/*.spec.ts' },
  agentProject('oracle', { agent: 'oracle', minScore: 1 }),
  agentProject('do-nothing', { agent: 'do-nothing' }),
  agentProject('random', { agent: 'random' }),
  // An agent in any language behind the HTTP agent protocol (README, "Agents in any language"):
  // BENCHWRIGHT_AGENT_URL=http://127.0.0.1:8765/ npx playwright test --project=http
  agentProject('http', { agent: 'http', agentOptions: process.env.BENCHWRIGHT_AGENT_URL ? { url: process.env.BENCHWRIGHT_AGENT_URL } : {} }),
  // LLM agents (need OPENAI_API_KEY, or OPENAI_BASE_URL for any OpenAI-compatible server).
  llmProject('gpt4', { model: 'gpt-4', html: 'full' }),
  llmProject('gpt4-relevant', { model: 'gpt-4', html: 'relevant' }),
  llmProject('gpt4v', { model: 'gpt-4-1106-vision-preview', html: 'relevant', vision: true }),
  // vLLM, Ollama, llama.cpp...: OPENAI_BASE_URL=http://host:port/v1 BENCHWRIGHT_MODEL=<name>; the
  // same server judges fuzzy answers (the other projects: WebArena's judge, `judge` in DEFAULT_JUDGE).
  llmProject('local', { model: localModel, html: 'relevant' }, { model: localModel }),
];

/**
 * BENCHWRIGHT_RESUME=<run folder | run name | latest>: each project leaves out the instances the
 * earlier run finished. Planned once, in the runner (workers run the tests they are given), which
 * also fixes the folder: `latest` moves to this run as soon as it writes.
 */
const inWorker = process.env.TEST_WORKER_INDEX !== undefined;
const resume = process.env.BENCHWRIGHT_RESUME && !inWorker ? planResume(process.env.BENCHWRIGHT_RESUME, reportDir, { benchmark: manifest.name, selection, projects }) : undefined;
if (resume) process.env.BENCHWRIGHT_RESUME = resume.folder;

export default defineConfig<BenchwrightOptions>({
  testDir: './specs',
  // Spread the instances of one spec file over the workers.
  fullyParallel: true,
  reporter: [
    // Before list: an instance the terminal shows as finished is already in the journal.
    ['./reporters/benchmark.ts', { outputDir: reportDir, ...(resume && { resumeFrom: resume.folder }) }],
    ['list'],
    // The report's title links to the benchmark tables (Playwright turns URLs in titles into links).
    ['html', { open: 'never', title: `Benchmark tables: ${pathToFileURL(join(reportDir, LATEST, 'index.html'))}` }],
    ...allure,
  ],
  // Read by the benchmark reporter into results.json: how this run chose its instances.
  metadata: { benchwright: { benchmark: manifest.name, ...selection } },
  captureGitInfo: { commit: true },
  globalSetup: ['./src/setup/require-chromium.ts', './reporters/clean-allure-results.ts'],
  use: {
    finalScreenshot,
    // The instance pages' contexts have these too (InstancePage); here for the `page` of harness tests.
    ...PINNED_LOCALE,
    headless: true,
    launchOptions: {
      ...(isFound(chromium) && { executablePath: chromium.path }),
      args: offlineArgs(siteHosts(manifest.sites)),
    },
  },
  projects: leaveOutFinished(projects, resume),
});
