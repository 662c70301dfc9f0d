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

/** A column's type as list_info says it, with what turns its raw value into what the goal says. */
interface ColumnType {
  type: string;
  reference?: string;
  display_field?: string;
  choices?: Record<string, string>;
}

interface FilterSettings {
  table: string;
  columns: string[];
  values: string[];
  kind: 'AND' | 'OR';
  /** Each filtered column's type (list_info's columns). */
  types: Record<string, ColumnType>;
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
 * AND or OR between them, each row's field, its operator by its text and its value by the
 * column's type (text typed unless empty, a reference then chosen from its suggestions; a
 * select's option picked otherwise), then Run. Unlike cheat(), it does not first delete the
 * rows already there: steps cannot loop until none is left.
 */
export const writeFilter: InstanceWriter = (config, task) => {
  const { filter_columns: columns, filter_values: values, filter_kind: kind, list_info: info } = config as FilterConfig;
  if (!info) throw new Error('it has no list_info: the goal names each column by its label, which only list_info holds here');
  const operators = (config as FilterConfig).filter_operators ?? columns.map(() => 'is');
  const goal = `Create a filter for the list to extract all entries where:${columns.map((c, i) => `\n    - "${info.columns[c]!.label}" ${operators[i]} "${values[i]}"`).join(` ${kind === 'AND' ? 'and' : 'or'} `)}`;
  const row = (i: number) => inMain(`.filter_row >> nth=${i}`);
  const valueSteps = (i: number, type: string, value: string) => {
    if (!TEXT_TYPES.has(type)) return [act('select_option', `${row(i)} >> #value select`, value)];
    if (value === '') return [];
    return [act('fill', `${row(i)} >> #value input >> nth=0`, value), ...(type === 'reference' ? [act('click', suggestion(value))] : [])];
  };
  const steps = columns.flatMap((column, i) => [
    ...(i > 0 ? [act('click', inMain(`.filterToolbar .filerTableAction >> internal:text=${JSON.stringify(kind)}s`))] : []),
    act('select_option', `${row(i)} >> select.filerTableSelect >> nth=0`, column),
    act('select_option', `${row(i)} >> select.condOperator`, operators[i]!),
    ...valueSteps(i, info.columns[column]!.type ?? 'string', values[i]!),
  ]);
  const types = Object.fromEntries(columns.map((c): [string, ColumnType] => {
    const { type = 'string', reference, reference_attributes: attributes, choices } = info.columns[c]!;
    return [c, { type, ...(type === 'reference' && { reference, display_field: attributes?.display_field ?? 'name' }), ...(type === 'choice' && { choices: choices ?? {} }) }];
  }));
  return {
    goal,
    eval: [{ 'workarena-list-filter': { table: task.table, columns, values, kind, types } }],
    solution: [act('click', inMain('.list_filter_toggle')), ...steps, act('click', inMain('.filterToolbar >> internal:text="Run"s'))],
    start_url: startPath(task)!,
  };
};

/** The types whose value cheat() types in a text box (:752); the others are picked in a select. */
const TEXT_TYPES = new Set(['string', 'reference', 'translated_text']);

/**
 * A condition of the query as WorkArena reads it (:844-874), in its order: EMPTYSTRING or
 * ISEMPTY anywhere in it is "", != and STARTSWITH are refused, = splits once, anything else
 * is refused; columns and values are trimmed.
 */
function readPredicate(predicate: string): [string, string] | null {
  for (const empty of ['EMPTYSTRING', 'ISEMPTY']) if (predicate.includes(empty)) return [predicate.replaceAll(empty, '').trim(), ''];
  if (predicate.includes('!=') || predicate.includes('STARTSWITH')) return null;
  const at = predicate.indexOf('=');
  return at < 0 ? null : [predicate.slice(0, at).trim(), predicate.slice(at + 1).trim()];
}

/** The query (getQuery(): ServiceNow's own, with no trailing ^) read as :809-874 read it: ^NQ counts as ^OR; OR when ^OR occurs anywhere. */
function conditionsOf(query: string): { query: string; kind: 'AND' | 'OR'; pieces: string[]; conditions: [string, string][] | null } {
  const q = query.replaceAll('^NQ', '^OR');
  const kind = q.includes('^OR') ? 'OR' : 'AND';
  const pieces = q.split(kind === 'OR' ? '^OR' : '^');
  const conditions = pieces.map(readPredicate);
  return { query: q, kind, pieces, conditions: conditions.every((c) => c !== null) ? (conditions as [string, string][]) : null };
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
        if (type?.type !== 'reference' || value === '' || value in displayed) continue;
        const [found] = await api.get(type.reference!, { sysparm_query: `sys_id=${value}`, sysparm_fields: type.display_field!, sysparm_display_value: 'all' });
        const field = found?.[type.display_field!] as { display_value?: string } | string | undefined;
        displayed[value] = typeof field === 'object' ? String(field?.display_value ?? '') : String(field ?? '');
      }
    }
    return { url: page.url(), query, displayed };
  },
  score(evidence, expected) {
    const result = verdicts('workarena-list-filter', expected, evidence);
    if (!topPath(evidence.url).includes(`/now/nav/ui/classic/params/target/${expected.table}_list.do`)) return result(0, `The page is not the ${expected.table} list.`);
    if (!evidence.query) return result(0, 'There are no filters yet.');
    const read = conditionsOf(evidence.query);
    if (read.kind !== expected.kind) return result(0, `The kind of filter used is incorrect: ${read.query}.`);
    if (read.pieces.length !== expected.columns.length) return result(0, `Incorrect number of filter conditions: ${pyList(read.pieces)}.`);
    if (!read.conditions) return result(0, `Unexpected operator in filter condition: ${pyList(read.pieces)}.`);
    const columns = read.conditions.map(([c]) => c);
    if (!sameSet(columns, expected.columns)) return result(0, `Incorrect filter columns: ${pySet(columns)}. Expected: ${pySet(expected.columns)}.`);
    // WorkArena raises here (:891-893): a column may repeat only when it is the only one.
    const homogeneous = new Set(columns).size < columns.length;
    if (homogeneous && new Set(columns).size !== 1) return result(0, 'Filtering is only allowed across rows for the same column.');
    // Each value is turned into what the goal says where :899-932 writes it: a choice's, and a reference's of distinct columns, at its column's first position.
    const shown = read.conditions.map(([, value]) => value);
    read.conditions.forEach(([column, value], index) => {
      const type = expected.types[column];
      if (type?.type === 'reference' && value !== '') shown[homogeneous ? index : columns.indexOf(column)] = evidence.displayed[value] ?? value;
      else if (type?.type === 'choice') shown[columns.indexOf(column)] = type.choices?.[value] ?? '-- None --';
    });
    return sameSet(shown, expected.values) ? result(1) : result(0, `Incorrect filter values ${pySet(shown)}. Expected: ${pySet(expected.values)}.`);
  },
};

// Sets and lists as WorkArena's Python compares and prints them.
const sameSet = (a: string[], b: string[]) => new Set(a).size === new Set(b).size && b.every((v) => a.includes(v));
const quoted = (items: Iterable<string>) => [...items].map((i) => `'${i}'`).join(', ');
const pySet = (items: string[]) => `{${quoted(new Set(items))}}`;
const pyList = (items: string[]) => `[${quoted(items)}]`;
