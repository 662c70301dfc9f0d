import { homedir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The user's cache folder, whatever the working directory: entries are keyed by absolute
 * path and checked by content hash, so every project and command can share them.
 */
export function cacheDir(): string {
  if (process.env.BENCHWRIGHT_CACHE_DIR) return resolve(process.env.BENCHWRIGHT_CACHE_DIR);
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'benchwright');
}
