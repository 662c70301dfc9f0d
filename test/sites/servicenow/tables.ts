import { randomUUID } from 'node:crypto';
import { meets, parseEncodedQuery, sortRecords } from '../../../src/benchmarks/workarena/encoded-query.ts';

// The stand-in's database: a few of ServiceNow's tables, records as their raw values (strings,
// sys_id included), with each table's label and columns as its list shows them.

export type ServiceNowRecord = Record<string, string> & { sys_id: string };

export interface Table {
  label: string;
  /** Column name to label, in the list's order. */
  columns: Record<string, string>;
  records: ServiceNowRecord[];
}

const record = (values: Record<string, string>): ServiceNowRecord => ({ sys_id: randomUUID().replaceAll('-', ''), ...values });

function seed(): Record<string, Table> {
  return {
    incident: {
      label: 'Incidents',
      columns: { number: 'Number', short_description: 'Short description', priority: 'Priority', state: 'State', assigned_to: 'Assigned to', active: 'Active' },
      records: [
        record({ number: 'INC0010001', short_description: 'Email is down', priority: '1', state: '2', assigned_to: 'Beth Anglin', active: 'true' }),
        record({ number: 'INC0010002', short_description: 'Printer jams', priority: '3', state: '1', assigned_to: '', active: 'true' }),
        record({ number: 'INC0010003', short_description: 'VPN drops', priority: '2', state: '6', assigned_to: 'David Loo', active: 'false' }),
      ],
    },
    sys_user: {
      label: 'Users',
      columns: { user_name: 'User ID', first_name: 'First name', last_name: 'Last name', email: 'Email', active: 'Active' },
      records: [
        record({ user_name: 'admin', first_name: 'System', last_name: 'Administrator', email: 'admin@example.com', active: 'true', user_password: 'admin-password' }),
        record({ user_name: 'beth.anglin', first_name: 'Beth', last_name: 'Anglin', email: 'beth.anglin@example.com', active: 'true', user_password: 'beth-password' }),
      ],
    },
    // What WorkArena's setup writes to: a user's roles, its preferences, and the UI themes it draws from.
    sys_user_role: { label: 'Roles', columns: { name: 'Name' }, records: [record({ name: 'admin' }), record({ name: 'itil' })] },
    sys_user_has_role: { label: 'User Roles', columns: { user: 'User', role: 'Role' }, records: [] },
    sys_user_preference: { label: 'User Preferences', columns: { name: 'Name', value: 'Value', user: 'User' }, records: [] },
    m2m_theme_style: {
      label: 'Theme Styles', columns: {},
      records: ['Astranova', 'Skyward'].map((variant) => record({ 'theme.name': 'WorkArena', 'theme.sys_id': 'workarena-theme', 'style.name': variant, 'style.sys_id': `style-${variant.toLowerCase()}`, 'style.type': 'variant' })),
    },
  };
}

/** A table's records by who they reference: deleting a user deletes its roles and preferences, as ServiceNow does. */
const CASCADE: Record<string, [table: string, field: string][]> = { sys_user: [['sys_user_has_role', 'user'], ['sys_user_preference', 'user']] };

/** The tables, put back as seeded by reset(). */
export class Tables {
  private tables = seed();

  reset(): void {
    this.tables = seed();
  }

  table(name: string): Table | undefined {
    return Object.hasOwn(this.tables, name) ? this.tables[name] : undefined;
  }

  /** The records that meet an encoded query, in its order. */
  query(name: string, query: string): ServiceNowRecord[] {
    const parsed = parseEncodedQuery(query);
    return sortRecords(this.table(name)?.records.filter((r) => meets(r, parsed)) ?? [], parsed);
  }

  /** A table of the test's own (a list's columns as a task names them), empty, or one there already given more columns. */
  define(name: string, label: string, columns: Record<string, string>): void {
    const table = this.table(name);
    if (table) Object.assign(table.columns, columns);
    else this.tables[name] = { label, columns, records: [] };
  }

  /** A record as the Table API or a form writes it: values as text, and who created it. */
  insert(name: string, values: Record<string, unknown>, by: string): ServiceNowRecord {
    const created = record({ ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])), sys_created_by: by });
    this.table(name)!.records.push(created);
    return created;
  }

  remove(name: string, sysId: string): boolean {
    const table = this.table(name);
    const at = table?.records.findIndex((r) => r.sys_id === sysId) ?? -1;
    if (at < 0) return false;
    table!.records.splice(at, 1);
    for (const [other, field] of CASCADE[name] ?? []) for (const r of this.query(other, `${field}=${sysId}`)) this.remove(other, r.sys_id);
    return true;
  }
}
