import { closeSync, existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { completeLines } from '../file-lines.ts';
import { recordKey } from '../record/keys.ts';
import type { RunMetadata, RunRecord } from '../record/results.ts';

/**
 * journal.jsonl: a run's records, one JSON object per line, written the moment each test ends,
 * so a run that dies (SIGKILL, a crashed runner, a machine out of memory) keeps every instance
 * it finished. The first line holds the run's metadata, the last (once the run ends) its status.
 */
export const JOURNAL = 'journal.jsonl';
const JOURNAL_FORMAT = 'benchwright-journal/1';

export interface RunEnd {
  /** Playwright's status of the whole run: passed, failed, timedout, interrupted. */
  status: string;
  date: string;
}

export interface JournalContents {
  meta: RunMetadata;
  /** The last record of each instance (a retried or resumed instance is written again), in order. */
  records: RunRecord[];
  /** Undefined when the run never ended: killed, crashed, or still going. */
  end?: RunEnd;
  /** The process that wrote it: a run without an end whose writer is alive is still going. */
  writer?: Writer;
}

/** A process, told apart from a later one with the same id (after a reboot, say) by its boot and start time. */
interface Writer {
  pid: number;
  host: string;
  /** Linux: the kernel's boot id and the process's start (clock ticks after boot). */
  boot?: string;
  started?: string;
}

const bootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
const procStat = (pid: number | 'self') => readFileSync(`/proc/${pid}/stat`, 'utf8');
/** The fields of /proc/<pid>/stat after the command name: state is [0], start time [19]. */
const statFields = (stat: string) => stat.slice(stat.lastIndexOf(')') + 2).split(' ');

function writerOfThisProcess(): Writer {
  try {
    return { pid: process.pid, host: hostname(), boot: bootId(), started: statFields(procStat('self'))[19] };
  } catch {
    return { pid: process.pid, host: hostname() };
  }
}

/**
 * Writes are unbuffered (write(2) per record): a killed process loses nothing it wrote. After
 * a failed write (a full disk) nothing more is written, so a line cut short stays the last.
 */
export class JournalWriter {
  private readonly fd: number;
  private failed?: Error;

  constructor(readonly file: string, meta: RunMetadata) {
    this.fd = openSync(file, 'wx');
    this.write({ journal: JOURNAL_FORMAT, meta, writer: writerOfThisProcess() });
    if (this.failed) throw this.failed;
  }

  /** Throws the first write error (once): the caller says so. */
  append(record: RunRecord): void {
    const before = this.failed;
    this.write(record);
    if (this.failed && !before) throw this.failed;
  }

  /** The run's end: from here on the run is complete (or was interrupted) rather than killed. */
  close(end: RunEnd): void {
    this.write({ end });
    closeSync(this.fd);
  }

  private write(value: unknown): void {
    if (this.failed) return;
    try {
      writeSync(this.fd, `${JSON.stringify(value)}\n`);
    } catch (e) {
      this.failed = e as Error;
    }
  }
}


/**
 * Reads a journal. A last line cut short by a crash is ignored; any other line that is not a
 * record is an error naming the file and the line.
 */
export function readJournal(folder: string): JournalContents {
  const file = join(folder, JOURNAL);
  if (!existsSync(file)) throw new Error(`${folder}: not a benchwright run (no ${JOURNAL})`);
  let meta: RunMetadata | undefined;
  let writer: JournalContents['writer'];
  let end: RunEnd | undefined;
  const records = new Map<string, RunRecord>();
  let i = -1;
  // Every record ends with a newline: what follows the last one is empty, or a record cut short.
  for (const line of completeLines(file)) {
    i += 1;
    let value: Record<string, unknown>;
    try {
      value = JSON.parse(line) as Record<string, unknown>;
    } catch (e) {
      throw new Error(`${file}:${i + 1}: not a journal record: ${(e as Error).message}`);
    }
    if (i === 0) {
      if (value.journal !== JOURNAL_FORMAT) throw new Error(`${file}:1: expected a benchwright journal ("journal": "${JOURNAL_FORMAT}"), found ${JSON.stringify(value.journal ?? null)}`);
      meta = value.meta as RunMetadata;
      writer = value.writer as JournalContents['writer'];
    } else if ('end' in value) {
      end = value.end as RunEnd;
    } else if ('instance' in value || 'taskError' in value) {
      const record = value as RunRecord;
      records.delete(recordKey(record));
      records.set(recordKey(record), record);
    } else {
      throw new Error(`${file}:${i + 1}: expected an "instance", "taskError" or "end" record`);
    }
  }
  if (!meta) throw new Error(`${file}: empty journal (the run ended before writing its first line)`);
  return { meta, records: [...records.values()], ...(end && { end }), ...(writer && { writer }) };
}

/**
 * Whether the process that writes a journal without an end still runs (on this machine).
 * `graceMs`: a runner just killed may linger a moment as it exits, give it that long to go.
 */
export function stillWriting({ end, writer }: JournalContents, graceMs = 0): boolean {
  if (end || !writer || writer.host !== hostname()) return false;
  for (let waited = 0; isAlive(writer); waited += 50) {
    if (waited >= graceMs) return true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  return false;
}

/** Alive, not a zombie waiting to be reaped, and the same process (Linux tells all that in /proc). */
function isAlive(writer: Writer): boolean {
  try {
    process.kill(writer.pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
  if (!writer.boot) return true; // no /proc where it was written: kill(0) is all there is
  try {
    const fields = statFields(procStat(writer.pid));
    return !/^[ZX]$/.test(fields[0]!) && bootId() === writer.boot && fields[19] === writer.started;
  } catch {
    return false; // gone meanwhile
  }
}
