import type { Page } from '@playwright/test';
import { requiredContents, type RequiredContents } from './html/program-html.ts';
import { fromEvaluateResult, pythonStr, type EvaluateResult } from '../python/value.ts';
import type { EpisodeEnd, Evaluator } from './types.ts';
import { absoluteReferences } from './url.ts';
import { parseHelperCall, runHelper, type HelperCall } from './html/helpers.ts';

interface HtmlCheck {
  url: string;
  locator: string;
  prep_actions?: string[];
  required_contents: RequiredContents;
}

/** Per check, the page it read and what its locator gave (threw: the script failed; failed: a helper did, nothing to score). */
export interface HtmlEvidence {
  checks: { url: string; value?: EvaluateResult; threw?: string; failed?: string }[];
}

/** How long a page named by a check may take to load (Playwright's default, as WebArena's goto). */
const LOAD_MS = 30_000;
/** WebArena sleeps 3 s after opening a check's page; here at most that, until the network is idle. */
const SETTLE_MS = 3_000;

/**
 * WebArena's program_html: each check opens a page after the episode ("last": the final page
 * itself; a URL: in a new tab, relative to the start page; `func:`: the URL a helper gives),
 * runs its prep_actions, evaluates its locator there (empty: the page's whole content; `func:`:
 * a helper's value) and looks for the required contents. Checks multiply. A helper that fails
 * leaves the instance unscored, as WebArena leaves such a task out of its average.
 */
export const html: Evaluator<HtmlCheck[], HtmlCheck[], HtmlEvidence> = {
  name: 'html',
  expected(checks) {
    for (const check of checks) {
      for (const text of [check.url, check.locator]) {
        const call = parseHelperCall(text);
        if (typeof call === 'string') throw new Error(`html check: ${call}`);
      }
    }
    return checks;
  },

  async capture(final, checks, episode) {
    const read: HtmlEvidence['checks'] = [];
    for (const check of checks) {
      let url = check.url;
      try {
        url = await checkUrl(final, check.url, episode);
      } catch (e) {
        read.push({ url, failed: `${check.url}: ${(e as Error).message}` });
        continue;
      }
      const page = check.url === 'last' ? final : await final.context().newPage();
      try {
        if (page !== final) {
          await page.goto(url, { waitUntil: 'load', timeout: LOAD_MS });
          await page.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => {});
        }
        read.push({ url, ...(await locate(page, check, episode)) });
      } finally {
        if (page !== final) await page.close();
      }
    }
    return { checks: read };
  },

  score(evidence, checks) {
    const base = { evaluator: 'html', expected: checks, got: evidence.checks.map(preview) };
    const failed = evidence.checks.find((c) => c.failed !== undefined);
    if (failed) return { ...base, score: null, reason: `a helper failed, nothing to score (WebArena leaves the task out): ${failed.failed}` };
    const scores = checks.map((check, i) => {
      const got = evidence.checks[i]!;
      const content = got.threw !== undefined ? null : pythonStr(fromEvaluateResult(got.value ?? null));
      return requiredContents(content, check.required_contents);
    });
    const score = scores.reduce((p, s) => p * s, 1);
    const first = scores.findIndex((s) => s < 1);
    return { ...base, score, ...(first >= 0 && { reason: failure(first, evidence.checks[first]!) }) };
  },
};

/** The page a check reads: the final one, a reference, or the URL a helper gives. */
async function checkUrl(final: Page, url: string, episode: EpisodeEnd): Promise<string> {
  if (url === 'last') return final.url();
  const call = parseHelperCall(url) as HelperCall | undefined;
  return absoluteReferences(call ? await runHelper(call, { page: final, sites: episode.siteBases ?? {} }, final.url()) : url, episode);
}

/** What a check found, for reading: a page's whole content is kept once, in the evaluation's inputs. */
const PREVIEW_CHARS = 300;
const preview = (check: HtmlEvidence['checks'][number]) =>
  typeof check.value === 'string' && check.value.length > PREVIEW_CHARS ? { ...check, value: `${check.value.slice(0, PREVIEW_CHARS)}…` } : check;

function failure(index: number, check: HtmlEvidence['checks'][number]): string {
  return `check ${index + 1} (${check.url}): ${check.threw !== undefined ? `the locator threw: ${check.threw}` : 'the required contents are not there'}`;
}

async function locate(page: Page, check: HtmlCheck, episode: EpisodeEnd): Promise<Omit<HtmlEvidence['checks'][number], 'url'>> {
  const call = parseHelperCall(check.locator) as HelperCall | undefined;
  if (call) {
    try {
      return { value: await runHelper(call, { page, sites: episode.siteBases ?? {} }, page.url()) };
    } catch (e) {
      return { failed: `${check.locator}: ${(e as Error).message}` };
    }
  }
  try {
    if (check.locator.trim() === '') return { value: await page.content() };
    // WebArena runs them until one throws, and goes on.
    await (async () => {
      for (const action of check.prep_actions ?? []) await page.evaluate(`(${action})`);
    })().catch(() => {});
    return { value: (await page.evaluate(`(${check.locator})`)) as EvaluateResult };
  } catch (e) {
    return { threw: (e as Error).message.split('\n')[0]! };
  }
}
