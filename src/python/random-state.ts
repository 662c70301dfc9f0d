/**
 * numpy's legacy RandomState (MT19937), the generator WorkArena draws its tasks' configurations
 * with: seeded from an integer as numpy seeds it (init_genrand), integers drawn as its legacy
 * randint draws them (a 32-bit word masked to the range's bit length, drawn again while out of
 * range), and choice from a list as randint(0, n). Only ranges of up to 2^32 values: WorkArena's.
 */
export class RandomState {
  private readonly key = new Uint32Array(624);
  private position = 624;

  constructor(seed: number) {
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) throw new Error(`a RandomState seed is a whole number from 0 to 2**32 - 1, not ${seed}`);
    this.key[0] = seed;
    for (let i = 1; i < 624; i++) {
      const previous = this.key[i - 1]! ^ (this.key[i - 1]! >>> 30);
      // 1812433253 * previous, in 32 bits: split so no product passes 2^53.
      this.key[i] = (((((previous & 0xffff0000) >>> 16) * 1812433253) << 16) + (previous & 0x0000ffff) * 1812433253 + i) >>> 0;
    }
  }

  /** A whole number in [low, high), as `randint(low, high)` draws it. */
  randint(low: number, high: number): number {
    const range = high - low - 1;
    if (range < 0 || range > 0xffffffff) throw new Error(`randint(${low}, ${high}): an empty range, or one of over 2**32 values`);
    if (range === 0) return low;
    if (range === 0xffffffff) return low + this.nextUint32();
    const mask = 2 ** (32 - Math.clz32(range)) - 1;
    for (;;) {
      const value = (this.nextUint32() & mask) >>> 0;
      if (value <= range) return low + value;
    }
  }

  /** One of the items, as `choice(items)` picks it. */
  choice<T>(items: readonly T[]): T {
    return items[this.randint(0, items.length)]!;
  }

  private nextUint32(): number {
    if (this.position >= 624) this.twist();
    let y = this.key[this.position++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  private twist(): void {
    const key = this.key;
    for (let i = 0; i < 624; i++) {
      const y = (key[i]! & 0x80000000) | (key[(i + 1) % 624]! & 0x7fffffff);
      key[i] = key[(i + 397) % 624]! ^ (y >>> 1) ^ (y & 1 ? 0x9908b0df : 0);
    }
    this.position = 0;
  }
}
