import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { EVALUATORS } from '../evaluators/registry.ts';
import { requestOk } from '../http-request.ts';
import { pathOnSite } from '../site-url.ts';
import type { SiteAccount, SiteEntry } from '../task/manifest.ts';
import { withSiteUrls } from '../task/site-placeholders.ts';
import type { Instance, SiteStart } from '../task/types.ts';
import { loggedInCopies, loginStates } from './logins.ts';

/** A site of the manifest as this run reaches it: its copies' base URLs (from the environment), its other origins, its reset. */
export interface SiteCopies {
  name: string;
  /** Each copy's base URL: the variable's URLs, separated by commas (one deployment each). */
  copies: string[];
  /** The origins its pages load from besides a copy's own (its `origins` variable). */
  otherOrigins: string[];
  reset?: SiteEntry['reset'];
}

/** One copy of a site: its base URL and what its pages may reach (its origin, then the site's other origins). */
export interface ReachedSite {
  name: string;
  base: string;
  origins: string[];
  reset?: SiteEntry['reset'];
  /** Which copy (0-based) of how many. */
  copy: number;
  copies: number;
}

/**
 * Where the site is, from its environment variable: a task set names variables, never hosts
 * (the user's deployment decides). Several URLs, separated by commas, are copies of the site
 * the workers share (site-pool.ts). Unset: the reason its tasks are skipped; a value that is
 * not http(s) URLs: an error naming the variable.
 */
export function reachSite(name: string, entry: SiteEntry, env = process.env): { site?: SiteCopies; unavailable?: string } {
  const value = env[entry.env];
  if (!value?.trim()) return { unavailable: `site "${name}" is not configured: set ${entry.env} to its base URL` };
  const copies = value.split(',').map((written) => written.trim()).filter(Boolean).map((written) => {
    let url: URL;
    try {
      url = new URL(written);
    } catch {
      throw new Error(`${entry.env} must be the base URL of site "${name}" (http://host:port/...), or the URLs of its copies separated by commas, not "${written}"`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${entry.env} must be an http(s) URL for site "${name}", not "${written}"`);
    return written.replace(/\/+$/, '');
  });
  return { site: { name, copies, otherOrigins: otherOrigins(name, entry, env), ...(entry.reset && { reset: entry.reset }) } };
}

/** One copy of a reached site. */
export function copyOf(site: SiteCopies, copy: number): ReachedSite {
  const base = site.copies[copy]!;
  return { name: site.name, base, origins: [...new Set([new URL(base).origin, ...site.otherOrigins])], ...(site.reset && { reset: site.reset }), copy, copies: site.copies.length };
}

/** The origins a site's pages load from besides its own (a map's tile server), from its `origins` variable: URLs separated by commas or spaces. */
function otherOrigins(name: string, entry: SiteEntry, env: NodeJS.ProcessEnv): string[] {
  const value = entry.origins && env[entry.origins.env];
  if (!value) return [];
  return value.split(/[\s,]+/).filter(Boolean).map((written) => {
    const url = URL.parse(written);
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') throw new Error(`${entry.origins!.env} must hold the http(s) URLs site "${name}" also loads from, separated by commas, not "${written}"`);
    return url.origin;
  });
}

/** The hosts of the configured sites and their other origins: the only ones, beside loopback, the browser may resolve. */
export function siteHosts(sites: Record<string, SiteEntry>, env = process.env): string[] {
  const hosts = Object.entries(sites).flatMap(([name, entry]) => {
    try {
      const site = reachSite(name, entry, env).site;
      return site ? [...site.copies, ...site.otherOrigins].map((url) => new URL(url).hostname) : [];
    } catch {
      return [];
    }
  });
  return [...new Set(hosts)];
}

/** The site's account (`account:`), from its variables; unset: why its lifecycle cannot run. */
export function siteAccount(name: string, entry: SiteEntry, env = process.env): { account?: SiteAccount; unavailable?: string } {
  if (!entry.account) return { unavailable: `site "${name}" has no account for its tasks' setup: give it account: { user: { env: <NAME>_USER }, password: { env: <NAME>_PASSWORD } } in the manifest` };
  const { user, password } = entry.account;
  const unset = [user.env, password.env].filter((v) => !env[v]);
  if (unset.length) return { unavailable: `site "${name}"'s account is not configured: set ${unset.join(' and ')}` };
  return { account: { user: env[user.env]!, password: env[password.env]! } };
}

/** What an instance on sites needs before it leases its copies: its sites, which it changes, whether it resets them. */
export interface SitePlan {
  sites: SiteCopies[];
  /** The sites it changes: it holds their copies alone (a reset is a change), and shares the others' with readers. */
  exclusive: string[];
  /** Its sites are reset before it starts. */
  reset: boolean;
  /** For each site it logs in to, the copies whose login worked. */
  loginCopies: Record<string, number[]>;
}

/**
 * Whether an instance on sites can run here, and on what: each site it uses configured, a
 * reset it requires declared and runnable on every copy, a login it needs worked on some
 * copy; else the one reason it cannot.
 */
export function planSiteInstance(start: SiteStart, instance: Instance, sites: Record<string, SiteEntry>, env = process.env): SitePlan | { unavailable: string } {
  const used = instance.episode?.sites ?? [start.site];
  const reached: SiteCopies[] = [];
  const missing: string[] = [];
  for (const name of used) {
    const entry = sites[name];
    if (!entry) throw new Error(`site "${name}" is not one of the manifest's sites (sites: ${Object.keys(sites).join(', ') || 'none'})`);
    const { site, unavailable } = reachSite(name, entry, env);
    if (site) reached.push(site);
    else missing.push(unavailable!);
  }
  if (missing.length) return { unavailable: missing.join('; ') };
  const loginCopies: Record<string, number[]> = {};
  for (const name of start.login) {
    const copies = loggedInCopies(name, reached.find((s) => s.name === name)?.copies.length ?? 1);
    if ('unavailable' in copies) return copies;
    loginCopies[name] = copies.copies;
  }
  if (start.requireReset) {
    const noReset = reached.find((s) => s.reset === undefined);
    if (noReset) return { unavailable: `the task requires a reset of site "${noReset.name}", and the manifest declares none for it (sites.${noReset.name}.reset)` };
    for (const site of reached) {
      if (typeof site.reset !== 'object') continue;
      const value = env[site.reset.env];
      if (!value) return { unavailable: `the task requires a reset of its sites: set ${site.reset.env} to a URL to POST or a command to run` };
      if (isUrl(value) && site.copies.length > 1) return { unavailable: `site "${site.name}" has ${site.copies.length} copies and ${site.reset.env} holds one URL to reset them: give a command (it is run with BENCHWRIGHT_SITE_URL set to the copy's base URL) or a path on the site` };
    }
  }
  const exclusive = reached.map((s) => s.name).filter((name) => start.changes === 'all' || start.changes.includes(name));
  return { sites: reached, exclusive, reset: start.requireReset, loginCopies };
}

/** An instance on sites, ready to start on its leased copies: where, logged in as what, which copies to reset first, its placeholders filled. */
export interface SiteInstance {
  startUrl: string;
  /** Pages opened in tabs after the start page. */
  tabs: string[];
  siteBase: string;
  /** Every site the instance uses, by name. */
  siteBases: Record<string, string>;
  /** What its pages may reach: the origins of its sites. */
  origins: string[];
  instance: Instance;
  storageState?: ReturnType<typeof loginStates>['state'];
  /** The copies it runs on, one per site. */
  copies: ReachedSite[];
  resets: ReachedSite[];
}

/** The instance on the copies leased for it (index by site): its URLs, logins and resets. */
export function placeSiteInstance(start: SiteStart, instance: Instance, plan: SitePlan, leased: Record<string, number>): SiteInstance | { unavailable: string } {
  const reached = plan.sites.map((site) => copyOf(site, leased[site.name] ?? 0));
  const login = loginStates(start.login.map((name) => ({ site: name, copy: leased[name] ?? 0 })));
  if (login.unavailable) return { unavailable: login.unavailable };
  const bases = Object.fromEntries(reached.map((s) => [s.name, s.base]));
  const filled = { ...withSiteUrls(instance, bases), ...(instance.eval && { eval: instance.eval.map((e) => (EVALUATORS[e.evaluator]?.keepsSitePlaceholders ? e : withSiteUrls(e, bases))) }) };
  const siteBase = bases[start.site]!;
  const tabs = (filled.episode!.tabs ?? []).map((tab) => (tab.startsWith('/') ? pathOnSite(siteBase, tab) : tab));
  const origins = [...new Set(reached.flatMap((s) => s.origins))];
  return { startUrl: pathOnSite(siteBase, filled.episode!.startUrl!), tabs, siteBase, siteBases: bases, origins, instance: filled, ...(login.state && start.login.length && { storageState: login.state }), copies: reached, resets: plan.reset ? reached : [] };
}

/** A copy as messages name it: the site alone when it has one copy. */
export const copyName = (site: Pick<ReachedSite, 'name' | 'copy' | 'copies'>) => `site "${site.name}"${site.copies > 1 ? ` (copy ${site.copy + 1} of ${site.copies})` : ''}`;

const isUrl = (value: string) => /^https?:\/\//.test(value);

const RESET_MS = 30_000;
/** A command resets a whole deployment (containers restarted): minutes. */
export const RESET_COMMAND_MS = 20 * 60_000;

/** Puts a copy's data back to its start, before an instance: a failed reset throws, naming the site. */
export async function resetSite(site: Omit<ReachedSite, 'origins'>, env = process.env): Promise<void> {
  if (!site.reset) return;
  const named = copyName(site);
  const post = async (url: string, what: string) => (await requestOk(url, { method: 'POST' }, RESET_MS, `resetting ${named} (${what})`)).body?.cancel();
  if (typeof site.reset === 'string') return post(pathOnSite(site.base, site.reset), `POST ${pathOnSite(site.base, site.reset)}`);
  // The variable's value is named, never shown: a command or URL may hold credentials, and errors reach reports.
  const { env: variable } = site.reset;
  const value = env[variable];
  if (!value) throw new Error(`resetting ${named}: set ${variable} to a URL to POST or a command to run`);
  if (isUrl(value)) return post(value, `POST to the URL in ${variable}`);
  try {
    // The command learns which copy to reset.
    await promisify(execFile)('sh', ['-c', value], { timeout: RESET_COMMAND_MS, env: { ...env, BENCHWRIGHT_SITE_URL: site.base, BENCHWRIGHT_SITE_COPY: String(site.copy + 1) } });
  } catch (e) {
    const { stderr, message } = e as { stderr?: string; message: string };
    throw new Error(`resetting ${named} (the command in ${variable}) failed: ${(stderr?.trim() || message.split('\n')[0]!).slice(-500)}`);
  }
}
