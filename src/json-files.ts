import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A JSON file's value, or undefined when it is absent or half-written by a process that died. */
export function readJsonFile<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Writes JSON aside, then renames it into place: workers writing the same file at once never leave half a file. */
export function writeJsonFile(file: string, value: unknown): void {
  writeFileAside(file, JSON.stringify(value));
}

/** Writes `data` aside, then renames it into place: a reader never sees half of it; nothing is left aside when the write fails. */
export function writeFileAside(file: string, data: string | Uint8Array): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temp, data);
    renameSync(temp, file);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
