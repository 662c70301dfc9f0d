import type { Evaluator } from '../../../evaluators/types.ts';
import { act, inMain, suggestion, type InstanceWriter } from '../actions.ts';
import { readGlideList } from '../glide-list.ts';
import { startPath } from '../l1-tasks.ts';
import { topPath } from '../top-url.ts';
import { siteApi, verdicts } from '../verdicts.ts';

interface Column {
  label: string;
  type?: string;
  reference?: string;
  reference_attributes?: { display_field?: string };
  choices?: Record<string, string>;
}

interface FilterConfig {
  filter_columns: string[];
  filter_values: string[];
  filter_operators?: string[];
  filter_kind: 'AND' | 'OR';
  list_info?: { columns: Record<string, Column> };
}

interface FilterSettings {
  table: string;
  columns: string[];
  values: string[];
  kind: 'AND' | 'OR';
  /** How each column's raw value becomes what the goal says (list_info's columns). */
  types: Record<string, { reference?: string; display_field?: string; choices?: Record<string, string> }>;
}

interface FilterEvidence {
  url: string;
  /** The list's GlideList2 getQuery(); null: no list on the page. */
  query: string | null;
  /** Each reference value of the query (a sys_id) with its display value, read through the Table API. */
  displayed: Record<string, string>;
}

/**
 * A filter task (tasks/list.py FilterListTask): the goal of :585-605 (each column by its label
 * in list_info); the oracle as cheat() filters (:691-779): the condition builder's rows, the
 * AND or OR between them, each row's field, "is" and its value (a reference chosen from its
 * suggestions, a choice picked), then Run.
 */
export const writeFilter: InstanceWriter = (config, task) => {
  const { filter_columns: columns, filter_values: values, filter_kind: kind, list_info: info } = config as FilterConfig;
  if (!info) throw new Error('it has no list_info: the goal names each column by its label, which only list_info holds here');
  const operators = (config as FilterConfig).filter_operators ?? columns.map(() => 'is');
  const goal = `Create a filter for the list to extract all entries where:${columns.map((c, i) => `\n    - "${info.columns[c]!.label}" ${operators[i]} "${values[i]}"`).join(` ${kind === 'AND' ? 'and' : 'or'} `)}`;
  const row = (i: number) => inMain(`.filter_row >> nth=${i}`);
  const steps = columns.flatMap((column, i) => {
    const meta = info.columns[column]!;
    const valueStep = meta.choices || meta.type === 'boolean'
      ? [act('select_option', `${row(i)} >> #value select`, values[i]!)]
      : [act('fill', `${row(i)} >> #value input >> nth=0`, values[i]!), ...(meta.reference ? [act('click', suggestion(values[i]!))] : [])];
    return [
      ...(i > 0 ? [act('click', inMain(`.filterToolbar .filerTableAction >> internal:text=${JSON.stringify(kind)}s`))] : []),
      act('select_option', `${row(i)} >> select.filerTableSelect >> nth=0`, column),
      act('select_option', `${row(i)} >> select.condOperator`, '='),
      ...valueStep,
    ];
  });
  const types = Object.fromEntries(columns.map((c) => {
    const meta = info.columns[c]!;
    return [c, { ...(meta.reference && { reference: meta.reference, display_field: meta.reference_attributes?.display_field ?? 'name' }), ...(meta.choices && { choices: meta.choices }) }];
  }));
  return {
    goal,
    eval: [{ 'workarena-list-filter': { table: task.table, columns, values, kind, types } }],
    solution: [act('click', inMain('.list_filter_toggle')), ...steps, act('click', inMain('.filterToolbar >> internal:text="Run"s'))],
    start_url: startPath(task)!,
  };
};

/**
 * A condition of the query as WorkArena reads it (:844-874), in its order: EMPTYSTRING or
 * ISEMPTY anywhere in it is "", != and STARTSWITH are refused, = splits once, anything else
 * is refused; columns and values are trimmed.
 */
function readCondition(predicate: string): [string, string] | null {
  for (const empty of ['EMPTYSTRING', 'ISEMPTY']) if (predicate.includes(empty)) return [predicate.replaceAll(empty, '').trim(), ''];
  if (predicate.includes('!=') || predicate.includes('STARTSWITH')) return null;
  const at = predicate.indexOf('=');
  return at < 0 ? null : [predicate.slice(0, at).trim(), predicate.slice(at + 1).trim()];
}

/**
 * The query's kind and conditions (:805-874): ^NQ counts as ^OR; OR when ^OR occurs anywhere.
 * ServiceNow's getQuery() drops a trailing ^, so a trailing empty piece is not a condition.
 */
function conditionsOf(query: string): { kind: 'AND' | 'OR'; pieces: string[]; conditions: [string, string][] | null } {
  const q = query.replaceAll('^NQ', '^OR');
  const kind = q.includes('^OR') ? 'OR' : 'AND';
  const pieces = q.split(kind === 'OR' ? '^OR' : '^').filter((p, i, all) => p !== '' || i < all.length - 1);
  const conditions = pieces.map(readCondition);
  return { kind, pieces, conditions: conditions.every((c) => c !== null) ? (conditions as [string, string][]) : null };
}

/**
 * FilterListTask.validate (tasks/list.py:781-952): the list's query (GlideList2 getQuery) has
 * the asked kind, as many conditions, only "is" (or empty), the asked columns, and, once each
 * reference is its display value and each choice its label, the asked values, in any order.
 */
export const listFilter: Evaluator<FilterSettings, FilterSettings, FilterEvidence> = {
  name: 'workarena-list-filter',
  settingsSchema: {
    type: 'object', required: ['table', 'columns', 'values', 'kind', 'types'], additionalProperties: false,
    properties: { table: { type: 'string' }, columns: { type: 'array', items: { type: 'string' } }, values: { type: 'array', items: { type: 'string' } }, kind: { enum: ['AND', 'OR'] }, types: { type: 'object' } },
  },
  expected: (settings) => settings,
  async capture(page, expected, episode) {
    const query = (await readGlideList(page))?.query ?? null;
    const displayed: Record<string, string> = {};
    const conditions = query ? conditionsOf(query).conditions : null;
    if (conditions) {
      const api = siteApi(episode, 'workarena-list-filter');
      for (const [column, value] of conditions) {
        const type = expected.types[column];
        if (!type?.reference || value === '' || value in displayed) continue;
        const [found] = await api.get(type.reference, { sysparm_query: `sys_id=${value}`, sysparm_fields: type.display_field!, sysparm_display_value: 'all' });
        const field = found?.[type.display_field!] as { display_value?: string } | string | undefined;
        displayed[value] = typeof field === 'object' ? String(field?.display_value ?? '') : String(field ?? '');
      }
    }
    return { url: page.url(), query, displayed };
  },
  score(evidence, expected) {
    const result = verdicts('workarena-list-filter', expected, evidence);
    if (!topPath(evidence.url).includes(`/now/nav/ui/classic/params/target/${expected.table}_list.d`)) return result(0, `the page is not the ${expected.table} list`);
    if (!evidence.query) return result(0, 'There are no filters yet.');
    const read = conditionsOf(evidence.query);
    // The reasons say sets and lists as WorkArena's Python prints them.
    const quoted = (items: Iterable<string>) => [...items].map((i) => `'${i}'`).join(', ');
    const list = (items: Iterable<string>) => `{${quoted(items)}}`;
    if (read.kind !== expected.kind) return result(0, `The kind of filter used is incorrect: ${evidence.query}.`);
    if (read.pieces.length !== expected.columns.length) return result(0, `Incorrect number of filter conditions: [${quoted(read.pieces)}].`);
    if (!read.conditions) return result(0, `Unexpected operator in filter condition: [${quoted(read.pieces)}].`);
    const columns = new Set(read.conditions.map(([c]) => c));
    if (!sameSet(columns, expected.columns)) return result(0, `Incorrect filter columns: ${list(columns)}. Expected: ${list(new Set(expected.columns))}.`);
    if (columns.size > 1 && columns.size < read.conditions.length) return result(0, 'Filtering is only allowed across rows for the same column.');
    const shown = read.conditions.map(([column, value]) => {
      const type = expected.types[column] ?? {};
      if (type.reference) return value === '' ? '' : (evidence.displayed[value] ?? value);
      if (type.choices) return type.choices[value] ?? '-- None --';
      return value;
    });
    return sameSet(new Set(shown), expected.values) ? result(1) : result(0, `Incorrect filter values ${list(new Set(shown))}. Expected: ${list(new Set(expected.values))}.`);
  },
};

/** Python's set(a) == set(b). */
const sameSet = (a: Set<string>, b: string[]) => a.size === new Set(b).size && b.every((v) => a.has(v));
