import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A module of the user's own (an agent, evaluators), by its path from the working directory:
 * TypeScript or JavaScript (in a Playwright worker, Playwright's loader reads it; in the CLI,
 * tsx's). `what` names it in errors: a missing file or one that fails to load says its path.
 */
export async function importUserModule(path: string, what: string, cwd = process.cwd()): Promise<{ file: string; exports: Record<string, unknown> }> {
  const file = resolve(cwd, path);
  if (!existsSync(file)) throw new Error(`${what} "${path}" not found: no file ${file}`);
  let loaded: Record<string, unknown>;
  try {
    loaded = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
  } catch (e) {
    throw new Error(`${what} "${path}" (${file}) failed to load: ${(e as Error).message}`);
  }
  // In a CommonJS project Playwright compiles TypeScript to CommonJS, whose exports object
  // import() hands over as `default` (marked __esModule): the module's exports are in there.
  const compiled = loaded.default as Record<string, unknown> | undefined;
  return { file, exports: compiled?.__esModule === true ? compiled : loaded };
}

/** "exports a, b" or "exports nothing": what a module offered instead of what was expected. */
export const exportsOf = (exports: Record<string, unknown>) => `it exports ${Object.keys(exports).join(', ') || 'nothing'}`;
