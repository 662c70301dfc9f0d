import { randomBytes } from 'node:crypto';
import { RandomState } from '../../python/random-state.ts';
import type { InstanceLifecycle, LifecycleContext } from '../../runner/lifecycles.ts';
import type { Instance } from '../../task/types.ts';
import { TableApi } from './table-api.ts';

interface UserState {
  user?: { sys_id: string; user_name: string };
}

/** What differs between WorkArena's families around an episode. */
export interface FamilyLifecycle {
  /** Scripts added to every page before its own (the task's get_init_scripts()). */
  initScripts?: (instance: Instance) => string[];
  /** The tables the episode creates records in: what the user created there is deleted afterwards. */
  creates?: (instance: Instance) => string[];
  /** Once the page is signed in: what the family needs before the episode (a report's start URL, a chart's answer). */
  prepare?: (on: LifecycleContext) => Promise<void>;
}

const THEME_PREFERENCE = 'glide.ui.polaris.theme.variant';

/**
 * WorkArena's setup() and teardown() (tasks/base.py:107-202): a user of the instance's own,
 * with the admin role and one of WorkArena's UI themes (api/user.py:12-84), created with the
 * site's admin account; the page signed in as that user by WorkArena's GET of login.do
 * (utils.py:73-99); the family's init scripts. Afterwards, the records the user created in the
 * family's tables (a form's record, an order's request), then the user, are deleted.
 */
export function workArenaLifecycle(family: FamilyLifecycle = {}): InstanceLifecycle {
  return {
    needsAccount: true,
    async setup(on) {
      const api = tableApi(on);
      const state = on.state as UserState;
      // WorkArena's draws, in its order: the user's number, then the theme.
      const random = new RandomState(on.seed >>> 0);
      const number = random.randint(1000, 9999);
      const tag = randomBytes(4).toString('hex');
      const password = `Wa-${randomBytes(12).toString('base64url')}!`;
      const name = { first_name: 'WorkArena', last_name: `Agent ${tag}` };
      const userName = `workarena.${tag}.${number}`;
      const created = await api.post('sys_user', { user_name: userName, ...name, email: `${userName}@workarena.com`, user_password: password, active: true }, { sysparm_input_display_value: 'true' });
      state.user = { sys_id: String(created.sys_id), user_name: String(created.user_name ?? userName) };
      const [role] = await api.get('sys_user_role', { sysparm_query: 'name=admin', sysparm_fields: 'sys_id' });
      if (!role) throw new Error('the instance has no role named admin (sys_user_role)');
      await api.post('sys_user_has_role', { user: state.user.sys_id, role: role.sys_id });
      await setTheme(api, random, state.user.sys_id);
      for (const script of family.initScripts?.(on.instance) ?? []) await on.page.context().addInitScript(script);
      await signIn(on, state.user.user_name, password);
      await family.prepare?.(on);
    },
    async teardown(on) {
      const { user } = on.state as UserState;
      if (!user) return;
      const api = tableApi(on);
      for (const table of family.creates?.(on.instance) ?? []) {
        for (const record of await api.get(table, { sysparm_query: `sys_created_by=${user.user_name}`, sysparm_fields: 'sys_id' })) await api.delete(table, String(record.sys_id));
      }
      await api.delete('sys_user', user.sys_id);
    },
  };
}

const tableApi = (on: LifecycleContext) => new TableApi(on.site.base, on.site.account!, on.signal);

/** One of WorkArena's theme variants, drawn as create_user draws it; an instance without them (no WorkArena install) keeps its own. */
async function setTheme(api: TableApi, random: RandomState, user: string): Promise<void> {
  const themes = (await api.get('m2m_theme_style', { sysparm_query: 'style.type=variant', sysparm_fields: 'theme.name,theme.sys_id,style.name,style.sys_id', sysparm_display_value: 'true' }))
    .filter((t) => t['theme.name'] === 'WorkArena');
  if (!themes.length) return;
  const theme = random.choice(themes);
  await api.post('sys_user_preference', { name: THEME_PREFERENCE, value: theme['style.sys_id'], user, system: false, description: 'Updated by WorkArena' });
}

/** WorkArena's url_login: a GET carrying the user's name and password; still on login.do afterwards means refused. */
async function signIn(on: LifecycleContext, user: string, password: string): Promise<void> {
  const query = new URLSearchParams({ user_name: user, user_password: password, sys_action: 'sysverb_login' });
  await on.page.goto(`${on.site.base}/login.do?${query}`, { waitUntil: 'load' });
  if (new URL(on.page.url()).pathname.includes('login.do')) throw new Error(`signing in as ${user} was refused (the page stayed on login.do)`);
}
