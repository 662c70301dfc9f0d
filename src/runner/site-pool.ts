import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeJsonFile } from '../json-files.ts';
import { isAlive } from '../process-alive.ts';

// The copies of each site the run's workers share: who holds which copy, and which copies are
// out of the pool. Workers are separate processes and Playwright gives them no channel to one
// another, so the pool is a small JSON file in a folder the runner makes for the run, changed
// only under a lock (a directory: mkdir is atomic). A holder names its process: a worker that
// died holding a copy (a crash ends no test) is seen dead and its copies are free again.

/** Set by the runner for its workers: the folder of the run's site pool. */
export const POOL_FOLDER = 'BENCHWRIGHT_SITE_POOL';

/** One copy of a site: who writes to it (alone), who reads it (together), who waits to write, why it is out. */
interface CopyState {
  writer?: string;
  readers: string[];
  pending?: string;
  out?: string;
}

type PoolState = Record<string, CopyState[]>;

/** The copies an instance needs: for each of its sites, one copy, alone when it changes the site. */
export interface CopyWanted {
  site: string;
  /** How many copies the site has. */
  copies: number;
  exclusive: boolean;
  /** The copies it may have (those whose login worked); all when absent. */
  allowed?: number[];
}

export interface Lease {
  /** The copy leased, by site (indices into the site's copies). */
  copies: Record<string, number>;
  /** Gives the copies back (again: nothing). */
  release(): void;
}

const WAIT_MS = 50;
const LOCK_WAIT_MS = 5;
const STALE_LOCK_MS = 5_000;

/** In the runner, before the workers start: the run's pool folder, removed when the runner exits. */
export function openRunPool(): void {
  const folder = mkdtempSync(join(tmpdir(), 'benchwright-pool-'));
  process.env[POOL_FOLDER] = folder;
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }));
}

let ownFolder: string | undefined;
/** The run's folder, or outside a run (a script, a test of the harness) one of this process's own. */
function poolFolder(): string {
  const folder = process.env[POOL_FOLDER];
  if (folder) return folder;
  ownFolder ??= mkdtempSync(join(tmpdir(), 'benchwright-pool-'));
  return ownFolder;
}

/**
 * Leases one copy of each site wanted, all at once or none (two instances never hold one site
 * each while waiting for the other's), waiting while none is free. A writer waiting for a copy
 * that readers hold marks it, so that no new reader takes it. Unavailable when every copy a
 * site may use is out of the pool, with their reasons.
 */
export async function leaseCopies(wanted: CopyWanted[], signal?: AbortSignal): Promise<Lease | { unavailable: string }> {
  const holder = `${process.pid}:${randomUUID()}`;
  for (;;) {
    const outcome = changePool((state) => tryLease(state, wanted, holder));
    if (outcome !== 'wait') return 'granted' in outcome ? lease(outcome.granted, holder) : outcome;
    if (signal?.aborted) {
      changePool((state) => void forget(state, holder));
      throw signal.reason;
    }
    await new Promise((resolve) => setTimeout(resolve, WAIT_MS));
  }
}

/** Takes a copy out of the pool for the rest of the run, saying why (its reset failed, it is down). */
export function takeOut(site: string, copy: number, copies: number, reason: string): void {
  changePool((state) => {
    const at = copiesOf(state, site, copies)[copy]!;
    at.out ??= reason;
  });
}

function lease(copies: Record<string, number>, holder: string): Lease {
  let released = false;
  return {
    copies,
    release() {
      if (released) return;
      released = true;
      changePool((state) => void forget(state, holder));
    },
  };
}

function tryLease(state: PoolState, wanted: CopyWanted[], holder: string): { granted: Record<string, number> } | 'wait' | { unavailable: string } {
  const chosen: [CopyState, boolean][] = [];
  const copies: Record<string, number> = {};
  for (const want of wanted) {
    const all = copiesOf(state, want.site, want.copies);
    const usable = all.map((copy, index) => ({ copy, index })).filter(({ index }) => !want.allowed || want.allowed.includes(index));
    const live = usable.filter(({ copy }) => copy.out === undefined);
    if (!live.length) {
      // It will not wait: its marks go, or the copies they mark would take no reader again.
      forget(state, holder);
      const reasons = usable.map(({ copy, index }) => `copy ${index + 1}: ${copy.out}`).join('; ');
      return { unavailable: `site "${want.site}" is unavailable: ${usable.length ? `every copy is out of the pool (${reasons})` : 'no copy it may use'}` };
    }
    // Copies no writer holds or waits for, the fewest readers first.
    const open = live.filter(({ copy }) => !copy.writer && !copy.pending).sort((a, b) => a.copy.readers.length - b.copy.readers.length);
    // A reader joins the open copy with the fewest readers; a writer takes the one it marked, else an open one without readers.
    const mine = live.find(({ copy }) => copy.pending === holder && !copy.writer && !copy.readers.length);
    const best = want.exclusive ? (mine ?? open.find(({ copy }) => !copy.readers.length)) : open[0];
    if (best) {
      chosen.push([best.copy, want.exclusive]);
      copies[want.site] = best.index;
      continue;
    }
    // One writer marks at a time: two that each marked a copy the other needs would wait for ever.
    const othersMark = Object.values(state).flat().some((copy) => copy.pending !== undefined && copy.pending !== holder);
    if (want.exclusive && !othersMark && !live.some(({ copy }) => copy.pending === holder)) {
      if (open[0]) open[0].copy.pending = holder;
    }
  }
  if (chosen.length < wanted.length) return 'wait';
  forget(state, holder);
  for (const [copy, exclusive] of chosen) {
    if (exclusive) copy.writer = holder;
    else copy.readers.push(holder);
  }
  return { granted: copies };
}

/** A holder's leases and marks, removed. */
function forget(state: PoolState, holder: string): void {
  for (const copy of Object.values(state).flat()) {
    if (copy.writer === holder) delete copy.writer;
    if (copy.pending === holder) delete copy.pending;
    copy.readers = copy.readers.filter((r) => r !== holder);
  }
}

function copiesOf(state: PoolState, site: string, count: number): CopyState[] {
  const copies = (state[site] ??= []);
  while (copies.length < count) copies.push({ readers: [] });
  return copies;
}

/** Runs `change` on the pool's state under its lock, writes the state back, and returns what it returned. */
function changePool<T>(change: (state: PoolState) => T): T {
  const folder = poolFolder();
  const file = join(folder, 'pool.json');
  const unlock = lock(join(folder, 'pool.lock'));
  try {
    let state: PoolState = {};
    try {
      state = JSON.parse(readFileSync(file, 'utf8')) as PoolState;
    } catch {}
    dropTheDead(state);
    const result = change(state);
    writeJsonFile(file, state);
    return result;
  } finally {
    unlock();
  }
}

/** A crashed worker's holds: its process is gone. */
function dropTheDead(state: PoolState): void {
  const holders = new Set(Object.values(state).flat().flatMap((c) => [c.writer, c.pending, ...c.readers]).filter((h): h is string => h !== undefined));
  for (const holder of holders) if (!isAlive(Number(holder.split(':')[0]))) forget(state, holder);
}

/** Takes the lock (a directory holding its owner's pid), breaking one whose owner died; the critical sections are a read and a write. */
function lock(dir: string): () => void {
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      return () => rmSync(dir, { recursive: true, force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    if (abandoned(dir)) breakLock(dir);
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, LOCK_WAIT_MS);
  }
}

/** A lock whose owner died, or died before it wrote its pid whole (the lock is then seconds old). */
function abandoned(dir: string): boolean {
  let owner = NaN;
  try {
    owner = Number(readFileSync(join(dir, 'pid'), 'utf8'));
  } catch {}
  if (Number.isInteger(owner) && owner > 0) return !isAlive(owner);
  try {
    return Date.now() - statSync(dir).mtimeMs > STALE_LOCK_MS;
  } catch {
    return false;
  }
}

/**
 * Breaks an abandoned lock: renamed aside first (only one process can), then checked again, so
 * that a lock taken anew between the check and the rename is put back, not broken.
 */
function breakLock(dir: string): void {
  const aside = `${dir}.${randomUUID()}`;
  try {
    renameSync(dir, aside);
  } catch {
    return;
  }
  if (abandoned(aside)) rmSync(aside, { recursive: true, force: true });
  else renameSync(aside, dir);
}
