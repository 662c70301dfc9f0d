import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** A folder's size in bytes, everything under it, and its number of files. */
export function folderSize(folder: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
    files++;
  }
  return { bytes, files };
}
