import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestResult } from '@playwright/test/reporter';
import { finalPageOf, readFinalPageBoxes, stepPagesOf } from '../record/attachments.ts';

/**
 * A run's screenshots, kept in the run folder as each test ends (Playwright's test-results
 * folder may be gone when a viewer reads the run): screenshots/<id>-final.jpg, <id>-final.json
 * (where the scored fields are on it), <id>-step-3.jpg, in one flat folder, <id> the instance's
 * instanceFileId.
 */
export const SCREENSHOTS = 'screenshots';

/** An instance's name in file names: short, and the same for the same project, task and instance. */
export const instanceFileId = (key: { project: string; task: string; instance: string }): string =>
  createHash('sha1').update(JSON.stringify([key.project, key.task, key.instance])).digest('hex').slice(0, 16);

/** The screenshots of the test's last attempt, in place of any its instance had (an earlier attempt's, a resumed run's). */
export function keepScreenshots(runFolder: string, key: { project: string; task: string; instance: string }, result: TestResult): void {
  const folder = join(runFolder, SCREENSHOTS);
  const id = instanceFileId(key);
  const file = (suffix: string) => join(folder, `${id}-${suffix}`);
  forgetEarlier(folder, id);
  const final = finalPageOf(result);
  const boxes = readFinalPageBoxes(result);
  const steps = stepPagesOf(result);
  if (!final && !steps.length) return;
  mkdirSync(folder, { recursive: true });
  if (final) writeFileSync(file('final.jpg'), final);
  if (final && boxes) writeFileSync(file('final.json'), JSON.stringify(boxes));
  for (const { step, jpeg } of steps) writeFileSync(file(`step-${step}.jpg`), jpeg);
}

/**
 * Removes an instance's earlier files. The folder is listed only when the instance left some
 * (its final page or first step is there): a run of thousands of instances lists it rarely.
 */
function forgetEarlier(folder: string, id: string): void {
  if (![`${id}-final.jpg`, `${id}-final.json`, `${id}-step-1.jpg`].some((name) => existsSync(join(folder, name)))) return;
  for (const name of readdirSync(folder)) if (name.startsWith(`${id}-`)) rmSync(join(folder, name), { force: true });
}

/** A resumed run starts with the earlier run's screenshots (an instance run again replaces its files). */
export function carryScreenshots(fromFolder: string, toFolder: string): void {
  const from = join(fromFolder, SCREENSHOTS);
  if (existsSync(from)) cpSync(from, join(toFolder, SCREENSHOTS), { recursive: true });
}
