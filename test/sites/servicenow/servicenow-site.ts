import type { ServerResponse } from 'node:http';
import { escape, json, page, redirect, Sessions, StandInSite, type Request } from '../stand-in.ts';
import { catalogCategory, catalogHome, CHECKOUT, checkout, itemPage } from './catalog-pages.ts';
import { clientFields } from './controls.ts';
import { chartsKey, chartsPage, type Chart } from './dashboard-pages.ts';
import { formPage } from './form-page.ts';
import { kbArticle, kbHome, kbSearch } from './kb-pages.ts';
import { listPage } from './list-page.ts';
import { shell, SHELL, type MenuEntry } from './shell.ts';
import { Tables, type ServiceNowRecord } from './tables.ts';

// A stand-in for a ServiceNow instance, for the WorkArena tests: signing in as WorkArena does
// (GET /login.do with the user's name and password), the shell (the All menu, impersonation,
// the classic page in gsft_main), lists with their condition builder, new-record forms, the
// knowledge base, the service catalog, dashboards and reports, and the Table API under basic
// auth. What a test's tasks need beyond the seeded tables (menu modules, charts, articles,
// catalog items) the test adds.

export const SERVICENOW_ADMIN = { name: 'admin', password: 'admin-password' };

export class ServiceNowSite extends StandInSite {
  readonly tables = new Tables();
  /** The All menu's modules. */
  readonly menu: MenuEntry[] = [];
  /** Each dashboard's or report's charts, by chartsKey. */
  readonly charts = new Map<string, Chart[]>();
  private readonly sessions = new Sessions();
  /** The user a session impersonates, by its token. */
  private readonly impersonating = new Map<string, string>();
  /** Refuses to create users (a setup that fails: the instance's infrastructure failure). */
  refuseUsers = false;
  /** Who signed in, in order (WorkArena signs in as the user its setup created). */
  readonly logins: string[] = [];
  /** Orders placed: each request's number follows. */
  private orders = 0;

  protected handle(req: Request, res: ServerResponse): void {
    const path = req.url.pathname;
    if (path.startsWith('/api/now/table/')) return this.tableApi(req, res);
    if (path === '/login.do') return this.login(req, res);
    const token = req.cookie('glide_session');
    const who = this.sessions.who(token);
    if (!who) return redirect(res, '/login.do');
    const query = req.url.searchParams;
    switch (path) {
      case '/now/nav/ui/home': return redirect(res, `${SHELL}${encodeURIComponent('home.do')}`);
      case '/home.do': return page(res, 'Home', '<p>Welcome to the stand-in instance.</p>');
      case '/stand-in/impersonate': return this.impersonate(req, res, token!);
      case '/kb': return this.knowledge(res, query);
      case '/catalog_home.do': return page(res, 'Service Catalog', catalogHome([...new Set(this.records('sc_cat_item').map((i) => i.category!))]));
      case '/catalog_category.do': return page(res, escape(query.get('sysparm_category') ?? ''), catalogCategory(this.records('sc_cat_item').filter((i) => i.category === query.get('sysparm_category'))));
      case '/com.glideapp.servicecatalog_cat_item_view.do': return this.showItem(res, query.get('sysparm_id') ?? '');
      case '/stand-in/order': return this.order(req, res, who);
      case `/${CHECKOUT}`: return page(res, 'Order Status', checkout(this.tables.query('sc_request', `sys_id=${query.get('sysparm_sys_id')}`)[0] ?? { sys_id: '' }));
    }
    if (path.startsWith(SHELL)) return this.shell(res, decodeURIComponent(path.slice(SHELL.length) + req.url.search), who, token!);
    const charts = chartsKey(path + req.url.search);
    if (charts) return page(res, 'Dashboard', chartsPage(this.charts.get(charts) ?? []));
    const list = /^\/(\w+)_list\.do$/.exec(path);
    if (list) return this.list(req, res, list[1]!);
    const form = /^\/(\w+)\.do$/.exec(path);
    if (form && this.tables.table(form[1]!)?.form) return this.form(req, res, form[1]!, who);
    page(res, 'Not found', `<p>${escape(path)}</p>`, 404);
  }

  /** WorkArena signs in with a GET carrying the user's name and password; a user signs in with the form. */
  private login(req: Request, res: ServerResponse): void {
    const given = req.method === 'POST' ? req.form : req.url.searchParams;
    if (given.get('sys_action') !== 'sysverb_login') {
      return page(res, 'Log in', '<form method="post" action="/login.do"><input type="hidden" name="sys_action" value="sysverb_login"><label>User name <input name="user_name"></label><label>Password <input name="user_password" type="password"></label><button id="sysverb_login">Log in</button></form>');
    }
    const user = this.user(given.get('user_name'), given.get('user_password'));
    if (!user) return page(res, 'Log in', '<p class="error">User name or password invalid</p>', 401);
    this.logins.push(user.user_name!);
    redirect(res, '/now/nav/ui/home', `glide_session=${this.sessions.issue(user.user_name!)}; Path=/; HttpOnly`);
  }

  private user(name: string | null, password: string | null): ServiceNowRecord | undefined {
    return this.records('sys_user').find((u) => u.user_name === name && u.user_password === password && password);
  }

  private records(table: string): ServiceNowRecord[] {
    return this.tables.table(table)?.records ?? [];
  }

  private shell(res: ServerResponse, inner: string, who: string, token: string): void {
    const own = this.records('sys_user').find((u) => u.user_name === who)?.sys_id ?? '';
    const impersonated = this.impersonating.get(token);
    const people = this.records('sys_user').map((u) => u.name ?? '').filter(Boolean);
    shell(res, inner, this.menu, { userID: impersonated ?? own, isImpersonating: impersonated !== undefined }, people);
  }

  private impersonate(req: Request, res: ServerResponse, token: string): void {
    const user = this.records('sys_user').find((u) => u.name === req.form.get('name'));
    if (!user) return json(res, 404, { error: { message: 'No such user' } });
    this.impersonating.set(token, user.sys_id);
    res.writeHead(204).end();
  }

  private list(req: Request, res: ServerResponse, name: string): void {
    const table = this.tables.table(name);
    if (!table) return page(res, 'Invalid table', `<p>${escape(name)}</p>`, 404);
    const query = req.url.searchParams.get('sysparm_query') ?? '';
    page(res, escape(table.label), listPage(name, table, query, this.tables.query(name, query), clientFields(this.tables, name), (r, f) => this.tables.display(name, r, f)));
  }

  /** A new record's form; posted, the record is inserted with the sys_id the form was given, and its list follows. */
  private form(req: Request, res: ServerResponse, name: string, who: string): void {
    const table = this.tables.table(name)!;
    if (req.method !== 'POST') return page(res, `${escape(table.label)}: new record`, formPage(name, table.form!, clientFields(this.tables, name)));
    const values: Record<string, string> = { sys_id: req.form.get('sys_uniqueValue') ?? '' };
    // Posted again (a reload), the form's record is there already: ServiceNow would update it.
    if (this.tables.query(name, `sys_id=${values.sys_id}`).length) return redirect(res, `/${name}_list.do`);
    for (const field of Object.keys(table.form!)) values[field] = req.form.get(`${name}.${field}`) ?? (table.fields[field]?.type === 'boolean' ? 'false' : '');
    this.tables.insert(name, values, who);
    redirect(res, `/${name}_list.do`);
  }

  private knowledge(res: ServerResponse, query: URLSearchParams): void {
    const articles = this.records('kb_knowledge');
    if (query.get('id') === 'kb_search') return page(res, 'Search results', kbSearch(query.get('query') ?? '', articles));
    const article = query.get('id') === 'kb_article' && articles.find((a) => a.sys_id === query.get('sys_id'));
    if (article) return page(res, escape(article.short_description ?? 'Article'), kbArticle(article));
    page(res, 'Knowledge', kbHome());
  }

  private showItem(res: ServerResponse, sysId: string): void {
    const item = this.records('sc_cat_item').find((i) => i.sys_id === sysId);
    if (!item) return page(res, 'Not found', '<p>No such catalog item</p>', 404);
    page(res, escape(item.name ?? 'Item'), itemPage(item, this.tables.query('item_option_new', `cat_item=${sysId}`)));
  }

  /** Order Now: the request, its item, each variable's answer (and the answer's link to the item), as the user; then the checkout. */
  private order(req: Request, res: ServerResponse, who: string): void {
    const item = this.records('sc_cat_item').find((i) => i.sys_id === req.form.get('sysparm_id'));
    if (!item) return page(res, 'Not found', '<p>No such catalog item</p>', 404);
    const number = String(10001 + this.orders++).padStart(7, '0');
    const request = this.tables.insert('sc_request', { number: `REQ${number}` }, who);
    const ritm = this.tables.insert('sc_req_item', { number: `RITM${number}`, request: request.sys_id, cat_item: item.sys_id, short_description: item.short_description, quantity: req.form.get('quantity') ?? '1' }, who);
    for (const v of this.tables.query('item_option_new', `cat_item=${item.sys_id}`)) {
      const answer = req.form.get(`IO:${v.sys_id}`) ?? (v.type === 'checkbox' ? 'false' : '');
      const option = this.tables.insert('sc_item_option', { item_option_new: v.sys_id, value: answer }, who);
      this.tables.insert('sc_item_option_mtom', { request_item: ritm.sys_id, sc_item_option: option.sys_id }, who);
    }
    redirect(res, `/${CHECKOUT}?v=1&sysparm_sys_id=${request.sys_id}`);
  }

  /** GET (sysparm_query, sysparm_fields dot-walked, sysparm_display_value true or all, sysparm_limit), POST and DELETE on /api/now/table/<table>[/<sys_id>], as the admin only. */
  private tableApi(req: Request, res: ServerResponse): void {
    const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':');
    if (user !== SERVICENOW_ADMIN.name || !this.user(user, password ?? null)) return json(res, 401, { error: { message: 'User Not Authenticated' } });
    const [name, sysId] = req.url.pathname.slice('/api/now/table/'.length).split('/') as [string, string | undefined];
    if (!this.tables.table(name)) return json(res, 400, { error: { message: `Invalid table ${name}` } });
    if (req.method === 'POST' && name === 'sys_user' && this.refuseUsers) return json(res, 500, { error: { message: 'Operation against file \'sys_user\' was aborted by Business Rule' } });
    if (req.method === 'POST') return json(res, 201, { result: this.tables.insert(name, JSON.parse(req.body || '{}') as Record<string, unknown>, user) });
    if (req.method === 'DELETE') return void res.writeHead(this.tables.remove(name, sysId ?? '') ? 204 : 404).end();
    const params = req.url.searchParams;
    const query = [sysId && `sys_id=${sysId}`, params.get('sysparm_query')].filter(Boolean).join('^');
    const fields = params.get('sysparm_fields')?.split(',');
    const display = params.get('sysparm_display_value');
    const limit = Number(params.get('sysparm_limit') ?? Infinity);
    const shown = (r: ServiceNowRecord, f: string) => {
      if (display === 'true') return this.tables.display(name, r, f);
      if (display === 'all') return { value: this.tables.value(name, r, f), display_value: this.tables.display(name, r, f) };
      return this.tables.value(name, r, f);
    };
    const records = this.tables.query(name, query).slice(0, limit).map((r) => Object.fromEntries((fields ?? Object.keys(r)).map((f) => [f, shown(r, f)])));
    json(res, 200, { result: records });
  }
}
