// A real `npx playwright test` run for npm run bench's parts: per-test durations and wall time.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A real `npx playwright test` run; per-test durations and wall time from its JSON report. */
export function runner(manifest: string, project: string, workers: number, work: string, screenshot: string) {
  // The benchmark reporter too: its journal is written as each test ends.
  return playwrightTest([`--project=${project}`, `--workers=${workers}`, '--reporter=json,./reporters/benchmark.ts'], join(work, `${project}-${workers}-${screenshot}.json`), {
    BENCHWRIGHT_SCREENSHOT: screenshot, BENCHWRIGHT_TASKS: manifest, PLAYWRIGHT_HTML_OUTPUT_DIR: join(work, 'html'), BENCHWRIGHT_REPORT_DIR: join(work, 'runs'),
  });
}

/** The floor inside Playwright Test (scripts/bare-test): goto and one read per test, nothing of benchwright's around it. */
export function bareTestRun(manifest: string, workers: number, work: string) {
  return playwrightTest(['-c', 'scripts/bare-test/playwright.config.ts', `--workers=${workers}`, '--reporter=json', `--output=${join(work, 'bare-test-results')}`], join(work, `bare-test-${workers}.json`), { BENCHWRIGHT_TASKS: manifest });
}

function playwrightTest(args: string[], report: string, env: Record<string, string>) {
  const { status } = spawnSync('npx', ['playwright', 'test', ...args], { env: { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report }, stdio: 'ignore' });
  if (status !== 0) throw new Error(`npx playwright test ${args.join(' ')} exited ${status} (its report: ${report})`);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const durations: number[] = [];
  const visit = (suite: any) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests) for (const r of t.results) if (spec.title !== 'the manifest is valid') durations.push(r.duration);
    for (const child of suite.suites ?? []) visit(child);
  };
  json.suites.forEach(visit);
  return { durations, wallMs: json.stats.duration as number };
}
