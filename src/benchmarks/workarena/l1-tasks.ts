/**
 * WorkArena's L1 suite: the 33 atomic task classes (__init__.py:50-56, TASK_CATEGORY_MAP at
 * :69-103), each with its family, its configuration file (config.py:21-134) and where its
 * episode starts. Ids are WorkArena's (tasks/base.py:97-105) without "workarena.servicenow.".
 */
export type Family = 'list-sort' | 'list-filter' | 'form' | 'knowledge' | 'catalog' | 'menu' | 'impersonation' | 'dashboard';

export interface L1Task {
  id: string;
  /** The Python class, and the file of tasks/ that defines it. */
  className: string;
  module: string;
  family: Family;
  /** Its file under data_files/task_configs/. */
  config: string;
  /** The table it lists or creates a record in (lists, forms). */
  table?: string;
  /** What the goal calls the records (form: "Create a new <label>"). */
  tableLabel?: string;
  /** A catalog item's name, as its class fixes it. */
  item?: string;
}

const SHELL = '/now/nav/ui/classic/params/target/';

/** The six lists of WorkArena's list tasks (tasks/list.py:49-81). */
const LISTS: [table: string, name: string][] = [['alm_asset', 'Asset'], ['change_request', 'ChangeRequest'], ['alm_hardware', 'Hardware'], ['incident', 'Incident'], ['sc_cat_item', 'ServiceCatalogItem'], ['sys_user', 'User']];
/** get_task_id's way: every capital becomes "-" and its small letter (OrderDevelopmentLaptopPC: order-development-laptop-p-c). */
const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`).replace(/^-/, '');
const ITEMS: [className: string, item: string][] = [
  ['OrderDeveloperLaptop', 'Developer Laptop (Mac)'], ['OrderIpadMini', 'iPad mini'], ['OrderIpadPro', 'iPad pro'], ['OrderSalesLaptop', 'Sales Laptop'],
  ['OrderStandardLaptop', 'Standard Laptop'], ['OrderAppleWatch', 'Apple Watch'], ['OrderAppleMacBookPro15', 'Apple MacBook Pro 15'],
  ['OrderDevelopmentLaptopPC', 'Development Laptop (PC)'], ['OrderLoanerLaptop', 'Loaner Laptop'],
];
const FORMS: [className: string, table: string, label: string][] = [
  ['CreateChangeRequest', 'change_request', 'change request'], ['CreateIncident', 'incident', 'incident'], ['CreateHardwareAsset', 'alm_hardware', 'hardware asset'],
  ['CreateProblem', 'problem', 'problem'], ['CreateUser', 'sys_user', 'user'],
];
const DASHBOARDS: [className: string, config: string][] = [
  ['MultiChartValueRetrieval', 'dashboard_retrieval_value_task.json'], ['MultiChartMinMaxRetrieval', 'dashboard_retrieval_minmax_task.json'],
  ['SingleChartValueRetrieval', 'report_retrieval_value_task.json'], ['SingleChartMinMaxRetrieval', 'report_retrieval_minmax_task.json'],
];
/** Its id as WorkArena's get_task_id writes it; its configuration file as config.py names it (snake case, PC as pc). */
const task = (className: string, rest: Omit<L1Task, 'id' | 'className' | 'config'> & { config?: string }): L1Task =>
  ({ id: kebab(className), className: `${className}Task`, config: `${kebab(className.replace('PC', 'Pc')).replaceAll('-', '_')}_task.json`, ...rest });

/** In ATOMIC_TASKS' order: dashboard, form, knowledge, list, navigation, service catalog. */
export const L1_TASKS: L1Task[] = [
  ...DASHBOARDS.map(([name, config]) => task(name, { module: 'dashboard.py', family: 'dashboard', config })),
  ...FORMS.map(([name, table, tableLabel]) => task(name, { module: 'form.py', family: 'form', table, tableLabel })),
  task('KnowledgeBaseSearch', { module: 'knowledge.py', family: 'knowledge', config: 'knowledge_base_configs.json' }),
  ...LISTS.map(([table, name]) => task(`Filter${name}List`, { module: 'list.py', family: 'list-filter', table })),
  ...LISTS.map(([table, name]) => task(`Sort${name}List`, { module: 'list.py', family: 'list-sort', table })),
  task('AllMenu', { module: 'navigation.py', family: 'menu', config: 'all_menu.json' }),
  task('Impersonation', { module: 'navigation.py', family: 'impersonation', config: 'impersonation_users.json' }),
  ...ITEMS.map(([name, item]) => task(name, { module: 'service_catalog.py', family: 'catalog', item })),
];

/** Where each family's episode starts (the classic pages inside the shell, or its home). */
export function startPath(task: L1Task): string | undefined {
  switch (task.family) {
    case 'list-sort': case 'list-filter': return `${SHELL}${task.table}_list.do`;
    case 'form': return `${SHELL}${task.table}.do`;
    case 'knowledge': return `${SHELL}kb?id=kb_home`;
    case 'catalog': return `${SHELL}catalog_home.do%3Fsysparm_view%3Dcatalog_default`;
    case 'menu': case 'impersonation': return '/now/nav/ui/home';
    case 'dashboard': return undefined;
  }
}
