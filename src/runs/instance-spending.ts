import { totalUsage, type Usage } from '../agent/usage.ts';
import { recordKey } from '../record/keys.ts';
import type { RunRecord } from '../record/results.ts';
import { notRun } from './assemble.ts';

/** What a resumed run spent on an instance, beside this run's tests of it. */
const EARLIER = Symbol('a resumed run');

/** What one test of an instance spent (its record adds up its attempts), or a resumed run did, and in how many runs. */
interface Spent {
  usage: Usage;
  runs: number;
}

/**
 * What each instance's runs spent, so that the record the tables keep of it counts them all: a
 * resumed run's (its journal's last record of the instance, a running total over the runs
 * before) and this run's tests of it (a --repeat-each repetition is a test of its own; a
 * test's record already adds up its retries). The total says how many runs it counts
 * (Usage.runs), for estimates per run.
 */
export class InstanceSpending {
  private readonly byInstance = new Map<string, Map<object | symbol, Spent>>();

  /** A resumed run's records, in journal order. */
  addEarlier(records: RunRecord[]): void {
    for (const record of records) {
      if (!('instance' in record)) continue;
      const key = recordKey(record);
      const usage = record.instance.usage;
      if (usage) this.byInstance.set(key, new Map([[EARLIER, { usage, runs: usage.runs ?? 1 }]]));
      else this.byInstance.delete(key);
    }
  }

  /** The record of `test`'s latest attempt, with what the instance's other runs spent added to its own. */
  counted(test: object, record: RunRecord): RunRecord {
    // A record that did not run replaces none that did (assembleResults): it needs no total.
    if (!('instance' in record) || notRun(record)) return record;
    const key = recordKey(record);
    const spent = this.byInstance.get(key) ?? new Map<object | symbol, Spent>();
    // A test's spending only grows over its attempts: one whose record lost it (an unreadable attachment) keeps what was seen.
    const own = record.instance.usage ? { usage: record.instance.usage, runs: record.instance.retries + 1 } : spent.get(test);
    if (own) this.byInstance.set(key, spent.set(test, own));
    const all = [...spent.values()];
    if (!all.length) return record;
    const runs = all.reduce((n, s) => n + s.runs, 0);
    const usage = totalUsage(all.map((s) => s.usage));
    return { ...record, instance: { ...record.instance, usage: runs > 1 ? { ...usage, runs } : usage } };
  }
}
