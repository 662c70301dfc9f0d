import { spawnSync } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';

/** What finding and installing the browser asks of the machine; tests pass a fake one. */
export interface Machine {
  env: Record<string, string | undefined>;
  /** A regular file that may be run, one that may not, or nothing there. */
  fileAt(path: string): 'executable' | 'not executable' | undefined;
  /** Where Playwright keeps its own Chromium, whether or not it is installed. */
  playwrightChromium(): string;
  isRoot(): boolean;
  /** Runs a command to its end. */
  run(command: string, args: string[]): CommandResult;
}

export interface CommandResult {
  ok: boolean;
  stdout: string;
  stderr: string;
}

const require = createRequire(import.meta.url);

export const thisMachine: Machine = {
  env: process.env,
  fileAt(path) {
    try {
      if (!statSync(path).isFile()) return undefined;
    } catch {
      return undefined;
    }
    try {
      accessSync(path, constants.X_OK);
      return 'executable';
    } catch {
      return 'not executable';
    }
  },
  // Required when asked, not imported: the CLI's other commands do not pay for loading Playwright.
  playwrightChromium: () => (require('@playwright/test') as typeof import('@playwright/test')).chromium.executablePath(),
  isRoot: () => process.getuid?.() === 0,
  run(command, args) {
    // An installer must never stop to ask a question nobody is there to answer.
    const r = spawnSync(command, args, { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' }, maxBuffer: 64 * 2 ** 20 });
    return { ok: r.status === 0, stdout: r.stdout ?? '', stderr: `${r.stderr ?? ''}${r.error?.message ?? ''}` };
  },
};

/** The executable a shell would run for `name`, from the machine's PATH. */
export function which(machine: Machine, name: string): string | undefined {
  const dirs = (machine.env.PATH ?? '').split(delimiter).filter(Boolean);
  return dirs.map((dir) => join(dir, name)).find((path) => machine.fileAt(path) === 'executable');
}
