// The pool of site copies the workers share (src/runner/site-pool.ts): a writer holds a copy
// alone, readers share one, a copy out of the pool is never leased again, a dead worker's
// copies come back; and WebArena-shaped tasks run on three copies of a site by three workers.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { leaseCopies, POOL_FOLDER, takeOut, type Lease } from '../src/runner/site-pool.ts';
import { readResults } from '../src/runs/results-file.ts';
import { ROOT, runPlaywrightAsync, tempDir } from './helpers.ts';
import { NotesSite } from './sites/notes-site.ts';

const granted = (lease: Lease | { unavailable: string }) => {
  assert.ok(!('unavailable' in lease), JSON.stringify(lease));
  return lease;
};
/** Whether a lease is granted within a short while (it waits while none is free). */
const within = async (asked: Promise<Lease | { unavailable: string }>, ms = 300) => Promise.race([asked, new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms))]);

test('writers hold a copy alone, readers share one; a waiting writer keeps new readers off the copy it waits for', async () => {
  process.env[POOL_FOLDER] = tempDir();
  const shop = (exclusive: boolean) => [{ site: 'shop', copies: 2, exclusive }];
  const a = granted(await leaseCopies(shop(true)));
  const b = granted(await leaseCopies(shop(true)));
  assert.notEqual(a.copies.shop, b.copies.shop);
  const c = leaseCopies(shop(true));
  assert.equal(await within(c), 'waiting', 'a third writer waits for a free copy');
  a.release();
  const third = granted(await c);
  assert.equal(third.copies.shop, a.copies.shop);
  b.release();
  third.release();
  // Readers share: both on the copy with the fewest readers, then the other.
  const [r1, r2, r3] = [granted(await leaseCopies(shop(false))), granted(await leaseCopies(shop(false))), granted(await leaseCopies(shop(false)))];
  assert.deepEqual([r1.copies.shop, r2.copies.shop, r3.copies.shop].sort(), [0, 0, 1]);
  const writer = leaseCopies(shop(true));
  assert.equal(await within(writer), 'waiting');
  // It marks the copy with the fewest readers (r2's): a new reader goes to the other copy, and r2 leaving frees it.
  const r4 = granted(await leaseCopies(shop(false)));
  assert.equal(r4.copies.shop, r1.copies.shop);
  r2.release();
  const w = granted(await writer);
  assert.equal(w.copies.shop, r2.copies.shop);
  for (const lease of [r1, r3, r4, w]) lease.release();
});

test('several sites are leased all at once or not at all; a copy out of the pool is never leased, and none left is unavailable', async () => {
  process.env[POOL_FOLDER] = tempDir();
  const both = [{ site: 'shop', copies: 1, exclusive: true }, { site: 'forum', copies: 1, exclusive: true }];
  const forum = granted(await leaseCopies([both[1]!]));
  const asked = leaseCopies(both);
  assert.equal(await within(asked), 'waiting');
  // Waiting for the forum, it holds no shop: another instance takes the shop meanwhile.
  const shop = granted(await leaseCopies([both[0]!]));
  shop.release();
  forum.release();
  granted(await asked).release();
  takeOut('shop', 0, 2, 'resetting site "shop" failed: 503');
  assert.equal(granted(await leaseCopies([{ site: 'shop', copies: 2, exclusive: true }])).copies.shop, 1);
  takeOut('shop', 1, 2, 'its pages answer 502');
  assert.deepEqual(await leaseCopies([{ site: 'shop', copies: 2, exclusive: false }]), { unavailable: 'site "shop" is unavailable: every copy is out of the pool (copy 1: resetting site "shop" failed: 503; copy 2: its pages answer 502)' });
  // A login that worked on one copy only: the instance may use that one.
  assert.equal(granted(await leaseCopies([{ site: 'forum', copies: 3, exclusive: true, allowed: [2] }])).copies.forum, 2);
});

test('workers in other processes: never two writers on one copy; a worker that dies holding a copy gives it back', async () => {
  const folder = tempDir();
  process.env[POOL_FOLDER] = folder;
  const log = join(folder, 'held.log');
  // Each worker leases a copy alone five times, noting when it held which.
  const worker = (name: string, exitHolding = false) => `
    import { appendFileSync } from 'node:fs';
    import { leaseCopies } from ${JSON.stringify(join(ROOT, 'src', 'runner', 'site-pool.ts'))};
    for (let i = 0; i < 5; i++) {
      const lease = await leaseCopies([{ site: 'shop', copies: 2, exclusive: true }]);
      const start = Date.now();
      await new Promise((r) => setTimeout(r, 30));
      appendFileSync(${JSON.stringify(log)}, JSON.stringify({ name: ${JSON.stringify(name)}, copy: lease.copies.shop, start, end: Date.now() }) + '\\n');
      if (${exitHolding}) process.exit(0);
      lease.release();
    }`;
  const run = (source: string) => new Promise<number>((resolve) => spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], { env: { ...process.env, [POOL_FOLDER]: folder }, stdio: 'inherit' }).on('exit', resolve));
  assert.equal(await run(worker('dies', true)), 0);
  assert.deepEqual(await Promise.all(['a', 'b', 'c'].map((n) => run(worker(n)))), [0, 0, 0]);
  const held = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { name: string; copy: number; start: number; end: number });
  assert.equal(held.length, 16);
  for (const x of held) for (const y of held) if (x !== y && x.copy === y.copy) assert.ok(x.end <= y.start || y.end <= x.start, `${x.name} and ${y.name} held copy ${x.copy} at once`);
  // The dead worker's copy was leased again.
  assert.deepEqual(new Set(held.filter((h) => h.name !== 'dies').map((h) => h.copy)), new Set([0, 1]));
});

const SITE_TASKS = join(ROOT, 'test', 'fixtures', 'site-tasks', 'tasks.yaml');
let copies: NotesSite[];
before(async () => (copies = await Promise.all([0, 1, 2].map(() => NotesSite.start()))));
after(() => Promise.all(copies.map((c) => c.close())));

test('three copies, three workers: every instance on a copy of its own, reset there, the oracle 1.000; a copy whose reset fails leaves the pool and its instance moves', async () => {
  const env = { BENCHWRIGHT_TASKS: SITE_TASKS, BENCHWRIGHT_NOTES_URL: copies.map((c) => c.url).join(','), BENCHWRIGHT_ALLURE: 'off' };
  const run = await runPlaywrightAsync(['test', '--project=oracle', '--workers=3'], env);
  assert.equal(run.code, 0, run.output);
  const rows = readResults(join(run.dir, 'benchwright-report', 'latest', 'results.json')).instances;
  assert.deepEqual(rows.map((r) => r.score), Array(9).fill(1));
  // Each instance reset the copy it ran on: the copies' resets add up to the instances, and each copy served some.
  const resets = copies.map((c) => c.notesAtReset.length);
  assert.equal(resets.reduce((a, b) => a + b), 9);
  assert.ok(resets.every((n) => n > 0), `resets per copy: ${resets}`);

  copies[1]!.down = true;
  const failing = await runPlaywrightAsync(['test', '--project=oracle', '--workers=3'], env);
  assert.equal(failing.code, 0, failing.output);
  const after = readResults(join(failing.dir, 'benchwright-report', 'latest', 'results.json')).instances;
  assert.deepEqual(after.map((r) => r.score), Array(9).fill(1));
  // One instance says it was moved, and why; it ran on another copy.
  const moved = after.filter((r) => r.infrastructureRetries);
  assert.equal(moved.length, 1);
  assert.match(moved[0]!.infrastructureRetries![0]!, /^site "notes" \(copy 2 of 3\) taken out of the pool: resetting site "notes" \(copy 2 of 3\) \(POST http:\/\/127\.0\.0\.1:\d+\/reset\) answered 503; its base URL answers 503$/);
  assert.notEqual(moved[0]!.siteCopies![0], 'notes 2/3');
  assert.ok(after.every((r) => r.siteCopies?.length === 1 && r.siteCopies[0] !== 'notes 2/3'));
  // The copy was tried once (by one instance, which then ran on another copy), then left out.
  assert.equal(copies[1]!.visits.filter((v) => v.path === '/reset').length - resets[1]!, 1);
  assert.equal(copies[1]!.notesAtReset.length, resets[1]);
  copies[1]!.down = false;
});
