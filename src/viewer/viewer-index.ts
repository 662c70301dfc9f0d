import { PROMPT_TREE } from '../agent/types.ts';
import type { InstanceRow, TaskLoadError } from '../record/results.ts';
import { VERDICTS, verdictOf } from './verdict.ts';

export const VIEWER_FORMAT = 'benchwright-viewer/1';

/**
 * The list's data, loaded whole when the page opens: one short array per instance, names as
 * numbers into tables of names. Enough to filter and draw every row; the rest of an instance
 * is in its chunk (`chunk`, `at`), loaded when it is opened.
 */
export interface ViewerIndex {
  format: typeof VIEWER_FORMAT;
  run: { name: string; date: string; benchmark?: string };
  projects: string[];
  tasks: string[];
  tags: string[];
  ends: string[];
  verdicts: readonly string[];
  chunks: number;
  /** What stands for a step's tree in its recorded prompt: the page puts the tree back. */
  promptTree: typeof PROMPT_TREE;
  /** Task files that could not be loaded: they have no instances to list. */
  taskErrors: TaskLoadError[];
  /** [project, task, instance, verdict, score, ceiling, steps, end, cost, tags, chunk, at]: numbers index the tables, -1 or null for none. */
  rows: IndexRow[];
}

type IndexRow = [number, number, string, number, number | null, number | null, number | null, number, number | null, number[], number, number];

/** Builds the index row by row, naming each project, task, tag and end reason once. */
export class IndexBuilder {
  private readonly tables = { projects: new Names(), tasks: new Names(), tags: new Names(), ends: new Names() };
  private readonly rows: IndexRow[] = [];

  add(row: InstanceRow, chunk: number, at: number): void {
    const { projects, tasks, tags, ends } = this.tables;
    this.rows.push([
      projects.id(row.project), tasks.id(row.task), row.instance, VERDICTS.indexOf(verdictOf(row)), row.score, row.ceiling,
      row.episode?.steps ?? null, row.episode ? ends.id(row.episode.end) : -1, row.usage?.cost ?? null, (row.tags ?? []).map((t) => tags.id(t)), chunk, at,
    ]);
  }

  build(run: ViewerIndex['run'], chunks: number, taskErrors: TaskLoadError[]): ViewerIndex {
    const { projects, tasks, tags, ends } = this.tables;
    return { format: VIEWER_FORMAT, run, projects: projects.list, tasks: tasks.list, tags: tags.list, ends: ends.list, verdicts: VERDICTS, chunks, promptTree: PROMPT_TREE, taskErrors, rows: this.rows };
  }
}

class Names {
  readonly list: string[] = [];
  private readonly ids = new Map<string, number>();

  id(name: string): number {
    let id = this.ids.get(name);
    if (id === undefined) this.ids.set(name, (id = this.list.push(name) - 1));
    return id;
  }
}
