import { type Machine, which } from './machine.ts';

/** The browser the runs use, and where it was found. */
export interface Chromium {
  path: string;
  source: 'BENCHWRIGHT_CHROMIUM' | 'system' | 'playwright';
}

/** No usable browser: the message says why and what to run. */
export interface NoChromium {
  problem: string;
}

/** Names a system Chromium goes by in PATH (Debian: chromium; Ubuntu and others: chromium-browser). */
const SYSTEM_NAMES = ['chromium', 'chromium-browser'];
/** Debian's package, for a PATH that lacks /usr/bin. */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

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
  const system = SYSTEM_NAMES.map((name) => which(machine, name)).find(Boolean) ?? (machine.fileAt(DEBIAN_CHROMIUM) === 'executable' ? DEBIAN_CHROMIUM : undefined);
  if (system) return { path: system, source: 'system' };
  const own = machine.playwrightChromium();
  if (machine.fileAt(own) === 'executable') return { path: own, source: 'playwright' };
  return {
    problem: `no Chromium: BENCHWRIGHT_CHROMIUM is not set, no ${SYSTEM_NAMES.join(' or ')} is in PATH or at ${DEBIAN_CHROMIUM}, and Playwright's own is not installed. Run \`${SETUP_COMMAND}\`, which installs one, or set BENCHWRIGHT_CHROMIUM to a Chromium executable.`,
  };
}

export const isFound = (result: Chromium | NoChromium): result is Chromium => 'path' in result;
