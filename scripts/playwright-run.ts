// A real `npx playwright test` run for npm run bench's parts: per-test durations and wall time.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A real `npx playwright test` run; per-test durations and wall time from its JSON report. */
export function runner(manifest: string, project: string, workers: number, work: string, screenshot: string) {
  const report = join(work, `${project}-${workers}-${screenshot}.json`);
  // The benchmark reporter too: its journal is written as each test ends.
  spawnSync('npx', ['playwright', 'test', `--project=${project}`, `--workers=${workers}`, '--reporter=json,./reporters/benchmark.ts'], {
    env: { ...process.env, BENCHWRIGHT_SCREENSHOT: screenshot, BENCHWRIGHT_TASKS: manifest, PLAYWRIGHT_JSON_OUTPUT_NAME: report, PLAYWRIGHT_HTML_OUTPUT_DIR: join(work, 'html'), BENCHWRIGHT_REPORT_DIR: join(work, 'runs') },
    stdio: 'ignore',
  });
  const json = JSON.parse(readFileSync(report, 'utf8'));
  const durations: number[] = [];
  const visit = (suite: any) => {
    for (const spec of suite.specs ?? []) for (const t of spec.tests) for (const r of t.results) if (spec.title !== 'the manifest is valid') durations.push(r.duration);
    for (const child of suite.suites ?? []) visit(child);
  };
  json.suites.forEach(visit);
  return { durations, wallMs: json.stats.duration as number };
}
