import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type Project, type ReporterDescription } from '@playwright/test';
import type { LlmOptions } from './agents/llm/options.ts';
import type { BenchwrightOptions } from './fixtures/benchwright.ts';
import { PINNED_LOCALE } from './src/runner/repeatable-page.ts';
import { benchmarkPath, selectionSettings } from './src/runner/selection.ts';
import { resolveManifest } from './src/task/manifest.ts';

// A system Chromium (Debian's package; Playwright cannot download its browsers here) when one
// is present, Playwright's own browser otherwise.
const systemChromium = process.env.BENCHWRIGHT_CHROMIUM ?? '/usr/bin/chromium';

/**
 * Task pages must not reach the network. Chromium resolves every host but loopback to
 * "not found" at once (faster than routing every request through Node; IP literals too); CDN
 * files the templates use are served from local copies by the task server. WebRTC opens its
 * own sockets, past the resolver, to STUN/TURN servers given as IP literals: without a proxy,
 * this policy leaves it no UDP at all (test/offline.test.ts watches the browser's system calls).
 */
const OFFLINE_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
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
function llmProject(name: string, options: Partial<LlmOptions>): Project<BenchwrightOptions> {
  // An instance asks one call per field, with retries: minutes, not the default 30 s.
  return agentProject(name, { agent: 'llm', agentOptions: { ...options, ...llmOverrides } }, 15 * 60_000);
}

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

// The benchmark tables (README, "Reports"): results.json, summary.md, CSV files and index.html.
const reportDir = resolve(process.env.BENCHWRIGHT_REPORT_DIR ?? 'benchwright-report');
const { manifest } = resolveManifest(benchmarkPath());

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

export default defineConfig<BenchwrightOptions>({
  testDir: './specs',
  // Spread the instances of one spec file over the workers.
  fullyParallel: true,
  reporter: [
    ['list'],
    ['./reporters/benchmark.ts', { outputDir: reportDir }],
    // The report's title links to the benchmark tables (Playwright turns URLs in titles into links).
    ['html', { open: 'never', title: `Benchmark tables: ${pathToFileURL(join(reportDir, 'index.html'))}` }],
    ...allure,
  ],
  // Read by the benchmark reporter into results.json: how this run chose its instances.
  metadata: { benchwright: { benchmark: manifest.name, tasks: benchmarkPath(), ...selectionSettings(manifest) } },
  captureGitInfo: { commit: true },
  globalSetup: './reporters/clean-allure-results.ts',
  use: {
    finalScreenshot,
    // The instance pages' contexts have these too (InstancePage); here for the `page` of harness tests.
    ...PINNED_LOCALE,
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
    // LLM agents (need OPENAI_API_KEY, or OPENAI_BASE_URL for any OpenAI-compatible server).
    llmProject('gpt4', { model: 'gpt-4', html: 'full' }),
    llmProject('gpt4-relevant', { model: 'gpt-4', html: 'relevant' }),
    llmProject('gpt4v', { model: 'gpt-4-1106-vision-preview', html: 'relevant', vision: true }),
    // vLLM, Ollama, llama.cpp...: OPENAI_BASE_URL=http://host:port/v1 BENCHWRIGHT_MODEL=<name>
    llmProject('local', { model: process.env.BENCHWRIGHT_MODEL ?? 'local-model', html: 'relevant' }),
  ],
});
