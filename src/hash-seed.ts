import { createHash } from 'node:crypto';

/** A 32-bit number from strings: seeds per instance, and the sampling order. */
export function hashSeed(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);
}
