import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContextOptions } from '@playwright/test';
import { pathOnSite } from '../site-url.ts';
import type { LoginRecipe } from '../task/manifest.ts';
import { PINNED_LOCALE } from './repeatable-page.ts';
import type { ReachedSite } from './sites.ts';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * Where the sites setup project leaves each site's logged-in state for the run's workers
 * (Playwright's own place for it; session cookies: keep the folder out of git and reports).
 */
export const authDir = (env = process.env) => resolve(env.BENCHWRIGHT_AUTH_DIR ?? join('playwright', '.auth'));
/** A copy's files: the site's name alone for its first copy. */
const copyFile = (site: string, copy: number, suffix: string) => join(authDir(), `${site}${copy ? `.${copy + 1}` : ''}${suffix}`);
const stateFile = (site: string, copy: number) => copyFile(site, copy, '.json');
const failureFile = (site: string, copy: number) => copyFile(site, copy, '.failed.txt');

/** How long the page may take to show that the login worked, or why not; and each step before. */
const VERDICT_MS = 15_000;
const STEP_MS = 15_000;

/**
 * Logs in to a site by its manifest's recipe in a fresh context and keeps the storage state,
 * or, refused, the page's message: the setup test says it once, and every instance that needs
 * the login is skipped with it. Returns the message of a failed login.
 */
export async function logIn(browser: Browser, site: ReachedSite, recipe: LoginRecipe, env = process.env): Promise<string | undefined> {
  mkdirSync(authDir(), { recursive: true });
  rmSync(stateFile(site.name, site.copy), { force: true });
  rmSync(failureFile(site.name, site.copy), { force: true });
  const failed = await attempt(browser, site, recipe, env);
  if (failed) writeFileSync(failureFile(site.name, site.copy), failed);
  return failed;
}

async function attempt(browser: Browser, site: ReachedSite, recipe: LoginRecipe, env: NodeJS.ProcessEnv): Promise<string | undefined> {
  const unset = recipe.fields.filter((f) => env[f.env] === undefined).map((f) => f.env);
  if (unset.length) return `set ${unset.join(' and ')} (the login form's ${unset.length > 1 ? 'values' : 'value'})`;
  const context = await browser.newContext({ ...PINNED_LOCALE });
  try {
    const page = await context.newPage();
    // A site that is down, or a form that changed: the login fails, saying where (never the whole run).
    const step = async (what: string, act: () => Promise<unknown>) => act().then(() => undefined, (e: Error) => `${what}: ${e.message.split('\n')[0]}`);
    const login = pathOnSite(site.base, recipe.url);
    const failed = await step(`opening ${login}`, () => page.goto(login, { waitUntil: 'load', timeout: STEP_MS }));
    if (failed) return failed;
    for (const field of recipe.fields) {
      const problem = await step(`filling ${field.selector}`, () => page.locator(field.selector).fill(env[field.env]!, { timeout: STEP_MS }));
      if (problem) return problem;
    }
    const notSent = await step(`clicking ${recipe.submit}`, () => page.locator(recipe.submit).click({ timeout: STEP_MS }));
    if (notSent) return notSent;
    const success = page.locator(recipe.success);
    const refusal = recipe.error === undefined ? undefined : page.locator(recipe.error);
    try {
      await (refusal ? success.or(refusal) : success).first().waitFor({ timeout: VERDICT_MS });
    } catch {
      const text = (await page.locator('body').innerText().catch(() => '')).replace(/\s+/g, ' ').trim().slice(0, 200);
      return `after ${VERDICT_MS / 1000} s at ${page.url()}, no ${recipe.success}${refusal ? ` nor ${recipe.error}` : ''}; the page says: ${text || '(nothing)'}`;
    }
    if (!(await success.count())) return (await refusal!.first().innerText()).replace(/\s+/g, ' ').trim() || `${recipe.error} appeared, empty`;
    writeFileSync(stateFile(site.name, site.copy), JSON.stringify(await context.storageState()));
    return undefined;
  } finally {
    await context.close();
  }
}

/**
 * The copies of a site whose login worked, or why none may be used: the first copy's failure
 * (with one copy, the site's), or no state at all.
 */
export function loggedInCopies(site: string, copies: number): { copies: number[] } | { unavailable: string } {
  const all = Array.from({ length: copies }, (_, copy) => copy);
  const worked = all.filter((copy) => existsSync(stateFile(site, copy)) && !existsSync(failureFile(site, copy)));
  if (worked.length) return { copies: worked };
  const failed = all.find((copy) => existsSync(failureFile(site, copy)));
  if (failed !== undefined) return { unavailable: `logging in to site "${site}"${copies > 1 ? ` (every copy; copy ${failed + 1})` : ''} failed: ${readFileSync(failureFile(site, failed), 'utf8')}` };
  return { unavailable: `no login state for site "${site}": the sites setup project did not run (a run with --no-deps needs it from an earlier run in ${authDir()})` };
}

/**
 * The logged-in state of the site copies an instance starts with, merged (one context holds
 * them all, as WebArena's gitlab.reddit state does), or why the instance cannot have it.
 */
export function loginStates(sites: { site: string; copy: number }[]): { state?: StorageState; unavailable?: string } {
  const state: StorageState = { cookies: [], origins: [] };
  for (const { site, copy } of sites) {
    let kept: StorageState;
    try {
      kept = JSON.parse(readFileSync(stateFile(site, copy), 'utf8')) as StorageState;
    } catch (e) {
      return { unavailable: `the login state of site "${site}" (${stateFile(site, copy)}) cannot be read: ${(e as Error).message}` };
    }
    state.cookies.push(...kept.cookies);
    state.origins.push(...kept.origins);
  }
  return { state };
}
