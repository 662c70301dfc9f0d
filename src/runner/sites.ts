import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { EVALUATORS } from '../evaluators/registry.ts';
import { requestOk } from '../http-request.ts';
import { pathOnSite } from '../site-url.ts';
import type { SiteAccount, SiteEntry } from '../task/manifest.ts';
import { withSiteUrls } from '../task/site-placeholders.ts';
import type { Instance, SiteStart } from '../task/types.ts';
import { loginStates } from './logins.ts';

/** A site of the manifest as this run reaches it: its base URL (from the environment), its origins, its reset. */
export interface ReachedSite {
  name: string;
  base: string;
  /** What its pages may reach: the base URL's origin, then those of its `origins` variable. */
  origins: string[];
  reset?: SiteEntry['reset'];
}

/**
 * Where the site is, from its environment variable: a task set names variables, never hosts
 * (the user's deployment decides). Unset: the reason its tasks are skipped; not an http(s) URL:
 * an error naming the variable.
 */
export function reachSite(name: string, entry: SiteEntry, env = process.env): { site?: ReachedSite; unavailable?: string } {
  const value = env[entry.env];
  if (!value) return { unavailable: `site "${name}" is not configured: set ${entry.env} to its base URL` };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${entry.env} must be the base URL of site "${name}" (http://host:port/...), not "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${entry.env} must be an http(s) URL for site "${name}", not "${value}"`);
  const origins = [url.origin, ...otherOrigins(name, entry, env)];
  return { site: { name, base: value.replace(/\/+$/, ''), origins: [...new Set(origins)], ...(entry.reset && { reset: entry.reset }) } };
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
      return reachSite(name, entry, env).site?.origins.map((origin) => new URL(origin).hostname) ?? [];
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

/** An instance on sites, ready to start: where, logged in as what, which sites to reset first, its placeholders filled. */
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
  resets: ReachedSite[];
}

/**
 * What an instance on sites needs before it starts, or the one reason it cannot run here: a
 * site it uses not configured, a login that failed, a reset it requires that its site lacks
 * or that would wipe another worker's instance.
 */
export function prepareSiteInstance(start: SiteStart, instance: Instance, sites: Record<string, SiteEntry>, workers: number, env = process.env): SiteInstance | { unavailable: string } {
  const used = instance.episode?.sites ?? [start.site];
  const reached: ReachedSite[] = [];
  const missing: string[] = [];
  for (const name of used) {
    const entry = sites[name];
    if (!entry) throw new Error(`site "${name}" is not one of the manifest's sites (sites: ${Object.keys(sites).join(', ') || 'none'})`);
    const { site, unavailable } = reachSite(name, entry, env);
    if (site) reached.push(site);
    else missing.push(unavailable!);
  }
  if (missing.length) return { unavailable: missing.join('; ') };
  const login = loginStates(start.login);
  if (login.unavailable) return { unavailable: login.unavailable };
  const resets = start.requireReset ? reached : [];
  const noReset = resets.find((s) => s.reset === undefined);
  if (noReset) return { unavailable: `the task requires a reset of site "${noReset.name}", and the manifest declares none for it (sites.${noReset.name}.reset)` };
  const unset = resets.map((s) => s.reset).find((r): r is { env: string } => typeof r === 'object' && !env[r.env]);
  if (unset) return { unavailable: `the task requires a reset of its sites: set ${unset.env} to a URL to POST or a command to run` };
  // A reset wipes the site for every worker: another worker's instance would lose its data mid-episode.
  if (resets.length && workers > 1) return { unavailable: `the task requires a reset of site "${resets[0]!.name}" before each instance: run it with --workers=1` };
  const bases = Object.fromEntries(reached.map((s) => [s.name, s.base]));
  const filled = { ...withSiteUrls(instance, bases), ...(instance.eval && { eval: instance.eval.map((e) => (EVALUATORS[e.evaluator]?.keepsSitePlaceholders ? e : withSiteUrls(e, bases))) }) };
  const siteBase = bases[start.site]!;
  const tabs = (filled.episode!.tabs ?? []).map((tab) => (tab.startsWith('/') ? pathOnSite(siteBase, tab) : tab));
  const origins = [...new Set(reached.flatMap((s) => s.origins))];
  return { startUrl: pathOnSite(siteBase, filled.episode!.startUrl!), tabs, siteBase, siteBases: bases, origins, instance: filled, ...(login.state && start.login.length && { storageState: login.state }), resets };
}

const RESET_MS = 30_000;
/** A command resets a whole deployment (containers restarted): minutes. */
export const RESET_COMMAND_MS = 20 * 60_000;

/** Puts the site's data back to its start, before an instance: a failed reset fails the instance, named. */
export async function resetSite(site: Omit<ReachedSite, 'origins'>, env = process.env): Promise<void> {
  if (!site.reset) return;
  const post = async (url: string, what: string) => (await requestOk(url, { method: 'POST' }, RESET_MS, `resetting site "${site.name}" (${what})`)).body?.cancel();
  if (typeof site.reset === 'string') return post(pathOnSite(site.base, site.reset), `POST ${pathOnSite(site.base, site.reset)}`);
  // The variable's value is named, never shown: a command or URL may hold credentials, and errors reach reports.
  const { env: variable } = site.reset;
  const value = env[variable];
  if (!value) throw new Error(`resetting site "${site.name}": set ${variable} to a URL to POST or a command to run`);
  if (/^https?:\/\//.test(value)) return post(value, `POST to the URL in ${variable}`);
  try {
    await promisify(execFile)('sh', ['-c', value], { timeout: RESET_COMMAND_MS });
  } catch (e) {
    const { stderr, message } = e as { stderr?: string; message: string };
    throw new Error(`resetting site "${site.name}" (the command in ${variable}) failed: ${(stderr?.trim() || message.split('\n')[0]!).slice(-500)}`);
  }
}
