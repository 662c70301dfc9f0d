import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { InstanceKeyed } from '../record/keys.ts';
import type { TestResult } from '@playwright/test/reporter';
import { finalPageOf, readFinalPageBoxes, stepPagesOf } from '../record/attachments.ts';

/**
 * A run's screenshots, kept in the run folder as each test ends (Playwright's test-results
 * folder may be gone when a viewer reads the run): screenshots/<id>/final.jpg, final.json (where
 * the scored fields are on it), step-3.jpg, a folder per instance, <id> its instanceFileId.
 */
export const SCREENSHOTS = 'screenshots';
export const FINAL_PAGE_FILE = 'final.jpg';
export const FINAL_BOXES_FILE = 'final.json';
export const stepPageFile = (step: number) => `step-${step}.jpg`;

/** An instance's name in file names: short, and the same for the same project, task and instance. */
export const instanceFileId = (key: InstanceKeyed): string =>
  createHash('sha1').update(JSON.stringify([key.project, key.task, key.instance])).digest('hex').slice(0, 16);

/** The folder of an instance's screenshots in a run folder. */
export const screenshotsOf = (runFolder: string, key: InstanceKeyed) => join(runFolder, SCREENSHOTS, instanceFileId(key));

/** The screenshots of the test's last attempt, in place of any its instance had (an earlier attempt's, a resumed run's). */
export function keepScreenshots(runFolder: string, key: InstanceKeyed, result: TestResult): void {
  const folder = screenshotsOf(runFolder, key);
  rmSync(folder, { recursive: true, force: true });
  const final = finalPageOf(result);
  const boxes = readFinalPageBoxes(result);
  const steps = stepPagesOf(result);
  if (!final && !steps.length) return;
  mkdirSync(folder, { recursive: true });
  if (final) writeFileSync(join(folder, FINAL_PAGE_FILE), final);
  if (final && boxes) writeFileSync(join(folder, FINAL_BOXES_FILE), JSON.stringify(boxes));
  for (const { step, jpeg } of steps) writeFileSync(join(folder, stepPageFile(step)), jpeg);
}

/** A resumed run starts with the earlier run's screenshots: those of the instances in its journal (`finished`: their row keys). */
export function carryScreenshots(fromFolder: string, toFolder: string, finished: InstanceKeyed[]): void {
  const from = join(fromFolder, SCREENSHOTS);
  if (!existsSync(from)) return;
  const kept = new Set(finished.map(instanceFileId));
  cpSync(from, join(toFolder, SCREENSHOTS), { recursive: true, filter: (path) => path === from || kept.has(relative(from, path).split(sep)[0]!) });
}
