import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from 'node:test';
import type { FullConfig } from '@playwright/test';
import cleanAllureResults from '../reporters/clean-allure-results.ts';
import { tempDir } from './helpers.ts';

// The global setup that empties the Allure results folder, called as Playwright calls it.

const allureReporter = fileURLToPath(import.meta.resolve('allure-playwright'));
const config = (resultsDir: string) => ({ reporter: [['list', {}], [allureReporter, { resultsDir }]] }) as unknown as FullConfig;
const LOCK = '.benchwright-run';

/** What allure-playwright writes for one test: its result, a container, attachments (one without extension). */
function writeAllureResults(dir: string): string[] {
  const names = [`${randomUUID()}-result.json`, `${randomUUID()}-container.json`, `${randomUUID()}-attachment.csv`, `${randomUUID()}-attachment`, `${randomUUID()}-globals.json`];
  for (const name of names) writeFileSync(join(dir, name), '{}');
  return names;
}

const listing = (dir: string) => (readdirSync(dir, { recursive: true }) as string[]).sort();

/** A finished run's folder: created by the setup, released by its teardown, then written to. */
function finishedRun(): { dir: string; results: string[] } {
  const dir = join(tempDir(), 'allure-results');
  cleanAllureResults(config(dir))();
  return { dir, results: writeAllureResults(dir) };
}

test('a fresh folder is created and marked as benchwright\'s; the run holds its lock until teardown', () => {
  const dir = join(tempDir(), 'nested', 'allure-results');
  const teardown = cleanAllureResults(config(dir));
  assert.equal(readFileSync(join(dir, LOCK), 'utf8'), String(process.pid));
  const marker = readdirSync(dir).filter((name) => name !== LOCK);
  assert.equal(marker.length, 1);
  teardown();
  assert.deepEqual(readdirSync(dir), marker, 'the lock is gone, the marker stays');
});

test('a second run after a finished one deletes only what allure-playwright wrote', () => {
  const { dir, results } = finishedRun();
  writeFileSync(join(dir, 'notes.txt'), 'mine');
  mkdirSync(join(dir, 'kept'));
  writeFileSync(join(dir, 'kept', `${randomUUID()}-result.json`), '{}');
  const before = listing(dir);
  const teardown = cleanAllureResults(config(dir));
  assert.deepEqual(listing(dir), [...before.filter((name) => !results.includes(name)), LOCK].sort());
  teardown();
});

test('a folder with files benchwright did not write is refused: nothing deleted, nothing added', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'thesis.pdf'), 'years of work');
  writeAllureResults(dir);
  const before = listing(dir);
  assert.throws(() => cleanAllureResults(config(dir)), (e: Error) => {
    assert.match(e.message, new RegExp(`^Allure results folder ${dir} was not created by benchwright`));
    assert.match(e.message, /thesis\.pdf/);
    assert.match(e.message, /nothing deleted/);
    return true;
  });
  assert.deepEqual(listing(dir), before);
});

test('a project folder (BENCHWRIGHT_ALLURE_RESULTS=.) is refused', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'package.json'), '{}');
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src', 'index.ts'), '');
  const before = listing(dir);
  assert.throws(() => cleanAllureResults(config(dir)), /was not created by benchwright/);
  assert.deepEqual(listing(dir), before);
});

test('a live run\'s lock is respected: the second run is refused and the first one\'s results stay', () => {
  const { dir } = finishedRun();
  // The parent of this test process: alive, and not this process.
  writeFileSync(join(dir, LOCK), String(process.ppid));
  const before = listing(dir);
  assert.throws(() => cleanAllureResults(config(dir)), (e: Error) => {
    assert.match(e.message, new RegExp(`another benchwright run \\(pid ${process.ppid}\\) is writing Allure results to ${dir}`));
    assert.match(e.message, /BENCHWRIGHT_ALLURE_RESULTS/);
    return true;
  });
  assert.deepEqual(listing(dir), before);
  assert.equal(readFileSync(join(dir, LOCK), 'utf8'), String(process.ppid));
});

test('a stale lock (its run is gone) is taken over and the folder cleaned', () => {
  const { dir, results } = finishedRun();
  const gone = spawnSync(process.execPath, ['-e', '']).pid!;
  writeFileSync(join(dir, LOCK), String(gone));
  const teardown = cleanAllureResults(config(dir));
  assert.equal(readFileSync(join(dir, LOCK), 'utf8'), String(process.pid));
  assert.ok(results.every((name) => !existsSync(join(dir, name))));
  teardown();
  assert.ok(!existsSync(join(dir, LOCK)));
});
