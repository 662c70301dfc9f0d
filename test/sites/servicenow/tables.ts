import { randomUUID } from 'node:crypto';
import { meets, parseEncodedQuery, sortRecords } from '../../../src/benchmarks/workarena/encoded-query.ts';

// The stand-in's database: a few of ServiceNow's tables, records as their raw values (strings,
// sys_id included), with each table's label, the columns its list shows, and its dictionary:
// which fields are choices (value to label) and which reference another table (by sys_id, shown
// by the other record's display field). The Table API's display values and dot-walked fields
// (sc_item_option.value) read through it, as ServiceNow's do.

export type ServiceNowRecord = Record<string, string> & { sys_id: string };

export type Field =
  | { type: 'string' | 'boolean' }
  | { type: 'choice'; choices: Record<string, string> }
  | { type: 'reference'; reference: string; display: string };

export interface Table {
  label: string;
  /** Column name to label, in the list's order. */
  columns: Record<string, string>;
  records: ServiceNowRecord[];
  /** Fields that are not plain text (choices, references, booleans); the rest are strings. */
  fields: Record<string, Field>;
  /** The new-record form's fields (name to label), in its order; none: the table has no form. */
  form?: Record<string, string>;
}

export const newSysId = () => randomUUID().replaceAll('-', '');
const record = (values: Record<string, string>): ServiceNowRecord => ({ sys_id: newSysId(), ...values });
const table = (label: string, columns: Record<string, string>, records: ServiceNowRecord[] = [], fields: Record<string, Field> = {}): Table => ({ label, columns, records, fields });
const choice = (choices: Record<string, string>): Field => ({ type: 'choice', choices });
const reference = (to: string, display = 'name'): Field => ({ type: 'reference', reference: to, display });

function seed(): Record<string, Table> {
  const admin = record({ user_name: 'admin', first_name: 'System', last_name: 'Administrator', name: 'System Administrator', email: 'admin@example.com', active: 'true', user_password: 'admin-password' });
  const beth = record({ user_name: 'beth.anglin', first_name: 'Beth', last_name: 'Anglin', name: 'Beth Anglin', email: 'beth.anglin@example.com', active: 'true', user_password: 'beth-password' });
  const david = record({ user_name: 'david.loo', first_name: 'David', last_name: 'Loo', name: 'David Loo', email: 'david.loo@example.com', active: 'true' });
  return {
    incident: table('Incidents', { number: 'Number', short_description: 'Short description', priority: 'Priority', state: 'State', assigned_to: 'Assigned to', active: 'Active' }, [
      record({ number: 'INC0010001', short_description: 'Email is down', priority: '1', state: '2', assigned_to: beth.sys_id, active: 'true' }),
      record({ number: 'INC0010002', short_description: 'Printer jams', priority: '3', state: '1', assigned_to: '', active: 'true' }),
      record({ number: 'INC0010003', short_description: 'VPN drops', priority: '2', state: '6', assigned_to: david.sys_id, active: 'false' }),
    ], {
      priority: choice({ 1: '1 - Critical', 2: '2 - High', 3: '3 - Moderate', 4: '4 - Low', 5: '5 - Planning' }),
      state: choice({ 1: 'New', 2: 'In Progress', 3: 'On Hold', 6: 'Resolved', 7: 'Closed', 8: 'Canceled' }),
      assigned_to: reference('sys_user'), active: { type: 'boolean' },
    }),
    sys_user: { ...table('Users', { user_name: 'User ID', first_name: 'First name', last_name: 'Last name', email: 'Email', active: 'Active' }, [admin, beth, david], USER_FIELDS), form: USER_FORM },
    cmn_department: table('Departments', { name: 'Name' }, ['Customer Support', 'Development', 'Finance', 'HR', 'IT', 'Product Management', 'Sales'].map((name) => record({ name }))),
    // What WorkArena's setup writes to: a user's roles, its preferences, and the UI themes it draws from.
    sys_user_role: table('Roles', { name: 'Name' }, [record({ name: 'admin' }), record({ name: 'itil' })]),
    sys_user_has_role: table('User Roles', { user: 'User', role: 'Role' }, [], { user: reference('sys_user'), role: reference('sys_user_role') }),
    sys_user_preference: table('User Preferences', { name: 'Name', value: 'Value', user: 'User' }),
    m2m_theme_style: table('Theme Styles', {}, ['Astranova', 'Skyward'].map((variant) =>
      record({ 'theme.name': 'WorkArena', 'theme.sys_id': 'workarena-theme', 'style.name': variant, 'style.sys_id': `style-${variant.toLowerCase()}`, 'style.type': 'variant' }))),
    // What WorkArena's installer sets: its reports' date filter (config.py:235).
    sys_properties: table('System Properties', { name: 'Name', value: 'Value' }, [
      record({ name: 'workarena.report.filter.config', value: JSON.stringify({ report_date_filter: '2024-03-01', report_time_filter: '00:00:00' }) }),
    ]),
    kb_knowledge: table('Knowledge', { number: 'Number', short_description: 'Short description' }),
    // The catalog: items, their questions, and what an order makes (a request, its item, the item's answers).
    sc_cat_item: table('Catalog Items', { name: 'Name', short_description: 'Short description', category: 'Category' }),
    item_option_new: table('Variables', { question_text: 'Question', type: 'Type', cat_item: 'Catalog item' }, [], { cat_item: reference('sc_cat_item') }),
    sc_request: table('Requests', { number: 'Number' }),
    sc_req_item: table('Requested Items', { number: 'Number', short_description: 'Short description', quantity: 'Quantity' }, [], { request: reference('sc_request', 'number'), cat_item: reference('sc_cat_item') }),
    sc_item_option: table('Options', { value: 'Value' }, [], { item_option_new: reference('item_option_new', 'question_text') }),
    sc_item_option_mtom: table('Variable Ownership', {}, [], { request_item: reference('sc_req_item', 'number'), sc_item_option: reference('sc_item_option', 'value') }),
  };
}

/** The new-user form's fields as ServiceNow's dictionary has them (choices by value, shown by label). */
const USER_FIELDS: Record<string, Field> = {
  department: reference('cmn_department'),
  active: { type: 'boolean' }, locked_out: { type: 'boolean' }, password_needs_reset: { type: 'boolean' },
  internal_integration_user: { type: 'boolean' }, web_service_access_only: { type: 'boolean' },
  preferred_language: choice({ en: 'English', fr: 'French', de: 'German' }),
  calendar_integration: choice({ 0: '-- None --', 1: 'Outlook' }),
  date_format: choice(Object.fromEntries(['dd-MM-yyyy', 'dd/MM/yyyy', 'dd.MM.yyyy', 'MM-dd-yyyy', 'yyyy-MM-dd'].map((f) => [f, f]))),
  time_zone: choice(Object.fromEntries(['Canada/Atlantic', 'Canada/Central', 'Canada/Eastern', 'Canada/Mountain', 'Canada/Pacific', 'Europe/Amsterdam', 'Europe/Berlin',
    'Europe/Brussels', 'Europe/Copenhagen', 'Europe/Dublin', 'Europe/London', 'Europe/Madrid', 'Europe/Paris', 'Europe/Rome', 'Europe/Stockholm', 'Europe/Zurich', 'GMT', 'Hongkong',
    'US/Alaska', 'US/Arizona', 'US/Central', 'US/Eastern', 'US/Hawaii', 'US/Mountain', 'US/Pacific'].map((z) => [z, z]))),
};

/** The new-user form's fields, as ServiceNow's default form lays them out. */
const USER_FORM: Record<string, string> = {
  user_name: 'User ID', first_name: 'First name', last_name: 'Last name', title: 'Title', department: 'Department', password_needs_reset: 'Password needs reset',
  locked_out: 'Locked out', active: 'Active', web_service_access_only: 'Web service access only', internal_integration_user: 'Internal Integration User',
  email: 'Email', preferred_language: 'Language', calendar_integration: 'Calendar integration', time_zone: 'Time zone', date_format: 'Date format',
  phone: 'Business phone', mobile_phone: 'Mobile phone',
};

/**
 * A table's records by who they reference: deleting a user deletes its roles and preferences, as
 * ServiceNow's cascade rules on those references do. WorkArena's teardown relies on them too: it
 * deletes only the user.
 */
const CASCADE: Record<string, [table: string, field: string][]> = { sys_user: [['sys_user_has_role', 'user'], ['sys_user_preference', 'user']] };

/** The tables, as seeded and as the site and its tests change them. */
export class Tables {
  private readonly tables = seed();

  table(name: string): Table | undefined {
    return Object.hasOwn(this.tables, name) ? this.tables[name] : undefined;
  }

  /** The records that meet an encoded query, in its order. */
  query(name: string, query: string): ServiceNowRecord[] {
    const parsed = parseEncodedQuery(query);
    return sortRecords(this.table(name)?.records.filter((r) => meets(r, parsed)) ?? [], parsed);
  }

  /** A table of the test's own (a list's columns and fields as a task names them), or one there already given more. */
  define(name: string, label: string, columns: Record<string, string>, fields: Record<string, Field> = {}): void {
    const known = this.table(name);
    if (known) Object.assign(known.columns, columns), Object.assign(known.fields, fields);
    else this.tables[name] = table(label, columns, [], fields);
  }

  /** A record as the Table API or a form writes it: values as text, and who created it. */
  insert(name: string, values: Record<string, unknown>, by: string): ServiceNowRecord {
    const created: ServiceNowRecord = { ...record(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]))), sys_created_by: by };
    // ServiceNow's business rule: a user's name is its first and last names.
    if (name === 'sys_user' && !created.name) created.name = [created.first_name, created.last_name].filter(Boolean).join(' ');
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

  /** A field's raw value, following references for a dot-walked one (sc_item_option.value). */
  value(name: string, record: ServiceNowRecord, path: string): string {
    const [field, ...rest] = path.split('.');
    const raw = record[field!] ?? '';
    if (!rest.length) return raw;
    const type = this.table(name)?.fields[field!];
    const target = type?.type === 'reference' ? this.table(type.reference)?.records.find((r) => r.sys_id === raw) : undefined;
    return target ? this.value((type as { reference: string }).reference, target, rest.join('.')) : (record[path] ?? '');
  }

  /** A field's display value: a choice's label, a referenced record's display field, text as it is. */
  display(name: string, record: ServiceNowRecord, path: string): string {
    const raw = this.value(name, record, path);
    const at = path.lastIndexOf('.');
    const owner = at < 0 ? name : this.tableOf(name, path.slice(0, at));
    const type = owner ? this.table(owner)?.fields[path.slice(at + 1)] : undefined;
    if (type?.type === 'choice') return type.choices[raw] ?? raw;
    if (type?.type === 'reference') {
      const target = this.table(type.reference)?.records.find((r) => r.sys_id === raw);
      return target ? (target[type.display] ?? '') : raw;
    }
    return raw;
  }

  /** The table a dot-walk's references lead to. */
  private tableOf(name: string, path: string): string | undefined {
    let at: string | undefined = name;
    for (const field of path.split('.')) {
      const type: Field | undefined = at ? this.table(at)?.fields[field] : undefined;
      at = type?.type === 'reference' ? type.reference : undefined;
    }
    return at;
  }
}
