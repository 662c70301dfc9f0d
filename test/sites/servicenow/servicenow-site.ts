import type { ServerResponse } from 'node:http';
import { escape, json, page, redirect, Sessions, StandInSite, type Request } from '../stand-in.ts';
import { listPage, scriptJson } from './list-page.ts';
import { Tables, type ServiceNowRecord } from './tables.ts';

// A stand-in for a ServiceNow instance, for the WorkArena tests: signing in as WorkArena does
// (GET /login.do with the user's name and password), the classic shell (the top page holds the
// page in an iframe named gsft_main, and its address follows the iframe's), lists whose URL
// carries sysparm_query and whose GlideList2 says their query and sort, and the Table API
// under basic auth. POST /reset puts the data back.

export const SERVICENOW_ADMIN = { name: 'admin', password: 'admin-password' };
const SHELL = '/now/nav/ui/classic/params/target/';

export class ServiceNowSite extends StandInSite {
  readonly tables = new Tables();
  private readonly sessions = new Sessions();
  /** Refuses to create users (a setup that fails: the instance's infrastructure failure). */
  refuseUsers = false;
  /** Who signed in, in order (WorkArena signs in as the user its setup created). */
  readonly logins: string[] = [];

  reset(): void {
    this.tables.reset();
    this.sessions.clear();
  }

  protected handle(req: Request, res: ServerResponse): void {
    const path = req.url.pathname;
    if (req.method === 'POST' && path === '/reset') return void (this.reset(), res.writeHead(204).end());
    if (path.startsWith('/api/now/table/')) return this.tableApi(req, res);
    if (path === '/login.do') return this.login(req, res);
    if (!this.sessions.who(req.cookie('glide_session'))) return redirect(res, '/login.do');
    if (path === '/now/nav/ui/home') return redirect(res, `${SHELL}${encodeURIComponent('home.do')}`);
    if (path.startsWith(SHELL)) return shell(res, decodeURIComponent(path.slice(SHELL.length) + req.url.search));
    if (path === '/home.do') return page(res, 'Home', '<p>Welcome to the stand-in instance.</p>');
    const list = /^\/(\w+)_list\.do$/.exec(path);
    if (list) return this.list(req, res, list[1]!);
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
    return this.tables.table('sys_user')!.records.find((u) => u.user_name === name && u.user_password === password && password);
  }

  private list(req: Request, res: ServerResponse, name: string): void {
    const table = this.tables.table(name);
    if (!table) return page(res, 'Invalid table', `<p>${escape(name)}</p>`, 404);
    const query = req.url.searchParams.get('sysparm_query') ?? '';
    page(res, table.label, listPage(name, table, query, this.tables.query(name, query)));
  }

  /** GET (sysparm_query, sysparm_fields, sysparm_limit), POST and DELETE on /api/now/table/<table>[/<sys_id>], as the admin only. */
  private tableApi(req: Request, res: ServerResponse): void {
    const [user, password] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString().split(':');
    if (user !== SERVICENOW_ADMIN.name || !this.user(user, password ?? null)) return json(res, 401, { error: { message: 'User Not Authenticated' } });
    const [name, sysId] = req.url.pathname.slice('/api/now/table/'.length).split('/');
    if (!this.tables.table(name!)) return json(res, 400, { error: { message: `Invalid table ${name}` } });
    if (req.method === 'POST' && name === 'sys_user' && this.refuseUsers) return json(res, 500, { error: { message: 'Operation against file \'sys_user\' was aborted by Business Rule' } });
    if (req.method === 'POST') return json(res, 201, { result: this.tables.insert(name!, JSON.parse(req.body || '{}') as Record<string, unknown>, user) });
    if (req.method === 'DELETE') return void res.writeHead(this.tables.remove(name!, sysId ?? '') ? 204 : 404).end();
    const params = req.url.searchParams;
    const query = [sysId && `sys_id=${sysId}`, params.get('sysparm_query')].filter(Boolean).join('^');
    const fields = params.get('sysparm_fields')?.split(',');
    const limit = Number(params.get('sysparm_limit') ?? Infinity);
    const records = this.tables.query(name!, query).slice(0, limit).map((r) => (fields ? Object.fromEntries(fields.map((f) => [f, r[f] ?? ''])) : r));
    json(res, 200, { result: records });
  }
}

/** The classic shell: the page in gsft_main, the top address following it as ServiceNow's does. */
function shell(res: ServerResponse, inner: string): void {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>ServiceNow</title></head><body>
<header><div aria-label="All" aria-expanded="false">All</div></header>
<iframe id="gsft_main" name="gsft_main" title="Main content" src="/${escape(inner)}" style="width:100%;height:80vh;border:0"></iframe>
<script>
  const frame = document.getElementById('gsft_main');
  frame.addEventListener('load', () => {
    const at = frame.contentWindow.location;
    history.replaceState(null, '', ${scriptJson(SHELL)} + encodeURIComponent(at.pathname.slice(1) + at.search));
  });
</script></body></html>`);
}
