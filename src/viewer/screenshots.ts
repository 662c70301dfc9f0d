import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PageBoxes } from '../record/attachments.ts';
import { FINAL_BOXES_FILE, FINAL_PAGE_FILE, SCREENSHOTS } from '../runs/screenshot-files.ts';
import type { Shots } from './instance-view.ts';

const STEP_FILE = /^step-(\d+)\.jpg$/;

/** The instances that have screenshots in the run folder, by file id (screenshot-files.ts): one listing for the run. */
export function instancesWithScreenshots(runFolder: string): Set<string> {
  const folder = join(runFolder, SCREENSHOTS);
  return new Set(existsSync(folder) ? readdirSync(folder) : []);
}

/** One instance's screenshots, as the viewer's page (viewer/index.html) reaches them. */
export function screenshotsFor(runFolder: string, id: string): Shots {
  const folder = join(runFolder, SCREENSHOTS, id);
  const path = `../${SCREENSHOTS}/${id}`;
  const shots: Shots = {};
  for (const name of readdirSync(folder)) {
    const step = STEP_FILE.exec(name)?.[1];
    if (step !== undefined) (shots.steps ??= {})[Number(step)] = `${path}/${name}`;
    else if (name === FINAL_PAGE_FILE) shots.final = `${path}/${name}`;
    else if (name === FINAL_BOXES_FILE) shots.boxes = readBoxes(join(folder, name));
  }
  return shots;
}

function readBoxes(file: string): PageBoxes | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as PageBoxes;
  } catch {
    // Boxes that cannot be read leave the screenshot without its marks.
    return undefined;
  }
}
