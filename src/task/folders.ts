import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/** Whether `path` is `folder` or below it (both absolute). */
export function isInside(path: string, folder: string): boolean {
  const rel = relative(folder, path);
  return rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** The path with every link resolved; undefined when nothing is there. */
export function realPathOf(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** Whether a path, once its links are resolved, is outside the real path of `folder`. */
export function linksOutside(path: string, folder: string): boolean {
  const real = realPathOf(path);
  return real !== undefined && !isInside(real, realPathOf(folder) ?? folder);
}

/**
 * How a path written in a task file leaves the task file's folder, if it does. Task sets come
 * from strangers: a template or CSV named `/etc/passwd`, `../other/page.html` or through a link
 * to /etc would put any file of the machine into a page or a report. A missing file is not
 * refused here: reading it says it is missing.
 */
export function wayOut(folder: string, written: string): 'absolute' | 'parent' | 'link' | undefined {
  if (isAbsolute(written)) return 'absolute';
  const file = resolve(folder, written);
  if (!isInside(file, folder)) return 'parent';
  return linksOutside(file, folder) ? 'link' : undefined;
}
