// Where a command's CPU goes, by kind of process: the Playwright runner, its workers, and each
// of Chromium's processes (browser, renderer, GPU, utility, zygote). Linux only: it samples
// /proc every 200 ms and keeps each process's last user+system time (a process that exits
// between two samples loses at most that much), and its peak resident memory (the kernel's VmHWM).
// Usage: tsx scripts/process-cpu.ts <command> [args...]; prints a table after the command ends.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export type Kind = 'runner' | 'workers' | 'browser' | 'renderer' | 'gpu' | 'utility' | 'zygote' | 'other';

/** A process's kind, from its command line (NUL-separated, as /proc gives it). */
export function kindOf(cmdline: string, isRoot: boolean): Kind {
  // Chromium rewrites its processes' titles: their arguments are then one string, space-separated.
  const args = cmdline.split(/[\0 ]/);
  const type = args.find((a) => a.startsWith('--type='))?.slice('--type='.length);
  if (type === 'renderer') return 'renderer';
  if (type === 'gpu-process') return 'gpu';
  if (type === 'utility') return 'utility';
  if (type === 'zygote') return 'zygote';
  if (/chrom|headless_shell/.test(args[0] ?? '') || args.some((a) => a.startsWith('--remote-debugging-pipe'))) return 'browser';
  if (args.some((a) => /workerProcessEntry|workerMain/.test(a))) return 'workers';
  if (/node$/.test(args[0] ?? '') && args.some((a) => a.endsWith('cli.js') || a === 'test')) return 'runner';
  return isRoot ? 'runner' : 'other';
}

const TICKS = 100; // USER_HZ on Linux

interface Seen { kind: Kind; cpu: number; peakKb: number }

/** The biggest process of each kind, at its peak (MiB). */
export type PeakMemory = Record<Kind, number>;

/** A process's peak resident memory (KiB), 0 once it is gone. */
function peakKbOf(pid: number): number {
  try {
    return Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/** Runs the command, sampling its process tree until it ends; CPU seconds by kind, and the biggest process of each kind. */
export async function profile(command: string, args: string[], env = process.env, stdio: 'inherit' | 'ignore' = 'inherit'): Promise<{ cpu: Record<Kind, number>; peakMB: PeakMemory; wallMs: number; status: number | null }> {
  const started = performance.now();
  const child = spawn(command, args, { stdio, env });
  const seen = new Map<number, Seen>();
  const sample = () => {
    const parents = new Map<number, number>();
    const stats = new Map<number, string[]>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // The command name may hold spaces: the fields after it start past the last ')'.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        parents.set(Number(name), Number(fields[1]));
        stats.set(Number(name), fields);
      } catch { /* gone */ }
    }
    const inTree = (pid: number): boolean => {
      for (let p = pid, hops = 0; p > 1 && hops < 50; p = parents.get(p) ?? 0, hops++) if (p === child.pid) return true;
      return false;
    };
    for (const [pid, fields] of stats) {
      if (!inTree(pid)) continue;
      const cpu = (Number(fields[11]) + Number(fields[12])) / TICKS;
      // Read each time: a process just forked still shows its parent's command line (Chromium's
      // zygote children retitle themselves), and one exiting shows none (it keeps its last kind).
      let cmdline = '';
      try { cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { /* gone */ }
      const kind = cmdline ? kindOf(cmdline, pid === child.pid) : seen.get(pid)?.kind;
      if (kind) seen.set(pid, { kind, cpu, peakKb: Math.max(peakKbOf(pid), seen.get(pid)?.peakKb ?? 0) });
    }
  };
  const timer = setInterval(sample, 200);
  const status = await new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  clearInterval(timer);
  const cpu = { runner: 0, workers: 0, browser: 0, renderer: 0, gpu: 0, utility: 0, zygote: 0, other: 0 } as Record<Kind, number>;
  const peakMB = { ...cpu };
  for (const { kind, cpu: s, peakKb } of seen.values()) {
    cpu[kind] += s;
    peakMB[kind] = Math.max(peakMB[kind], peakKb / 1024);
  }
  return { cpu, peakMB, wallMs: performance.now() - started, status };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, ...args] = process.argv.slice(2);
  if (!command) {
    console.error('usage: tsx scripts/process-cpu.ts <command> [args...]');
    process.exit(2);
  }
  const { cpu, peakMB, wallMs, status } = await profile(command, args);
  const total = Object.values(cpu).reduce((a, b) => a + b, 0);
  console.log(`\nwall ${(wallMs / 1000).toFixed(1)} s, CPU ${total.toFixed(1)} s (exit ${status})`);
  console.log(`  ${'kind'.padEnd(9)} ${'CPU'.padStart(10)}  share  biggest process at its peak`);
  for (const [kind, s] of Object.entries(cpu)) if (s > 0) console.log(`  ${kind.padEnd(9)} ${s.toFixed(1).padStart(8)} s  ${((100 * s) / total).toFixed(0).padStart(4)}%  ${peakMB[kind as Kind].toFixed(0).padStart(6)} MiB`);
  process.exit(status ?? 1);
}
