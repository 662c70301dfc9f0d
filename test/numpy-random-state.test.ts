import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { RandomState } from '../src/python/random-state.ts';
import { ROOT } from './helpers.ts';

// numpy's own draws (scripts/numpy-random-state.py), reproduced draw for draw.
const reference = JSON.parse(readFileSync(join(ROOT, 'test', 'fixtures', 'numpy', 'random-state.json'), 'utf8')) as {
  draws: Record<string, [number, number, number][]>;
  l1Seeds: number[][];
};

test("numpy's RandomState: the same integers from the same seed, every range WorkArena draws from and the edges", () => {
  for (const [seed, draws] of Object.entries(reference.draws)) {
    const state = new RandomState(Number(seed));
    assert.deepEqual(draws.map(([low, high]) => [low, high, state.randint(low, high)]), draws, `seed ${seed}`);
  }
});

test("WorkArena's L1 list: RandomState(42), ten seeds per task in turn, as BrowserGym's workarena_l1 draws them", () => {
  const state = new RandomState(42);
  assert.deepEqual(reference.l1Seeds.map(() => Array.from({ length: 10 }, () => state.randint(0, 1000))), reference.l1Seeds);
});

test('choice from a list is randint(0, n); seeds and ranges outside numpy\'s are refused', () => {
  const [a, b] = [new RandomState(7), new RandomState(7)];
  const items = Array.from({ length: 37 }, (_, i) => `item ${i}`);
  for (let i = 0; i < 100; i++) assert.equal(a.choice(items), items[b.randint(0, 37)]);
  assert.throws(() => new RandomState(-1), /from 0 to 2\*\*32 - 1, not -1/);
  assert.throws(() => new RandomState(2 ** 32), /not 4294967296/);
  assert.throws(() => new RandomState(0).randint(5, 5), /randint\(5, 5\): an empty range/);
});
