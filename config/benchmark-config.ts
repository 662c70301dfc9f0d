import { isAbsolute, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PlaywrightTestConfig, ReporterDescription } from '@playwright/test';
import type { BenchwrightOptions } from '../fixtures/benchwright.ts';
import { registerBenchmark } from '../src/benchmarks/index.ts';
import type { Benchmark } from '../src/benchmarks/types.ts';
import { registerEvaluator } from '../src/evaluators/registry.ts';
import type { Evaluator } from '../src/evaluators/types.ts';
import { ownModule } from '../src/package-files.ts';
import { LATEST } from '../src/runs/run-folders.ts';
import { leaveOutFinished, planResume, SKIP_FINISHED } from '../src/runs/resume.ts';
import { useSettings, type SettingOptions } from '../src/settings/read.ts';
import type { RunSettings } from '../src/settings/table.ts';
import { PINNED_LOCALE } from '../src/runner/repeatable-page.ts';
import { chooseBenchmark } from '../src/runner/chosen-benchmark.ts';
import { instanceCount, selectionSettings } from '../src/runner/selection.ts';
import { suitePlan } from '../src/runner/suite-plan.ts';
import { specSource, writeSuite } from '../src/runner/suite-files.ts';
import { prepareSpending } from './model-spending.ts';
import { openRunPool } from '../src/runner/site-pool.ts';
import { siteHosts } from '../src/runner/sites.ts';
import { executableFor, findChromium, isFound } from '../src/setup/chromium.ts';
import { thisMachine } from '../src/setup/machine.ts';
import { MODEL_AGENTS, SUITE, standardProjects, withSitesSetup, type BenchmarkProject } from './projects.ts';

export { agentProject, httpProject, llmProject, standardProjects, type BenchmarkProject } from './projects.ts';

/**
 * The run's settings (tasks, split, instances, seed, reportDir, allure, screenshot, resume,
 * ceilings...: src/settings/table.ts, docs/configuration.md), each overridden by its variable
 * for one run, and what only code can give.
 */
export interface BenchmarkConfigOptions extends SettingOptions {
  /** The agents that run it, one project each (agentProject, llmProject); default: standardProjects(). */
  projects?: BenchmarkProject[];
  /** Evaluators of your own, named in task files' `eval` beside the built-in ones. */
  evaluators?: Evaluator[];
  /**
   * Benchmarks of your own (docs/architecture.md, "The benchmark plugin"): their evaluators,
   * protocols, answer checks and page helpers for task files, their tables in the reports. The
   * CLI knows them with --benchmarks <module>.
   */
  benchmarks?: Benchmark[];
}

/**
 * Task pages must not reach the network. Chromium resolves every host but loopback to
 * "not found" at once (faster than routing every request through Node; IP literals too); CDN
 * files the templates use are served from local copies by the task server. WebRTC opens its
 * own sockets, past the resolver, to STUN/TURN servers given as IP literals: without a proxy,
 * this policy leaves it no UDP at all (test/offline.test.ts watches the browser's system calls).
 */
const offlineArgs = (hosts: string[]) => [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
  // The hosts of the manifest's configured sites (the user's own deployments) resolve too.
  `--host-resolver-rules=MAP * ~NOTFOUND, ${['127.0.0.1', ...hosts].map((host) => `EXCLUDE ${host}`).join(', ')}`,
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  // The same for the headless shell, which has no browser preferences to take the switch above.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
];

/**
 * A run someone watches (--headed, --debug, --ui, PWDEBUG) needs the full browser, not the
 * headless shell. Decided in the runner, whose arguments say so, and inherited by its workers
 * through the environment (their own arguments do not).
 */
function watchedRun(env = process.env): boolean {
  env.BENCHWRIGHT_WATCHED ??= ['--headed', '--debug', '--ui'].some((flag) => process.argv.includes(flag)) || env.PWDEBUG ? '1' : '0';
  return env.BENCHWRIGHT_WATCHED === '1';
}

/**
 * allure off: no Allure results.
 * Not under merge-reports either: allure-playwright cannot replay blob reports (it reads
 * projects before merge-reports has any); shards keep their own Allure results, which
 * `allure generate` takes together (docs/reports-and-runs.md, "Allure"). Resolved from this package: a user's
 * project need not depend on allure-playwright itself.
 */
function allureReporter(settings: RunSettings): ReporterDescription[] {
  // Nor under --list: allure-playwright writes a "skipped" result for every test it did not
  // see run (26,533 files and 16 s for TurkingBench's --list, into the real results folder).
  if (!settings.allure || process.argv.includes('merge-reports') || process.argv.includes('--list')) return [];
  // detail: false keeps test.step (every action of the agent) and drops fixture internals.
  return [[ownModule('reporters/allure'), { resultsDir: settings.allureResults, detail: false, suiteTitle: true }]];
}

/** A path as the user would write it: relative to the working directory when inside it. */
function shownPath(path: string): string {
  const inside = relative(process.cwd(), path);
  return inside && !inside.startsWith('..') && !isAbsolute(inside) ? inside : path;
}

/**
 * The generated suite's folder (src/runner/suite-plan.ts: a spec file per task): written by
 * the runner; a worker, which plans the same suite to declare its tests, finds it written.
 */
function suiteFolder(): string {
  const test = ownModule('fixtures/benchwright');
  return writeSuite(new Map([...suitePlan().files.keys()].map((file) => [file, specSource({ module: SUITE, declare: 'declareSpec', arg: file, test })])));
}

/** modelProjects 'always': the projects that call a model run with the others (projects.ts, modelProject). */
const withModelProjects = (projects: BenchmarkProject[], settings: RunSettings) =>
  settings.modelProjects === 'always' ? projects.map((p) => (MODEL_AGENTS.includes(p.use?.agent ?? '') ? { ...p, default: true } : p)) : projects;

/**
 * The Playwright configuration of a benchmark run: the generated suite, one project per agent,
 * the benchmark reporter (tables per run) beside list, HTML and Allure, a browser that stays on
 * loopback, resuming (BENCHWRIGHT_RESUME). Pass it to defineConfig, with anything of yours to
 * merge: `defineConfig(benchmarkConfig({ tasks: 'tasks' }), { timeout: 60_000 })`.
 */
export function benchmarkConfig(options: BenchmarkConfigOptions = {}): PlaywrightTestConfig<BenchwrightOptions> {
  // The config is read by the runner and by every worker: each registers them before loading tasks.
  for (const evaluator of options.evaluators ?? []) registerEvaluator(evaluator);
  for (const benchmark of options.benchmarks ?? []) registerBenchmark(benchmark);
  const settings = useSettings(options);
  const projects = options.projects ?? standardProjects();
  // BENCHWRIGHT_CHROMIUM, a system Chromium (its headless shell for headless runs) or Playwright's
  // own (docs/performance.md, "The browser"); with none, the run stops in the global setup, and `--list` still works.
  const chromium = findChromium(thisMachine);
  // The benchmark's runs (docs/reports-and-runs.md, "Runs"): each in a folder of its own, `latest` the newest.
  const reportDir = settings.reportDir;
  // Resolved here once (in the runner, and in each worker that reads the config): the suite,
  // the sites setup and the fixtures take it from chosenBenchmark().
  const { path, manifest } = chooseBenchmark(settings.tasks);
  // Kept as the user would write it (relative to the working directory when inside it): a run resumes from another checkout.
  const selection = { tasks: shownPath(path), ...selectionSettings(manifest, settings) };
  // resume (<run folder | run name | latest>): each project leaves out the instances the earlier
  // run finished. Planned once, in the runner (workers run the tests they are given), which also
  // fixes the folder for the workers: `latest` moves to this run as soon as it writes.
  const inWorker = process.env.TEST_WORKER_INDEX !== undefined;
  const resume = settings.resume && !inWorker ? planResume(settings.resume, reportDir, { benchmark: manifest.name, selection, projects }) : undefined;
  if (resume) process.env.BENCHWRIGHT_RESUME = resume.folder;
  // A resumed shard keeps its share of the tests: its workers skip what the earlier run finished.
  const sharded = process.argv.some((arg) => arg === '--shard' || arg.startsWith('--shard='));
  if (resume && sharded) process.env[SKIP_FINISHED] = resume.folder;
  const finalProjects = withSitesSetup(leaveOutFinished(withModelProjects(projects, settings), resume, sharded), Object.values(manifest.sites).some((site) => site.login));
  // The run's spending, and the estimate of a model run, once, in the runner of a run that runs
  // tests; the pool of site copies its workers share.
  if (!inWorker && process.argv.includes('test') && !process.argv.includes('--list')) {
    openRunPool();
    prepareSpending(finalProjects, settings, manifest.name, () => instanceCount(suitePlan().selection), resume);
  }
  return {
    // The HTML report names each spec file from here: pages/<task>.spec.js.
    testDir: suiteFolder(),
    // Spread the instances of one spec file over the workers.
    fullyParallel: true,
    reporter: [
      // Before list: an instance the terminal shows as finished is already in the journal.
      [ownModule('reporters/benchmark'), { outputDir: reportDir, ...(resume && { resumeFrom: resume.folder }), onlyWhenNamed: finalProjects.filter((p) => p.default === false).map((p) => p.name!) }],
      // Before list: it clears its line before list prints the summary.
      ...(settings.progress ? [[ownModule('reporters/progress')] as ReporterDescription] : []),
      ['list'],
      // The report's title links to the benchmark tables (Playwright turns URLs in titles into links).
      // No code snippets: every step's would be benchwright's own source, ~40% of a test's JSON.
      ['html', { open: 'never', noSnippets: true, title: `Benchmark tables: ${pathToFileURL(join(reportDir, LATEST, 'index.html'))}` }],
      ...allureReporter(settings),
      // A shard's run, for `playwright merge-reports`: added, so that the benchmark reporter keeps its options (a resume's earlier run).
      ...(settings.blobReport ? [['blob', { outputDir: settings.blobReport }] as ReporterDescription] : []),
    ],
    // Read by the benchmark reporter into results.json: how this run chose its instances.
    metadata: { benchwright: { benchmark: manifest.name, ...selection } },
    captureGitInfo: { commit: true },
    globalSetup: [ownModule('src/setup/require-chromium'), ownModule('reporters/clean-allure-results')],
    use: {
      finalScreenshot: settings.screenshot,
      // The instance pages' contexts have these too (InstancePage); here for the `page` of harness tests.
      ...PINNED_LOCALE,
      headless: true,
      launchOptions: {
        ...(isFound(chromium) && { executablePath: executableFor(chromium, watchedRun()) }),
        args: offlineArgs(siteHosts(manifest.sites)),
      },
    },
    // Sites with a login: their setup project runs first, once (projects.ts).
    projects: finalProjects,
  };
}
