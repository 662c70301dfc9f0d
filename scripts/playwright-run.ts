// A real `npx playwright test` run for npm run bench's parts: per-test durations, wall time, and the CPU of each kind of process.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { profile, type Kind } from './process-cpu.ts';

export interface PlaywrightRun {
  durations: number[];
  wallMs: number;
  /** CPU seconds by kind of process (process-cpu.ts). */
  cpu: Record<Kind, number>;
}

/** A real `npx playwright test` run; per-test durations and wall time from its JSON report. */
export function runner(manifest: string, project: string, workers: number, work: string, screenshot: string): Promise<PlaywrightRun> {
  // The benchmark reporter too: its journal is written as each test ends.
  return playwrightTest([`--project=${project}`, `--workers=${workers}`, '--reporter=json,./reporters/benchmark.ts'], join(work, `${project}-${workers}-${screenshot}.json`), {
    BENCHWRIGHT_SCREENSHOT: screenshot, BENCHWRIGHT_TASKS: manifest, PLAYWRIGHT_HTML_OUTPUT_DIR: join(work, 'html'), BENCHWRIGHT_REPORT_DIR: join(work, 'runs'),
  });
}

/** The floor inside Playwright Test (scripts/bare-test): goto and one read per test, nothing of benchwright's around it. */
export function bareTestRun(manifest: string, workers: number, work: string): Promise<PlaywrightRun> {
  return playwrightTest(['-c', 'scripts/bare-test/playwright.config.ts', `--workers=${workers}`, '--reporter=json', `--output=${join(work, 'bare-test-results')}`], join(work, `bare-test-${workers}.json`), { BENCHWRIGHT_TASKS: manifest });
}

async function playwrightTest(args: string[], report: string, env: Record<string, string>): Promise<PlaywrightRun> {
  const { status, cpu } = await profile('npx', ['playwright', 'test', ...args], { ...process.env, ...env, PLAYWRIGHT_JSON_OUTPUT_NAME: report }, 'ignore');
  if (status !== 0) throw new Error(`npx playwright test ${args.join(' ')} exited ${status} (its report: ${report})`);
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const durations: number[] = [];
  const visit = (suite: any) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests) for (const r of t.results) if (spec.title !== 'the manifest is valid') durations.push(r.duration);
    for (const child of suite.suites ?? []) visit(child);
  };
  json.suites.forEach(visit);
  return { durations, wallMs: json.stats.duration as number, cpu };
}
