import { type Chromium, HEADLESS_SHELL } from '../setup/chromium.ts';
import { ensureChromium, ensureHeadlessShell, ensureStrace, reason } from '../setup/install.ts';
import { type Machine, thisMachine } from '../setup/machine.ts';
import { parseCommandLine } from '../usage-error.ts';
import type { Command } from './help.ts';

const SOURCES: Record<Chromium['source'], string> = {
  BENCHWRIGHT_CHROMIUM: 'BENCHWRIGHT_CHROMIUM',
  system: 'a system Chromium',
  playwright: "Playwright's own",
};

export const setup: Command = {
  help: () => ({
    command: 'setup',
    summary: 'make this machine ready to run benchmarks: the browser',
    description: `Makes this machine ready to run benchmarks, and prints the browser's path and version.

The browser: BENCHWRIGHT_CHROMIUM, else a system Chromium (chromium or chromium-browser in PATH, /usr/bin/chromium), else Playwright's own. With none, it installs Playwright's own; where Playwright cannot download it, Debian's chromium with apt-get (as root). When nothing works, it says what to run. Beside a system Chromium, its headless shell (chromium-headless-shell) runs headless runs, 20-30% faster: installed with apt-get as root when missing, else noted.`,
    options: [['--test-tools', 'also strace, with which npm test watches the browser\'s traffic (installed with apt-get as root; without it, that test is skipped)']],
  }),
  run: (args) => {
    const { values } = parseCommandLine(args, { 'test-tools': { type: 'boolean', default: false } }, 0);
    setUp(thisMachine, { testTools: values['test-tools'] }, console.log);
    return 0;
  },
};

/** Finds or installs what runs need (and, with testTools, what the tests need); throws what to run when it cannot. */
export function setUp(machine: Machine, options: { testTools: boolean }, log: (line: string) => void): void {
  const chromium = ensureHeadlessShell(machine, ensureChromium(machine, log), log);
  // Playwright's download leaves the system libraries its browser needs to the user.
  const repair = chromium.source === 'playwright' ? 'Run `sudo npx playwright install-deps chromium`' : 'Set BENCHWRIGHT_CHROMIUM to a Chromium that starts';
  log(`Chromium: ${chromium.path} (${SOURCES[chromium.source]}): ${versionOf(machine, chromium.path, '--version', repair)}`);
  if (chromium.headlessShell) log(`Headless shell (headless runs): ${chromium.headlessShell}: ${versionOf(machine, chromium.headlessShell, '--version', `Reinstall ${HEADLESS_SHELL}`)}`);
  if (options.testTools) {
    const strace = ensureStrace(machine, log);
    log(`strace: ${strace}: ${versionOf(machine, strace, '-V', 'Reinstall strace')}`);
  }
}

/** The first line a program prints about its version; it also shows that the program starts. */
function versionOf(machine: Machine, path: string, flag: string, repair: string): string {
  const run = machine.run(path, [flag]);
  if (!run.ok) throw new Error(`${path} does not start (${reason(run)}). ${repair}.`);
  return run.stdout.trim().split('\n', 1)[0] ?? '';
}
