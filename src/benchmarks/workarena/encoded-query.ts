/**
 * ServiceNow's encoded queries (a list URL's and the Table API's `sysparm_query`): conditions
 * joined by `^` (and) and `^OR` (or, with the one before), groups by `^NQ` (or), and the sort,
 * `ORDERBY<field>` / `ORDERBYDESC<field>`; `^EQ` ends a query. WorkArena's lists, its filters'
 * checks and the Table API it queries all speak it.
 */
export type Operator = '=' | '!=' | 'LIKE' | 'NOT LIKE' | 'STARTSWITH' | 'ENDSWITH' | 'IN' | 'ISEMPTY' | 'ISNOTEMPTY' | 'EMPTYSTRING';

export interface Condition {
  field: string;
  operator: Operator;
  /** '' for the operators that take none (ISEMPTY...). */
  value: string;
}

export interface EncodedQuery {
  /** Groups (`^NQ`), any of which holds; a group's clauses all hold; a clause holds when one of its conditions (`^OR`) does. */
  groups: Condition[][][];
  orderBy: { field: string; descending: boolean }[];
}

// Longest first: `NOT LIKE` before `LIKE`, `!=` before `=`. Field names are lower case, operators not.
const CONDITION = /^([a-z0-9_.]+)(ISNOTEMPTY|ISEMPTY|EMPTYSTRING|STARTSWITH|ENDSWITH|NOT LIKE|LIKE|IN|!=|=)(.*)$/s;

/** Reads an encoded query; a condition it cannot read is an error naming it. */
export function parseEncodedQuery(query: string): EncodedQuery {
  const parsed: EncodedQuery = { groups: [], orderBy: [] };
  for (const group of query.split('^NQ')) {
    const clauses: Condition[][] = [];
    for (const part of group.split('^')) {
      if (part === '' || part === 'EQ') continue;
      const order = /^ORDERBY(DESC)?(.+)$/.exec(part);
      if (order) {
        parsed.orderBy.push({ field: order[2]!, descending: order[1] !== undefined });
        continue;
      }
      const alternative = part.startsWith('OR') && clauses.length > 0;
      const condition = readCondition(alternative ? part.slice(2) : part);
      if (alternative) clauses.at(-1)!.push(condition);
      else clauses.push([condition]);
    }
    if (clauses.length) parsed.groups.push(clauses);
  }
  return parsed;
}

function readCondition(text: string): Condition {
  const match = CONDITION.exec(text);
  if (!match) throw new Error(`"${text}" is not a condition of an encoded query (<field><operator><value>, e.g. priority=1)`);
  return { field: match[1]!, operator: match[2]! as Operator, value: match[3]! };
}

/** The query again, written as ServiceNow writes it. */
export function writeEncodedQuery({ groups, orderBy }: EncodedQuery): string {
  const conditions = groups.map((clauses) => clauses.map((alternatives) => alternatives.map((c) => `${c.field}${c.operator}${c.value}`).join('^OR')).join('^'));
  return [...(conditions.filter(Boolean).length ? [conditions.join('^NQ')] : []), ...orderBy.map((o) => `ORDERBY${o.descending ? 'DESC' : ''}${o.field}`)].join('^');
}

/** Whether a record's values meet the query's conditions (case aside, as ServiceNow's database compares). */
export function meets(record: Record<string, string>, { groups }: EncodedQuery): boolean {
  return !groups.length || groups.some((clauses) => clauses.every((alternatives) => alternatives.some((c) => holds(record[c.field] ?? '', c))));
}

function holds(raw: string, { operator, value: rawValue }: Condition): boolean {
  const [actual, value] = [raw.toLowerCase(), rawValue.toLowerCase()];
  switch (operator) {
    case '=': return actual === value;
    case '!=': return actual !== value;
    case 'LIKE': return actual.includes(value);
    case 'NOT LIKE': return !actual.includes(value);
    case 'STARTSWITH': return actual.startsWith(value);
    case 'ENDSWITH': return actual.endsWith(value);
    case 'IN': return value.split(',').includes(actual);
    case 'ISEMPTY': return actual.trim() === '';
    case 'ISNOTEMPTY': return actual.trim() !== '';
    case 'EMPTYSTRING': return raw === '';
  }
}

/** Records in the query's order: each sort field in turn, as text compared without case. */
export function sortRecords<T extends Record<string, string>>(records: T[], { orderBy }: EncodedQuery): T[] {
  return [...records].sort((a, b) => {
    for (const { field, descending } of orderBy) {
      const order = (a[field] ?? '').localeCompare(b[field] ?? '', 'en', { sensitivity: 'base', numeric: true });
      if (order) return descending ? -order : order;
    }
    return 0;
  });
}
