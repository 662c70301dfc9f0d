import type { Page } from '@playwright/test';
import type { Evaluator } from '../../../evaluators/types.ts';
import { act, cssString, type InstanceWriter } from '../actions.ts';
import { startPath } from '../l1-tasks.ts';
import { unquote } from '../top-url.ts';
import { siteApi, verdicts } from '../verdicts.ts';

interface MenuConfig {
  application: string;
  module: string;
  url: string;
}

const MENU = 'div[aria-label="All menu"]';
const labelled = (name: string) => `[aria-label=${cssString(name)}]`;

/**
 * An All-menu task (tasks/navigation.py AllMenuTask): the goal of :59; the oracle as cheat()
 * goes (:73-122): the All menu opened, filtered by the application's name, each section of the
 * module's path opened under the application's list (a section open already is left so: its
 * step finds no closed one), then the module clicked.
 */
export const writeMenu: InstanceWriter = (config, task) => {
  const { application, module, url } = config as MenuConfig;
  const path = module.split('>').map((m) => m.trim());
  let scope = `${MENU} div.snf-collapsible-list:has(> ${labelled(application)}[role="button"], > button${labelled(application)})`;
  const sections = path.slice(0, -1).map((section) => {
    const step = act('click', `${scope} ${labelled(section)}[aria-expanded="false"] >> nth=0`);
    scope = `${scope} div.snf-collapsible-list:has(> ${labelled(section)})`;
    return step;
  });
  return {
    goal: `Navigate to the "${module}" module of the "${application}" application.`,
    eval: [{ 'workarena-url': { url: `__SERVICENOW__${url}` } }],
    solution: [act('click', 'div[aria-label="All"]'), act('fill', `${MENU} input[placeholder="Filter"]`, application), ...sections, act('click', `${scope} ${labelled(path.at(-1)!)} >> nth=0`)],
    start_url: startPath(task)!,
  };
};

/** AllMenuTask.validate (tasks/navigation.py:124-143): the top URL, unquoted, is the module's, unquoted, exactly. */
export const menuUrl: Evaluator<{ url: string }, { url: string }, { url: string }> = {
  name: 'workarena-url',
  settingsSchema: { type: 'object', required: ['url'], additionalProperties: false, properties: { url: { type: 'string' } } },
  expected: (settings) => settings,
  capture: async (page) => ({ url: page.url() }),
  score({ url }, expected) {
    const result = verdicts('workarena-url', expected.url, url);
    return unquote(url) === unquote(expected.url) ? result(1) : result(0, 'Not at expected URL.');
  },
};

interface ImpersonationEvidence {
  impersonating: boolean;
  /** The sys_user name of the user the session is, read through the Table API. */
  name: string | null;
}

/**
 * An impersonation task (tasks/navigation.py ImpersonationTask): the goal of :184; the oracle as
 * its cheat (utils.py:13-40) does it: the avatar's menu, "Impersonate user", the user typed and
 * chosen, the dialog's button.
 */
export const writeImpersonation: InstanceWriter = (config, task) => {
  const user = config as string;
  return {
    goal: `Impersonate the user ${user}.`,
    eval: [{ 'workarena-impersonation': { user } }],
    solution: [
      act('click', '.header-avatar-button'), act('click', 'internal:role=menuitem[name="Impersonate user"i]'),
      act('fill', 'input.now-typeahead-native-input', user), act('click', `seismic-hoist >> internal:role=option[name=${JSON.stringify(user)}i] >> nth=0`),
      act('click', 'internal:role=button[name="Impersonate user"i]'),
    ],
    start_url: startPath(task)!,
  };
};

/**
 * ImpersonationTask.validate (tasks/navigation.py:202-233): the top page's NOW.user is
 * impersonating, and its user's sys_user name is the one asked for.
 */
export const impersonation: Evaluator<{ user: string }, { user: string }, ImpersonationEvidence> = {
  name: 'workarena-impersonation',
  settingsSchema: { type: 'object', required: ['user'], additionalProperties: false, properties: { user: { type: 'string' } } },
  expected: (settings) => settings,
  async capture(page, _expected, episode) {
    const user = await nowUser(page);
    if (!user?.isImpersonating) return { impersonating: false, name: null };
    const [record] = await siteApi(episode, 'workarena-impersonation').get('sys_user', { sysparm_query: `sys_id=${user.userID}`, sysparm_fields: 'name' });
    return { impersonating: true, name: record ? String(record.name) : null };
  },
  score(evidence, expected) {
    const result = verdicts('workarena-impersonation', expected.user, evidence);
    if (!evidence.impersonating) return result(0, 'Not currently impersonating a user.');
    return evidence.name === expected.user ? result(1) : result(0, 'Currently impersonating the wrong user.');
  },
};

const nowUser = (page: Page) => page.evaluate(() => (window as unknown as { NOW?: { user?: { userID: string; isImpersonating: boolean } } }).NOW?.user ?? null).catch(() => null);
