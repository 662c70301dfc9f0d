import type { LoginRecipe, SiteEntry } from '../../task/manifest.ts';

/**
 * WebArena's sites as the manifest names them: the variables WebArena reads (env_config.py),
 * and logins as its auto_login.py fills each site's form, with the accounts' values from
 * <VARIABLE>_USERNAME and <VARIABLE>_PASSWORD (its README, "Run"). What shows that a
 * login worked, or why not, is each application's own markup (Magento, GitLab, Postmill):
 * checked here only against the stand-in sites, on a deployment by the first run.
 */
export const WEBARENA_SITES: Record<string, SiteEntry> = {
  shopping: site('SHOPPING', {
    url: '/customer/account/login/',
    fields: [field('internal:label="Email"s', 'SHOPPING_USERNAME'), field('internal:label="Password"s', 'SHOPPING_PASSWORD')],
    submit: 'internal:role=button[name="Sign In"i]',
    success: 'a[href*="/customer/account/logout"]',
    error: '.message-error',
  }),
  shopping_admin: site('SHOPPING_ADMIN', {
    url: '/',
    fields: [field('internal:attr=[placeholder="user name"i]', 'SHOPPING_ADMIN_USERNAME'), field('internal:attr=[placeholder="password"i]', 'SHOPPING_ADMIN_PASSWORD')],
    submit: 'internal:role=button[name="Sign in"i]',
    success: 'a[href*="/admin/auth/logout"]',
    error: '.message-error',
  }),
  gitlab: site('GITLAB', {
    url: '/users/sign_in',
    fields: [field('internal:testid=[data-testid="username-field"s]', 'GITLAB_USERNAME'), field('internal:testid=[data-testid="password-field"s]', 'GITLAB_PASSWORD')],
    submit: 'internal:testid=[data-testid="sign-in-button"s]',
    success: 'a[href$="/users/sign_out"]',
    error: '.flash-alert',
  }),
  reddit: site('REDDIT', {
    url: '/login',
    fields: [field('internal:label="Username"i', 'REDDIT_USERNAME'), field('internal:label="Password"i', 'REDDIT_PASSWORD')],
    submit: 'internal:role=button[name="Log in"i]',
    success: 'form[action$="/logout"]',
    error: '.alert--danger',
  }),
  // Its pages load map tiles (and search and route) from the deployment's other servers.
  map: { ...site('MAP'), origins: { env: 'MAP_ORIGINS' } },
  wikipedia: site('WIKIPEDIA'),
  homepage: site('HOMEPAGE'),
};

/** The sites an agent can change: those with accounts (the shop, its admin, GitLab, the forum); the map, Wikipedia and the homepage are read. */
export const changeableSites = (sites: string[]) => sites.filter((s) => WEBARENA_SITES[s]?.login);

function field(selector: string, env: string): LoginRecipe['fields'][number] {
  return { selector, env };
}

function site(env: string, login?: LoginRecipe): SiteEntry {
  return { env, ...(login && { login }) };
}
