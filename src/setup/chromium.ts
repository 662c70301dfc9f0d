import { type Machine, which } from './machine.ts';

/** The browser the runs use, and where it was found. */
export interface Chromium {
  path: string;
  source: 'BENCHWRIGHT_CHROMIUM' | 'system' | 'playwright';
  /**
   * The system's headless shell beside a system Chromium: Chromium's old headless mode, without
   * the browser's UI layer, which Playwright itself runs headless by default. It runs the
   * benchmark's headless runs (~30% less browser CPU an instance here); the full browser runs
   * headed ones.
   */
  headlessShell?: string;
}

/** No usable browser: the message says why and what to run. */
export interface NoChromium {
  problem: string;
}

/** Names a system Chromium goes by in PATH (Debian: chromium; Ubuntu and others: chromium-browser). */
const SYSTEM_NAMES = ['chromium', 'chromium-browser'];
/** Debian's package. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/** The headless shell's name in PATH, and Debian's package of it. */
export const HEADLESS_SHELL = 'chromium-headless-shell';
const DEBIAN_HEADLESS_SHELL = `/usr/bin/${HEADLESS_SHELL}`;

export const SETUP_COMMAND = 'npx benchwright setup';

/**
 * The browser, in this order: BENCHWRIGHT_CHROMIUM (which must then be usable), a system
 * Chromium, Playwright's own. Never throws: playwright.config.ts asks for it on every load,
 * `--list` included, which needs no browser; a run stops at its start (./require-chromium.ts).
 */
export function findChromium(machine: Machine): Chromium | NoChromium {
  const chosen = machine.env.BENCHWRIGHT_CHROMIUM;
  if (chosen) {
    const file = machine.fileAt(chosen);
    if (file === 'executable') return { path: chosen, source: 'BENCHWRIGHT_CHROMIUM' };
    return {
      problem: `BENCHWRIGHT_CHROMIUM=${chosen} ${file === undefined ? 'does not exist' : 'is not executable'}: set it to a Chromium executable, or unset it to use a system Chromium or Playwright's own.`,
    };
  }
  const system = systemExecutable(machine, SYSTEM_NAMES, DEBIAN_CHROMIUM);
  if (system) {
    const shell = systemExecutable(machine, [HEADLESS_SHELL], DEBIAN_HEADLESS_SHELL);
    return { path: system, source: 'system', ...(shell && { headlessShell: shell }) };
  }
  const own = machine.playwrightChromium();
  if (machine.fileAt(own) === 'executable') return { path: own, source: 'playwright' };
  return {
    problem: `no Chromium: BENCHWRIGHT_CHROMIUM is not set, no ${SYSTEM_NAMES.join(' or ')} is in PATH or at ${DEBIAN_CHROMIUM}, and Playwright's own is not installed. Run \`${SETUP_COMMAND}\`, which installs one, or set BENCHWRIGHT_CHROMIUM to a Chromium executable.`,
  };
}

/** The first of `names` in PATH, else Debian's path for a PATH that lacks /usr/bin. */
function systemExecutable(machine: Machine, names: string[], debianPath: string): string | undefined {
  return names.map((name) => which(machine, name)).find(Boolean) ?? (machine.fileAt(debianPath) === 'executable' ? debianPath : undefined);
}

export const isFound = (result: Chromium | NoChromium): result is Chromium => 'path' in result;

/**
 * The executable a run launches: the headless shell for headless runs where there is one, the
 * full browser for headed ones (`--headed`, `--debug`, `--ui`, PWDEBUG), which a shell cannot show.
 */
export function executableFor(chromium: Chromium, headed: boolean): string {
  return headed ? chromium.path : (chromium.headlessShell ?? chromium.path);
}
