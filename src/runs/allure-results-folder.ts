import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from '../process-alive.ts';

// The Allure results folder is emptied before each run, so it must be benchwright's own and
// not in use: a wrong BENCHWRIGHT_ALLURE_RESULTS (".", a home folder) or a second run started
// beside the first must not cost anyone their files.

/** Written into a folder benchwright creates (or finds empty): only then does it clean it. */
const MARKER = '.benchwright-allure-results';
/** The pid of the run writing into the folder, from its global setup to its teardown. */
const LOCK = '.benchwright-run';

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** What allure-playwright writes (allure-js-commons' FileSystemWriter), an interrupted write's temporary file included. */
const ALLURE_FILE = new RegExp(`^(${UUID}-(result\\.json|container\\.json|globals\\.json|attachment(\\..*)?)|environment\\.properties|categories\\.json|\\.allure-write-${UUID}\\.tmp)$`);

/**
 * Makes `dir` ready for this run's Allure results: deletes the files allure-playwright wrote
 * there before (never anything else, never in subfolders) and locks it until the returned
 * function is called. Refuses, deleting nothing, a folder benchwright did not create and a
 * folder another live run is writing to.
 */
export function claimAllureResults(dir: string): () => void {
  const entries = entriesOf(dir);
  if (entries.length && !entries.includes(MARKER)) {
    // Name what is not Allure results first: that is what would be lost.
    const foreign = entries.filter((name) => !ALLURE_FILE.test(name));
    const listed = foreign.length ? foreign : entries;
    const shown = listed.slice(0, 3).join(', ') + (listed.length > 3 ? ', ...' : '');
    throw new Error(
      `Allure results folder ${dir} was not created by benchwright (no ${MARKER} in it) and is not empty (${shown}): ` +
        'not cleaning it, nothing deleted. Set BENCHWRIGHT_ALLURE_RESULTS to a new folder, or empty this one yourself ' +
        '(Allure results of an earlier benchwright version are safe to delete).',
    );
  }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, MARKER), 'benchwright deletes the Allure results in this folder at the start of each run.\n');
  lock(dir);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && ALLURE_FILE.test(entry.name)) rmSync(join(dir, entry.name));
  }
  return () => {
    if (lockHolder(dir) === process.pid) rmSync(join(dir, LOCK));
  };
}

function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
  }
}

/** Takes the folder's lock, or a lock whose run is gone; refuses one a live run holds. */
function lock(dir: string): void {
  const file = join(dir, LOCK);
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  }
  const holder = lockHolder(dir);
  if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
    throw new Error(
      `another benchwright run (pid ${holder}) is writing Allure results to ${dir}: not cleaning them, nothing deleted. ` +
        'Wait for it to end, or give this run a folder of its own (BENCHWRIGHT_ALLURE_RESULTS=<folder>), or no Allure ' +
        `results (BENCHWRIGHT_ALLURE=off). If no such run is going on, delete ${file}.`,
    );
  }
  writeFileSync(file, String(process.pid));
}

function lockHolder(dir: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(dir, LOCK), 'utf8'));
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}
