import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOTS } from '../runs/screenshot-files.ts';
import type { Shots } from './instance-view.ts';

const NAME = /^([0-9a-f]+)-(final|step-(\d+))\.(jpg|json)$/;

/** Every instance's screenshots in the run folder, by its file id (screenshot-files.ts), read in one listing. */
export function listScreenshots(runFolder: string): Map<string, Shots> {
  const folder = join(runFolder, SCREENSHOTS);
  const byId = new Map<string, Shots>();
  if (!existsSync(folder)) return byId;
  for (const name of readdirSync(folder)) {
    const match = NAME.exec(name);
    if (!match) continue;
    const [, id, which, step, extension] = match;
    const shots = byId.get(id!) ?? {};
    byId.set(id!, shots);
    // Paths as the viewer's page (viewer/index.html) reaches them.
    const path = `../${SCREENSHOTS}/${name}`;
    if (step !== undefined) (shots.steps ??= {})[Number(step)] = path;
    else if (extension === 'jpg') shots.final = path;
    else if (which === 'final') shots.boxes = readBoxes(join(folder, name));
  }
  return byId;
}

function readBoxes(file: string): Shots['boxes'] {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Shots['boxes'];
  } catch {
    // Boxes that cannot be read leave the screenshot without its marks.
    return undefined;
  }
}
