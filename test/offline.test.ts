import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { test } from 'node:test';
import { executableFor, findChromium, isFound } from '../src/setup/chromium.ts';
import { thisMachine } from '../src/setup/machine.ts';
import { runPlaywright, tempDir } from './helpers.ts';

// Nothing leaves loopback: the harness's hostile page (specs/harness/offline.spec.ts) runs in
// the project's real browser set-up, under strace, and every datagram or stream the browser's
// processes send is checked. A UDP connect() sends nothing (Chromium uses one to learn its
// default local address), so only sends, and TCP connects, count.
const chromium = findChromium(thisMachine);
const hasStrace = spawnSync('strace', ['-V']).status === 0;

// Both executables a run may launch: the headless shell (headless runs) and the full browser (headed ones).
const executables = isFound(chromium) ? [...new Set([executableFor(chromium, false), executableFor(chromium, true)])] : [];
const skip = (!hasStrace && 'strace is not installed') || (!isFound(chromium) && chromium.problem);

for (const executable of skip ? [undefined] : executables) {
  test(`no datagram or connection leaves loopback, WebRTC to IP literals included${executable ? ` (${basename(executable)})` : ''}`, { skip }, () => {
    const dir = tempDir();
    const log = join(dir, 'strace.log');
    const wrapper = join(dir, 'chromium-under-strace');
    writeFileSync(wrapper, `#!/bin/sh\nexec strace -f -qq -yy -e trace=%network,write -e signal=none -o '${log}' '${executable}' "$@"\n`);
    chmodSync(wrapper, 0o755);
    const run = runPlaywright(['test', '--project=harness', 'specs/harness/offline.spec.ts'], { BENCHWRIGHT_CHROMIUM: wrapper, BENCHWRIGHT_ALLURE: 'off' });
    assert.equal(run.code, 0, run.output);
    const calls = readFileSync(log, 'utf8').split('\n');
    const sentOut = calls.filter((l) => leavesLoopback(l));
    assert.deepEqual(sentOut, []);
    // The trace saw the browser's own traffic: the page and its requests to the task server.
    assert.ok(calls.some((l) => /connect\(\d+<TCP:\[/.test(l) && l.includes('inet_addr("127.0.0.1")')), 'a connection to the task server is in the trace');
  });
}

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** A send on an inet socket to somewhere else than loopback, or a TCP connect there. */
function leavesLoopback(line: string): boolean {
  const call = /^\d+ (\w+)\(\d+<(UDP|TCP)(?:v6)?:\[(.*?)\]>(.*)$/.exec(line);
  if (!call) return false;
  const [, name, protocol, endpoints, rest] = call as unknown as [string, string, string, string, string];
  const destination = /inet_addr\("([^"]+)"\)|inet_pton\(AF_INET6, "([^"]+)"/.exec(rest);
  const address = destination?.[1] ?? destination?.[2] ?? remoteOf(endpoints);
  if (address === undefined || LOOPBACK.test(address) || address === '0.0.0.0' || address === '::') return false;
  if (/^(sendto|sendmsg|sendmmsg|write)$/.test(name)) return true;
  return name === 'connect' && protocol === 'TCP';
}

/** The remote address of "local->remote" as strace -yy prints a connected socket. */
function remoteOf(endpoints: string): string | undefined {
  const remote = endpoints.split('->')[1];
  return remote?.replace(/^\[?([^\]]*)\]?:\d+$/, '$1');
}
