import { pathOnSite } from '../site-url.ts';
import type { SiteEntry } from '../task/manifest.ts';

/** A site of the manifest as this run reaches it: its base URL (from the environment) and reset. */
export interface ReachedSite {
  name: string;
  base: string;
  reset?: string;
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
  return { site: { name, base: value.replace(/\/+$/, ''), ...(entry.reset && { reset: entry.reset }) } };
}


/** The hosts of the configured sites: the only ones, beside loopback, the browser may resolve. */
export function siteHosts(sites: Record<string, SiteEntry>, env = process.env): string[] {
  const hosts = Object.values(sites).flatMap((entry) => {
    try {
      return [new URL(env[entry.env] ?? '').hostname];
    } catch {
      return [];
    }
  });
  return [...new Set(hosts)];
}

const RESET_MS = 30_000;

/** Puts the site's data back to its start, before an instance: a failed reset fails the instance, named. */
export async function resetSite(site: ReachedSite): Promise<void> {
  if (!site.reset) return;
  const url = pathOnSite(site.base, site.reset);
  let status: number;
  try {
    const response = await fetch(url, { method: 'POST', signal: AbortSignal.timeout(RESET_MS) });
    await response.body?.cancel();
    status = response.status;
  } catch (e) {
    throw new Error(`resetting site "${site.name}" (POST ${url}) failed: ${(e as Error).message}`);
  }
  if (status < 200 || status >= 300) throw new Error(`resetting site "${site.name}" (POST ${url}) answered ${status}`);
}
