import assert from 'node:assert/strict';
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { setUp } from '../src/cli/setup.ts';
import { executableFor, findChromium, isFound } from '../src/setup/chromium.ts';
import { reason } from '../src/setup/install.ts';
import type { CommandResult, Machine } from '../src/setup/machine.ts';
import { runCli, STACK_FRAME, tempDir } from './helpers.ts';

const PLAYWRIGHTS = '/root/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';
const SHELL = '/usr/bin/chromium-headless-shell';

/** What a command does on the fake machine: its result, and the files it leaves when it succeeds. */
interface Outcome {
  ok: boolean;
  stderr?: string;
  creates?: string[];
}

/**
 * A machine that exists only in memory: its files, PATH, whether this is root and has apt-get, and what each
 * command does (by name: "playwright install chromium", "apt-get update", "apt-get install -y
 * chromium"; any program asked its version answers, unless `broken`). It records the commands run.
 */
function fakeMachine(options: { files?: string[]; plain?: string[]; env?: Record<string, string>; root?: boolean; apt?: boolean; commands?: Record<string, Outcome>; broken?: string[] } = {}) {
  const files = new Map<string, 'executable' | 'not executable'>([
    ...[...(options.files ?? []), ...(options.apt ? ['/usr/bin/apt-get'] : [])].map((f) => [f, 'executable'] as const),
    ...(options.plain ?? []).map((f) => [f, 'not executable'] as const),
  ]);
  const ran: string[] = [];
  const machine: Machine = {
    env: { PATH: '/usr/local/bin:/usr/bin:/bin', ...options.env },
    fileAt: (path) => files.get(path),
    playwrightChromium: () => PLAYWRIGHTS,
    isRoot: () => options.root ?? false,
    run(command, args): CommandResult {
      if (args[0] === '--version' || args[0] === '-V') {
        const ok = !options.broken?.includes(command);
        return { ok, stdout: ok ? `${command} 1.2.3\n` : '', stderr: ok ? '' : 'error while loading shared libraries: libnss3.so\n' };
      }
      const name = command === process.execPath ? `playwright ${args.slice(1).join(' ')}` : `${command} ${args.join(' ')}`;
      ran.push(name);
      const outcome = options.commands?.[name] ?? { ok: false, stderr: `${name}: not expected here` };
      if (outcome.ok) for (const f of outcome.creates ?? []) files.set(f, 'executable');
      return { ok: outcome.ok, stdout: '', stderr: outcome.stderr ?? '' };
    },
  };
  return { machine, ran };
}

/** setUp on a fake machine: what it logged, and the error it threw (if any). */
function setUpOn(fake: ReturnType<typeof fakeMachine>, testTools = false) {
  const log: string[] = [];
  try {
    setUp(fake.machine, { testTools }, (line) => log.push(line));
    return { log, error: undefined, ran: fake.ran };
  } catch (e) {
    return { log, error: (e as Error).message, ran: fake.ran };
  }
}

const APT = { apt: true, root: true };
const PLAYWRIGHT_CANNOT_DOWNLOAD: Outcome = { ok: false, stderr: 'Downloading...\nError: getaddrinfo ENOTFOUND cdn.playwright.dev\n    at x (y:1:2)\n' };
const APT_INSTALLS_CHROMIUM = { 'apt-get update': { ok: true }, 'apt-get install -y chromium': { ok: true, creates: ['/usr/bin/chromium'] }, 'apt-get install -y chromium-headless-shell': { ok: true, creates: [SHELL] } };

test('BENCHWRIGHT_CHROMIUM comes first, and must name an executable: no other browser stands in for it', () => {
  const everywhere = ['/opt/my-chromium', '/usr/bin/chromium', PLAYWRIGHTS];
  assert.deepEqual(findChromium(fakeMachine({ files: everywhere, env: { BENCHWRIGHT_CHROMIUM: '/opt/my-chromium' } }).machine), { path: '/opt/my-chromium', source: 'BENCHWRIGHT_CHROMIUM' });
  const missing = findChromium(fakeMachine({ files: everywhere, env: { BENCHWRIGHT_CHROMIUM: '/nonexistent' } }).machine);
  assert.deepEqual(missing, { problem: "BENCHWRIGHT_CHROMIUM=/nonexistent does not exist: set it to a Chromium executable, or unset it to use a system Chromium or Playwright's own." });
  const plain = findChromium(fakeMachine({ files: everywhere, plain: ['/opt/readme'], env: { BENCHWRIGHT_CHROMIUM: '/opt/readme' } }).machine);
  assert.match((plain as { problem: string }).problem, /^BENCHWRIGHT_CHROMIUM=\/opt\/readme is not executable: /);
});

test('a system Chromium comes next: chromium, then chromium-browser in PATH, then /usr/bin/chromium; then Playwright\'s own', () => {
  const find = (files: string[], plain: string[] = [], PATH = '/usr/local/bin:/usr/bin') => findChromium(fakeMachine({ files, plain, env: { PATH } }).machine);
  assert.deepEqual(find(['/usr/local/bin/chromium-browser', '/usr/bin/chromium', PLAYWRIGHTS]), { path: '/usr/bin/chromium', source: 'system' });
  assert.deepEqual(find(['/usr/local/bin/chromium-browser', PLAYWRIGHTS], ['/usr/bin/chromium']), { path: '/usr/local/bin/chromium-browser', source: 'system' }, 'a file that may not run is passed over');
  assert.deepEqual(find(['/usr/bin/chromium', PLAYWRIGHTS], [], '/bin'), { path: '/usr/bin/chromium', source: 'system' }, '/usr/bin/chromium outside PATH');
  assert.deepEqual(find([PLAYWRIGHTS]), { path: PLAYWRIGHTS, source: 'playwright' });
  const none = find([]);
  assert.match((none as { problem: string }).problem, /^no Chromium: .* Run `npx benchwright setup`, which installs one, or set BENCHWRIGHT_CHROMIUM to a Chromium executable\.$/);
});

test('setup with a browser installs nothing and prints its path, where it comes from and its version', () => {
  const run = setUpOn(fakeMachine({ files: ['/usr/bin/chromium', SHELL], ...APT }));
  assert.deepEqual(run, { log: ['Chromium: /usr/bin/chromium (a system Chromium): /usr/bin/chromium 1.2.3', `Headless shell (headless runs): ${SHELL}: ${SHELL} 1.2.3`], error: undefined, ran: [] });
});

test("a system Chromium's headless shell runs headless runs; the full browser headed ones; BENCHWRIGHT_CHROMIUM is run as chosen", () => {
  const found = findChromium(fakeMachine({ files: ['/usr/bin/chromium', '/usr/local/bin/chromium-headless-shell', SHELL] }).machine);
  assert.deepEqual(found, { path: '/usr/bin/chromium', source: 'system', headlessShell: '/usr/local/bin/chromium-headless-shell' }, 'PATH first');
  assert.ok(isFound(found));
  assert.deepEqual([executableFor(found, false), executableFor(found, true)], ['/usr/local/bin/chromium-headless-shell', '/usr/bin/chromium']);
  const chosen = findChromium(fakeMachine({ files: ['/opt/my-chromium', SHELL], env: { BENCHWRIGHT_CHROMIUM: '/opt/my-chromium' } }).machine);
  assert.ok(isFound(chosen));
  assert.equal(executableFor(chosen, false), '/opt/my-chromium');
});

test('setup installs the headless shell beside a system Chromium as root with apt-get; otherwise it says so and goes on', () => {
  const installs = { 'apt-get update': { ok: true }, 'apt-get install -y chromium-headless-shell': { ok: true, creates: [SHELL] } };
  const installed = setUpOn(fakeMachine({ files: ['/usr/bin/chromium'], ...APT, commands: installs }));
  assert.deepEqual([installed.error, installed.ran, installed.log.at(-1)], [undefined, ['apt-get update', 'apt-get install -y chromium-headless-shell'], `Headless shell (headless runs): ${SHELL}: ${SHELL} 1.2.3`]);
  const notRoot = setUpOn(fakeMachine({ files: ['/usr/bin/chromium'], apt: true }));
  assert.deepEqual([notRoot.error, notRoot.ran], [undefined, []]);
  assert.deepEqual(notRoot.log, ['No headless shell (Run `sudo apt-get install -y chromium-headless-shell`): headless runs take the full browser, 25-45% slower.', 'Chromium: /usr/bin/chromium (a system Chromium): /usr/bin/chromium 1.2.3']);
  const noPackage = setUpOn(fakeMachine({ files: ['/usr/bin/chromium'], ...APT, commands: { 'apt-get update': { ok: true }, 'apt-get install -y chromium-headless-shell': { ok: false, stderr: 'E: Unable to locate package chromium-headless-shell' } } }));
  assert.equal(noPackage.error, undefined);
  assert.match(noPackage.log.join('\n'), /No headless shell \(`apt-get install -y chromium-headless-shell` failed \(Unable to locate package chromium-headless-shell\)\)/);
  const own = setUpOn(fakeMachine({ files: [PLAYWRIGHTS], ...APT }));
  assert.deepEqual([own.error, own.ran], [undefined, []], "Playwright's own browser comes with its own shell");
});

test('setup with no browser installs Playwright\'s own first', () => {
  const run = setUpOn(fakeMachine({ ...APT, commands: { 'playwright install chromium': { ok: true, creates: [PLAYWRIGHTS] } } }));
  assert.equal(run.error, undefined);
  assert.deepEqual(run.ran, ['playwright install chromium']);
  assert.equal(run.log.at(-1), `Chromium: ${PLAYWRIGHTS} (Playwright's own): ${PLAYWRIGHTS} 1.2.3`);
});

test('where Playwright cannot download its browser, root with apt-get installs Debian\'s chromium', () => {
  const run = setUpOn(fakeMachine({ ...APT, commands: { 'playwright install chromium': PLAYWRIGHT_CANNOT_DOWNLOAD, ...APT_INSTALLS_CHROMIUM } }));
  assert.equal(run.error, undefined);
  assert.deepEqual(run.ran, ['playwright install chromium', 'apt-get update', 'apt-get install -y chromium', 'apt-get update', 'apt-get install -y chromium-headless-shell']);
  assert.deepEqual(run.log, [
    "No Chromium found: installing Playwright's own (npx playwright install chromium).",
    "`npx playwright install chromium` failed (getaddrinfo ENOTFOUND cdn.playwright.dev): installing Debian's chromium (apt-get update && apt-get install -y chromium).",
    "No headless shell beside the system Chromium: installing Debian's chromium-headless-shell (apt-get update && apt-get install -y chromium-headless-shell).",
    'Chromium: /usr/bin/chromium (a system Chromium): /usr/bin/chromium 1.2.3',
    `Headless shell (headless runs): ${SHELL}: ${SHELL} 1.2.3`,
  ]);
});

test('when nothing can be installed, setup stops with one message that says what to run', () => {
  const cannot = { 'playwright install chromium': PLAYWRIGHT_CANNOT_DOWNLOAD };
  const notRoot = setUpOn(fakeMachine({ ...APT, root: false, commands: cannot }));
  assert.equal(notRoot.error, 'no Chromium, and `npx playwright install chromium` failed (getaddrinfo ENOTFOUND cdn.playwright.dev). Run `sudo apt-get install -y chromium`, then run `npx benchwright setup` again, or set BENCHWRIGHT_CHROMIUM to a Chromium executable.');
  assert.deepEqual(notRoot.ran, ['playwright install chromium'], 'no apt-get without root');
  const noApt = setUpOn(fakeMachine({ root: true, commands: cannot }));
  assert.match(noApt.error ?? '', /\. Install chromium with your system's package manager, then run `npx benchwright setup` again, or set BENCHWRIGHT_CHROMIUM/);
  const aptFails = setUpOn(fakeMachine({ ...APT, commands: { ...cannot, 'apt-get update': { ok: false, stderr: "E: Could not resolve 'deb.debian.org'\n" } } }));
  assert.equal(aptFails.error, "no Chromium: `npx playwright install chromium` failed (getaddrinfo ENOTFOUND cdn.playwright.dev), and so did `apt-get update` (Could not resolve 'deb.debian.org'). Fix that, then run `npx benchwright setup` again, or set BENCHWRIGHT_CHROMIUM to a Chromium executable.");
  const aptInstallsElsewhere = setUpOn(fakeMachine({ ...APT, commands: { ...cannot, 'apt-get update': { ok: true }, 'apt-get install -y chromium': { ok: true } } }));
  assert.match(aptInstallsElsewhere.error ?? '', /and so did `apt-get install -y chromium` \(yet no chromium is in PATH or at \/usr\/bin\/chromium\)/);
});

test('a BENCHWRIGHT_CHROMIUM that names no browser is an error, and nothing is installed in its place', () => {
  const run = setUpOn(fakeMachine({ ...APT, env: { BENCHWRIGHT_CHROMIUM: '/nonexistent' }, commands: { 'playwright install chromium': { ok: true, creates: [PLAYWRIGHTS] } } }));
  assert.match(run.error ?? '', /^BENCHWRIGHT_CHROMIUM=\/nonexistent does not exist: /);
  assert.deepEqual(run.ran, []);
});

test('a browser that does not start is an error that says how to repair it', () => {
  const own = setUpOn(fakeMachine({ files: [PLAYWRIGHTS], broken: [PLAYWRIGHTS] }));
  assert.equal(own.error, `${PLAYWRIGHTS} does not start (error while loading shared libraries: libnss3.so). Run \`sudo npx playwright install-deps chromium\`.`);
  const system = setUpOn(fakeMachine({ files: ['/usr/bin/chromium'], broken: ['/usr/bin/chromium'] }));
  assert.match(system.error ?? '', /does not start \(.*\)\. Set BENCHWRIGHT_CHROMIUM to a Chromium that starts\.$/);
});

test('--test-tools: strace as well, installed with apt-get as root, else what to run', () => {
  const chromium = '/usr/bin/chromium';
  const present = setUpOn(fakeMachine({ files: [chromium, SHELL, '/usr/bin/strace'], ...APT }), true);
  assert.deepEqual([present.log.at(-1), present.ran], ['strace: /usr/bin/strace: /usr/bin/strace 1.2.3', []]);
  assert.equal(setUpOn(fakeMachine({ files: [chromium] })).error, undefined, 'without the flag, strace is not asked for');
  const installed = setUpOn(fakeMachine({ files: [chromium, SHELL], ...APT, commands: { 'apt-get update': { ok: true }, 'apt-get install -y strace': { ok: true, creates: ['/usr/bin/strace'] } } }), true);
  assert.deepEqual([installed.error, installed.ran], [undefined, ['apt-get update', 'apt-get install -y strace']]);
  const notRoot = setUpOn(fakeMachine({ files: [chromium], apt: true }), true);
  assert.equal(notRoot.error, "no strace, with which npm test watches the browser's traffic (without it, that test is skipped). Run `sudo apt-get install -y strace`.");
  const aptFails = setUpOn(fakeMachine({ files: [chromium, SHELL], ...APT, commands: { 'apt-get update': { ok: true }, 'apt-get install -y strace': { ok: false, stderr: 'E: Unable to locate package strace' } } }), true);
  assert.match(aptFails.error ?? '', /\. `apt-get install -y strace` failed \(Unable to locate package strace\)\.$/);
});

test("a failed command's reason: its first error line (stderr before stdout, colours removed), else its last line", () => {
  assert.equal(reason({ ok: false, stdout: 'Error: Failed to download, caused by\n', stderr: '\x1b[2mDownloading\x1b[22m\nError: getaddrinfo ENOTFOUND cdn\n' }), 'getaddrinfo ENOTFOUND cdn');
  assert.equal(reason({ ok: false, stdout: 'progress\n', stderr: 'first\nlast line\n\n' }), 'last line');
  assert.equal(reason({ ok: false, stdout: '', stderr: '' }), 'no output');
});

test('benchwright setup, the real command: the browser BENCHWRIGHT_CHROMIUM names and its version; one that does not exist is one line', () => {
  const browser = join(tempDir(), 'chromium');
  writeFileSync(browser, '#!/bin/sh\necho "Chromium 999.0.0.0"\n');
  chmodSync(browser, 0o755);
  assert.deepEqual(runCli(['setup'], { BENCHWRIGHT_CHROMIUM: browser }), { code: 0, stdout: `Chromium: ${browser} (BENCHWRIGHT_CHROMIUM): Chromium 999.0.0.0\n`, stderr: '' });
  const missing = runCli(['setup'], { BENCHWRIGHT_CHROMIUM: '/nonexistent' });
  assert.equal(missing.code, 1);
  assert.equal(missing.stderr, "benchwright setup: BENCHWRIGHT_CHROMIUM=/nonexistent does not exist: set it to a Chromium executable, or unset it to use a system Chromium or Playwright's own.\n");
  assert.doesNotMatch(missing.stderr, STACK_FRAME);
});
