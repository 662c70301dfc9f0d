import type { Evaluator } from '../../../evaluators/types.ts';
import { escapeRegExp } from '../../../escape-regexp.ts';
import { act, inMain, type InstanceWriter } from '../actions.ts';
import { readGlideList, type GlideListState } from '../glide-list.ts';
import { topPath, topQuery } from '../top-url.ts';
import { verdicts } from '../verdicts.ts';
import { startPath } from '../l1-tasks.ts';

interface SortConfig {
  goal: string;
  sort_fields: string[];
  sort_dirs: ('asc' | 'desc')[];
}

interface SortSettings {
  /** The list's table: the page must be its list. */
  table: string;
  fields: string[];
  directions: ('asc' | 'desc')[];
}

interface SortEvidence {
  url: string;
  /** What the list's GlideList2 says: its sort field and direction (null: no list on the page). */
  list: Pick<GlideListState, 'orderBy' | 'sortDir'> | null;
}

/**
 * A sort task's instance (tasks/list.py SortListTask): the goal as the configuration writes it;
 * the oracle as cheat() sorts (:388-448): the condition builder, one "Add Sort" row per field
 * with its column's label (read from the goal, which names them) and direction, then Run filter.
 */
export const writeSort: InstanceWriter = (config, task) => {
  const { goal, sort_fields: fields, sort_dirs: directions } = config as SortConfig;
  const labels = [...goal.matchAll(/^ - (.*) \((?:ascending|descending)\)$/gm)].map((m) => m[1]!);
  if (labels.length !== fields.length) throw new Error(`its goal names ${labels.length} sort fields and sort_fields has ${fields.length}`);
  const row = (n: number) => inMain(`.filter_row >> nth=-1 >> select.filerTableSelect >> nth=${n}`);
  return {
    goal,
    eval: [{ 'workarena-list-sort': { table: task.table, fields, directions } }],
    solution: [
      act('click', inMain('.list_filter_toggle')),
      ...fields.flatMap((_, i) => [
        act('click', inMain('.list_filter >> internal:role=button[name="Add Sort"i]')),
        act('select_option', row(0), labels[i]!),
        act('select_option', row(1), directions[i] === 'desc' ? 'descending' : 'ascending'),
      ]),
      act('click', inMain('.list_filter >> internal:label="Run filter"i')),
    ],
    start_url: startPath(task)!,
  };
};

/**
 * WorkArena's SortListTask.validate (tasks/list.py:450-516): on the list (the unquoted top
 * URL's path holds the list's, less its last character, as WorkArena slices it); one field: the
 * list's GlideList2 getOrderBy() and sortDir; several: the top URL's sysparm_query holds exactly
 * these ORDERBYs, adjacent and in order, and no other.
 */
export const listSort: Evaluator<SortSettings, SortSettings, SortEvidence> = {
  name: 'workarena-list-sort',
  settingsSchema: {
    type: 'object', required: ['table', 'fields', 'directions'], additionalProperties: false,
    properties: { table: { type: 'string' }, fields: { type: 'array', minItems: 1, items: { type: 'string' } }, directions: { type: 'array', minItems: 1, items: { enum: ['asc', 'desc'] } } },
  },
  expected: (settings) => settings,
  async capture(page) {
    const list = await readGlideList(page);
    return { url: page.url(), list: list && { orderBy: list.orderBy, sortDir: list.sortDir } };
  },
  score(evidence, expected) {
    const result = verdicts('workarena-list-sort', expected, evidence);
    const listPath = `/now/nav/ui/classic/params/target/${expected.table}_list.do`.slice(0, -1);
    if (!topPath(evidence.url).includes(listPath)) return result(0, `the page is not the ${expected.table} list`);
    if (expected.fields.length === 1) {
      if (!evidence.list) return result(0, 'no list on the page');
      const [field, direction] = [expected.fields[0]!, expected.directions[0]!];
      const right = evidence.list.orderBy === field && evidence.list.sortDir.toLowerCase() === direction;
      return right ? result(1) : result(0, `the list is sorted by "${evidence.list.orderBy}" ${evidence.list.sortDir}, not "${field}" ${direction}`);
    }
    const query = topQuery(evidence.url, 'sysparm_query');
    if (query === null) return result(0, 'No sysparm_query found in URL.');
    const sorts = expected.fields.map((f, i) => `ORDERBY${expected.directions[i] === 'desc' ? 'DESC' : ''}${f}`).join('^');
    const pattern = new RegExp(`^((?!ORDERBY).)*${escapeRegExp(sorts)}((?!ORDERBY).)*$`, 's');
    return pattern.test(query) ? result(1) : result(0, `the query "${query}" does not sort by ${sorts}`);
  },
};

