import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { realPathOf } from './folders.ts';

/**
 * A file a task is read from (task file, template, CSV) as the index cache compares it: where
 * it really is, and the hash of its content when it was read. The real path counts because a
 * link that changes target changes the task (a target outside its folder is refused) even when
 * both targets hold the same bytes.
 */
export interface SourceVersion {
  /** The real path (links resolved); null when nothing is there. */
  real: string | null;
  /** Hash of the content; absent for a file refused unread (a link out of the task's folder). */
  hash?: string;
}

/** Reads a source file through its real path: its bytes, or why it cannot be read, and its version. */
export function readSource(file: string): { bytes?: Buffer; error?: NodeJS.ErrnoException; version: SourceVersion } {
  const real = realPathOf(file) ?? null;
  try {
    const bytes = readFileSync(real ?? file);
    return { bytes, version: { real, hash: contentHash(bytes) } };
  } catch (e) {
    return { error: e as NodeJS.ErrnoException, version: { real, hash: contentHash(undefined) } };
  }
}

/** The version of a file that is never read, only refused for where it leads. */
export function unreadSource(file: string): SourceVersion {
  return { real: realPathOf(file) ?? null };
}

/** Whether a source file is still what it was; a file refused unread is not read now either. */
export function unchanged(file: string, version: SourceVersion): boolean {
  const current = version.hash === undefined ? unreadSource(file) : readSource(file).version;
  return current.real === version.real && current.hash === version.hash;
}

/** Hash of a file's content; a fixed marker for a file that could not be read. */
function contentHash(bytes: Buffer | undefined): string {
  return bytes ? createHash('sha1').update(bytes).digest('hex') : 'unreadable';
}
