// Two snapshots compared file by file, job by job.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { walk } from './collect.ts';

/** Lines of unified diff shown per differing file. */
const SHOWN = 40;

/** Prints, per job, "identical" or the files that differ; returns the exit code (0: all identical). */
export function diffSnapshots(a: string, b: string): number {
  for (const dir of [a, b]) if (!existsSync(dir)) throw new Error(`${dir}: no such snapshot`);
  const jobs = [...new Set([...readdirSync(a), ...readdirSync(b)])].sort();
  let compared = 0;
  let differ = 0;
  for (const job of jobs) {
    const files = [...new Set([...walk(join(a, job)), ...walk(join(b, job))])].sort();
    // A job one snapshot did not run: one line, not a line per file.
    const only = !existsSync(join(a, job)) ? 'B' : !existsSync(join(b, job)) ? 'A' : undefined;
    if (only) {
      console.log(`${job}: only in ${only} (${files.length} files)`);
      compared += files.length;
      differ += files.length;
      continue;
    }
    const changed = files.map((file) => describe(join(a, job, file), join(b, job, file), `${job}/${file}`)).filter((d) => d !== undefined);
    compared += files.length;
    differ += changed.length;
    console.log(changed.length ? `${job}: ${changed.length} of ${files.length} files differ` : `${job}: identical (${files.length} files)`);
    for (const text of changed) console.log(text.replace(/^/gm, '  '));
  }
  console.log(differ ? `${differ} of ${compared} files differ` : `${compared} files compared, all identical`);
  return differ ? 1 : 0;
}

/** undefined when both files hold the same bytes; else what differs, a unified diff cut to SHOWN lines. */
function describe(fileA: string, fileB: string, name: string): string | undefined {
  if (!existsSync(fileA)) return `${name}: only in B`;
  if (!existsSync(fileB)) return `${name}: only in A`;
  if (readFileSync(fileA).equals(readFileSync(fileB))) return undefined;
  const diff = spawnSync('diff', ['-u', '--label', `A/${name}`, '--label', `B/${name}`, fileA, fileB], { encoding: 'utf8', maxBuffer: 256 * 2 ** 20 });
  const lines = cutLongLines(diff.stdout.split('\n').filter(Boolean));
  const shown = lines.slice(0, SHOWN);
  return [`${name}: differs`, ...shown, ...(lines.length > SHOWN ? [`… ${lines.length - SHOWN} more lines of diff`] : [])].join('\n');
}

/** Long lines (a JSON lines record) cut to a window around where a removed line and the added line after it first differ. */
function cutLongLines(lines: string[]): string[] {
  const WIDTH = 300;
  return lines.map((line, i) => {
    if (line.length <= WIDTH) return line;
    // Its partner: the first line of the other sign in the same run of changes.
    const sign = line[0];
    const other = sign === '-' ? '+' : '-';
    const run = sign === '-' ? lines.slice(i + 1) : lines.slice(0, i).reverse();
    const partner = run.find((l) => l[0] === other || (l[0] !== sign && l[0] !== other)) ?? '';
    let at = 1;
    while (at < line.length && line[at] === partner[at]) at++;
    const start = Math.max(1, at - WIDTH / 3);
    return `${sign}${start > 1 ? '…' : ''}${line.slice(start, start + WIDTH)}${start + WIDTH < line.length ? '…' : ''}`;
  });
}
