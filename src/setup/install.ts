import { createRequire } from 'node:module';
import { stripVTControlCharacters } from 'node:util';
import { type Chromium, findChromium, HEADLESS_SHELL, isFound, SETUP_COMMAND } from './chromium.ts';
import { type CommandResult, type Machine, which } from './machine.ts';

const PLAYWRIGHT_CLI = createRequire(import.meta.url).resolve('@playwright/test/cli');
const PLAYWRIGHT_INSTALL = 'npx playwright install chromium';

/**
 * The browser, installed when there is none: Playwright's own, else (where Playwright cannot
 * download it) Debian's chromium through apt-get as root. Throws a message that says what to run
 * when neither works, or when BENCHWRIGHT_CHROMIUM names no usable browser (nothing is installed
 * in its place: the user chose it).
 */
export function ensureChromium(machine: Machine, log: (line: string) => void): Chromium {
  const found = findChromium(machine);
  if (isFound(found)) return found;
  if (machine.env.BENCHWRIGHT_CHROMIUM) throw new Error(found.problem);

  log(`No Chromium found: installing Playwright's own (${PLAYWRIGHT_INSTALL}).`);
  const playwright = machine.run(process.execPath, [PLAYWRIGHT_CLI, 'install', 'chromium']);
  const afterPlaywright = findChromium(machine);
  if (isFound(afterPlaywright)) return afterPlaywright;
  const playwrightFailed = `\`${PLAYWRIGHT_INSTALL}\` failed (${playwright.ok ? 'yet no browser is there' : reason(playwright)})`;

  let apt = aptInstall(machine, 'chromium', playwrightFailed, log);
  if ('installed' in apt) {
    const afterApt = findChromium(machine);
    if (isFound(afterApt)) return afterApt;
    apt = { failed: 'apt-get install -y chromium', why: 'yet no chromium is in PATH or at /usr/bin/chromium' };
  }
  const next = `run \`${SETUP_COMMAND}\` again, or set BENCHWRIGHT_CHROMIUM to a Chromium executable.`;
  if ('failed' in apt) throw new Error(`no Chromium: ${playwrightFailed}, and so did \`${apt.failed}\` (${apt.why}). Fix that, then ${next}`);
  throw new Error(`no Chromium, and ${playwrightFailed}. ${apt.instead}, then ${next}`);
}

/**
 * The headless shell beside a system Chromium (chromium.ts), installed as root with apt-get
 * where there is none. Without it, runs take the full browser, slower but the same: a note, not
 * an error.
 */
export function ensureHeadlessShell(machine: Machine, chromium: Chromium, log: (line: string) => void): Chromium {
  if (chromium.source !== 'system' || chromium.headlessShell) return chromium;
  const apt = aptInstall(machine, HEADLESS_SHELL, 'No headless shell beside the system Chromium', log);
  const after = findChromium(machine);
  if (isFound(after) && after.headlessShell) return after;
  log(`No headless shell (${notInstalled(HEADLESS_SHELL, apt)}): headless runs take the full browser, 25-45% slower.`);
  return chromium;
}

/** strace, for the test that watches the browser's traffic (test/offline.test.ts): its path. */
export function ensureStrace(machine: Machine, log: (line: string) => void): string {
  const present = which(machine, 'strace');
  if (present) return present;
  const apt = aptInstall(machine, 'strace', 'No strace', log);
  const installed = 'installed' in apt && which(machine, 'strace');
  if (installed) return installed;
  throw new Error(`no strace, with which npm test watches the browser's traffic (without it, that test is skipped). ${notInstalled('strace', apt)}.`);
}

/** Why a package is still missing after aptInstall: what went wrong, or what the user runs instead. */
function notInstalled(pkg: string, apt: AptOutcome): string {
  return 'installed' in apt ? `apt-get installed ${pkg}, yet it is not in PATH` : 'failed' in apt ? `\`${apt.failed}\` failed (${apt.why})` : apt.instead;
}

/** apt-get's outcome: installed; or failed (the command, and why); or not this process's to run (what the user runs instead). */
type AptOutcome = { installed: true } | { failed: string; why: string } | { instead: string };

/** A Debian package, installed when this process may: as root, with apt-get. */
function aptInstall(machine: Machine, pkg: string, because: string, log: (line: string) => void): AptOutcome {
  if (!which(machine, 'apt-get')) return { instead: `Install ${pkg} with your system's package manager` };
  if (!machine.isRoot()) return { instead: `Run \`sudo apt-get install -y ${pkg}\`` };
  log(`${because}: installing Debian's ${pkg} (apt-get update && apt-get install -y ${pkg}).`);
  for (const args of [['update'], ['install', '-y', pkg]]) {
    const run = machine.run('apt-get', args);
    if (!run.ok) return { failed: `apt-get ${args.join(' ')}`, why: reason(run) };
  }
  return { installed: true };
}

const ERROR_LINE = /^(Error|E):\s+/;

/** A failed command's reason in one line: its first error line, else its last line (stderr's first). */
export function reason(run: CommandResult): string {
  const lines = (text: string) => stripVTControlCharacters(text).split('\n').map((l) => l.trim()).filter(Boolean);
  const [err, out] = [lines(run.stderr), lines(run.stdout)];
  const error = [...err, ...out].find((l) => ERROR_LINE.test(l));
  return error?.replace(ERROR_LINE, '') ?? err.at(-1) ?? out.at(-1) ?? 'no output';
}
