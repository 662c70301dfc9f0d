import type { RunRecord } from './results.ts';

/** What names an instance in a run: its project, task and id. */
export interface InstanceKeyed {
  project: string;
  task: string;
  instance: string;
}

/** Rows of one instance share project, task and instance id. */
export const instanceKey = (row: InstanceKeyed) => [row.project, row.task, row.instance].join('\u0000');

/** A record's identity: a later record of the same instance (a retry, a resume) replaces it. */
export const recordKey = (record: RunRecord) =>
  'instance' in record ? instanceKey(record.instance) : `\u0001${record.taskError.project}\u0000${record.taskError.task}`;
