import { totalUsage, type Usage } from '../agent/usage.ts';
import { recordKey } from '../record/keys.ts';
import type { RunRecord } from '../record/results.ts';

/**
 * What each instance's runs spent, so that the record the tables keep of it counts them all: a
 * resumed run's (its journal's last record of the instance, which counts that run's own) and
 * this run's tests of it (a --repeat-each repetition is a test of its own; a test's record
 * already adds up its retries).
 */
export class InstanceSpending {
  private readonly byInstance = new Map<string, Map<unknown, Usage>>();

  /** A resumed run's records, in journal order. */
  addEarlier(records: RunRecord[]): void {
    for (const record of records) {
      if (!('instance' in record)) continue;
      const key = recordKey(record);
      if (record.instance.usage) this.byInstance.set(key, new Map([[EARLIER, record.instance.usage]]));
      else this.byInstance.delete(key);
    }
  }

  /** The record of `test`'s latest attempt, with what the instance's other runs spent added to its own. */
  counted(test: unknown, record: RunRecord): RunRecord {
    if (!('instance' in record)) return record;
    const key = recordKey(record);
    const runs = this.byInstance.get(key) ?? new Map<unknown, Usage>();
    runs.delete(test);
    const others = [...runs.values()];
    const own = record.instance.usage;
    if (own) this.byInstance.set(key, runs.set(test, own));
    if (!others.length) return record;
    return { ...record, instance: { ...record.instance, usage: totalUsage([...others, ...(own ? [own] : [])]) } };
  }
}

const EARLIER = Symbol('a resumed run');
