import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { readRun, resolveRun } from '../runs/run-folders.ts';
import { parseCommandLine } from '../usage-error.ts';
import { VIEWER, viewerIsCurrent, viewerPage, writeViewer } from '../viewer/write-viewer.ts';
import { type Command, RUN_ARGUMENT } from './help.ts';

export const show: Command = {
  help: () => ({
    command: 'show',
    summary: "open a run's viewer: its instances, episodes step by step, forms and evidence",
    description: `Opens the viewer of a run in the browser: every instance with filters, and for one instance its episode step by step (screenshots, the tree the agent saw, its reasoning and spending), its form's fields on the final page, and each evaluator's evidence. With a second run, the same instance of both side by side, the first step where they differ marked. The viewer is viewer/index.html in the run's folder, opened from file:// with no server; show writes it first when the run has none or has changed since (a run still going, a resumed one).`,
    arguments: [
      ['[run]', RUN_ARGUMENT],
      ['[other-run]', 'a run to show beside it, named the same ways'],
    ],
    options: [['--no-open', "print the viewer's address without opening a browser"]],
  }),
  run: (args) => {
    const { values, positionals } = parseCommandLine(args, { 'no-open': { type: 'boolean', default: false } }, 2);
    const runA = resolveRun(positionals[0]);
    const second = positionals[1] === undefined ? undefined : resolveRun(positionals[1]);
    const page = viewerOf(runA);
    const url = pathToFileURL(page);
    if (second) {
      viewerOf(second);
      // A relative URL (each segment escaped: a folder named `a #b`), then escaped once more as the query's value.
      const path = relative(join(runA, VIEWER), join(second, VIEWER)).split(sep).map(encodeURIComponent).join('/');
      url.search = `?with=${encodeURIComponent(`${path || '.'}/`)}`;
    }
    console.log(`benchwright show: ${url.href}`);
    if (!values['no-open']) openInBrowser(url.href);
    return 0;
  },
};

/**
 * The run's viewer page, written first when it is missing or older than the run's journal. One
 * that cannot be written again (a run copied read-only) is shown as it is, saying so.
 */
function viewerOf(folder: string): string {
  const page = viewerPage(folder);
  if (viewerIsCurrent(folder)) return page;
  try {
    return writeViewer(folder, readRun(folder).results);
  } catch (e) {
    if (!existsSync(page)) throw e;
    console.error(`benchwright show: the viewer of ${folder} may be older than its journal, and could not be written again (${(e as Error).message}): showing it as it is`);
    return page;
  }
}

/** The system's own way of opening an address; where there is none, the address printed is the way. */
function openInBrowser(url: string): void {
  const [command, ...args] = process.platform === 'darwin' ? ['open', url] : process.platform === 'win32' ? ['cmd', '/c', 'start', '""', url] : ['xdg-open', url];
  // cmd reads its line as written: start's empty title stays two quotes.
  const child = spawn(command!, args, { detached: true, stdio: 'ignore', windowsVerbatimArguments: process.platform === 'win32' });
  child.on('error', () => console.log('benchwright show: no browser could be opened here; open the address above in one'));
  child.unref();
}
