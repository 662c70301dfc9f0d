import { cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { linksOutside, realPathOf } from '../../task/folders.ts';
import { slugFor, writeManifest, writeTaskFile, type ImportedTask, type ImportResult } from '../../task/import-output.ts';

/** Where a MiniWoB++ checkout keeps its pages: html/ at the top, or under the Python package. */
const HTML_FOLDERS = ['html', join('miniwob', 'html'), '.'];

/** How many seeds a task runs by default (BENCHWRIGHT_INSTANCES overrides). */
const SEEDS = 10;

/**
 * Pages whose utterance loses what the query shows as a picture; BrowserGym mends both: the
 * icon by its class (click-menu-2), the colour swatch as #rrggbb (use-colorwheel-2).
 */
const QUERY_PARTS = "[...document.getElementById('query').childNodes]";
const GOALS: Record<string, string> = {
  'click-menu-2': `${QUERY_PARTS}.map((n) => n.classList?.contains('ui-icon') ? '"' + [...n.classList].find((c) => c !== 'ui-icon') + '"' : n.textContent).join(' ').replace(/\\s+/g, ' ').trim()`,
  'use-colorwheel-2': `${QUERY_PARTS}.map((n) => n.style?.backgroundColor ? '#' + n.style.backgroundColor.match(/\\d+/g).slice(0, 3).map((v) => Number(v).toString(16).padStart(2, '0')).join('') : n.textContent).join(' ').replace(/\\s+/g, ' ').trim()`,
};

/**
 * MiniWoB++'s pages as goal tasks: its html/ folder copied under <out>/tasks/html (each page
 * loads ../core/, ../common/, flight/ beside it, served with the task folder), and per page of
 * html/miniwob/ one task file that names the miniwob protocol (BrowserGym's setup, goal,
 * done and reward: src/task/protocols.ts) and its seeds.
 */
export function importMiniwob(input: string, out: string): ImportResult {
  const root = resolve(input);
  if (!existsSync(root)) throw new Error(`${input}: no such folder`);
  const found = HTML_FOLDERS.map((f) => join(root, f)).find((f) => isFolder(join(f, 'miniwob')) && existsSync(join(f, 'core', 'core.js')));
  // The folder itself, if a link leads to it: its files are copied, not the link.
  const html = found && realPathOf(found);
  if (!html) throw new Error(`${input}: not a MiniWoB++ checkout nor its html folder (expected html/, miniwob/html/ or the folder itself to hold miniwob/ and core/core.js)`);
  const pages = readdirSync(join(html, 'miniwob')).filter((f) => f.endsWith('.html')).sort();
  if (!pages.length) throw new Error(`${join(html, 'miniwob')}: no task pages (*.html)`);

  const tasksDir = join(resolve(out), 'tasks');
  mkdirSync(tasksDir, { recursive: true });
  // A link out of the checkout would put another file of the machine in the served folder.
  cpSync(html, join(tasksDir, 'html'), { recursive: true, verbatimSymlinks: true, filter: (src) => !linksOutside(src, html) });
  const used = new Set<string>();
  const tasks = pages.map((page): ImportedTask => {
    const name = basename(page, '.html');
    const id = slugFor(name, used);
    const file = join(tasksDir, `${id}.yaml`);
    writeTaskFile(file, {
      comment: `MiniWoB++ task ${name}, written by benchwright import miniwob. The protocol (seeding, goal, done, reward) is BrowserGym's.`,
      task: {
        id, title: name, description: `MiniWoB++: ${name}`, split: 'test',
        page: `html/miniwob/${page}`, protocol: 'miniwob', ...(GOALS[name] && { goal: { expression: GOALS[name] } }), instances: { seeds: SEEDS },
        source: `https://github.com/Farama-Foundation/miniwob-plusplus/blob/master/miniwob/html/miniwob/${page}`, license: 'MIT',
      },
    });
    return { id, title: name, split: 'test', dir: tasksDir, file };
  });
  writeManifest(resolve(out), 'MiniWoB++', { test: 'MiniWoB++ has no splits: every task is a test task' }, {
    tasks: ['tasks/*.yaml'],
    // BrowserGym's MiniWoB viewport since June 2025 (500x320 before).
    defaults: { viewport: { width: 332, height: 214 } },
  });
  return { tasks, notes: [] };
}

const isFolder = (path: string) => statSync(path, { throwIfNoEntry: false })?.isDirectory() === true;
