import type { Page } from '@playwright/test';
import { requiredContents, type RequiredContents } from '../metrics/webarena/program-html.ts';
import { fromEvaluateResult, pythonStr, type EvaluateResult } from '../metrics/webarena/python-value.ts';
import { absoluteReferences } from './url.ts';
import type { Evaluator } from './types.ts';

interface HtmlCheck {
  url: string;
  locator: string;
  required_contents: RequiredContents;
}

/** Per check, the page it read and what its locator gave (threw: the locator failed). */
export interface HtmlEvidence {
  checks: { url: string; value?: EvaluateResult; threw?: string }[];
}

/** How long a page named by a check may take to load. */
const LOAD_MS = 15_000;

/**
 * WebArena's program_html: each check opens a page after the episode ("last": the final page
 * itself; a URL: in a new tab, relative to the start page), evaluates its locator there (empty:
 * the page's whole content) and looks for the required contents. Checks multiply.
 */
export const html: Evaluator<HtmlCheck[], HtmlCheck[], HtmlEvidence> = {
  name: 'html',
  expected: (checks) => checks,

  async capture(final, checks, episode) {
    const read: HtmlEvidence['checks'] = [];
    for (const check of checks) {
      const url = check.url === 'last' ? final.url() : absoluteReferences(check.url, episode);
      const page = check.url === 'last' ? final : await final.context().newPage();
      try {
        if (page !== final) await page.goto(url, { waitUntil: 'load', timeout: LOAD_MS });
        read.push({ url, ...(await locate(page, check.locator)) });
      } finally {
        if (page !== final) await page.close();
      }
    }
    return { checks: read };
  },

  score(evidence, checks) {
    const scores = checks.map((check, i) => {
      const got = evidence.checks[i]!;
      const content = got.threw !== undefined ? null : pythonStr(fromEvaluateResult(got.value ?? null));
      return requiredContents(content, check.required_contents);
    });
    const score = scores.reduce((p, s) => p * s, 1);
    const failed = scores.findIndex((s) => s < 1);
    return {
      evaluator: 'html', expected: checks, got: evidence.checks.map(preview), score,
      ...(failed >= 0 && { reason: failure(failed, evidence.checks[failed]!) }),
    };
  },
};

/** What a check found, for reading: a page's whole content is kept once, in the evaluation's inputs. */
const PREVIEW_CHARS = 300;
const preview = (check: HtmlEvidence['checks'][number]) =>
  typeof check.value === 'string' && check.value.length > PREVIEW_CHARS ? { ...check, value: `${check.value.slice(0, PREVIEW_CHARS)}…` } : check;

function failure(index: number, check: HtmlEvidence['checks'][number]): string {
  return `check ${index + 1} (${check.url}): ${check.threw !== undefined ? `the locator threw: ${check.threw}` : 'the required contents are not there'}`;
}

async function locate(page: Page, locator: string): Promise<{ value?: EvaluateResult; threw?: string }> {
  try {
    return { value: locator.trim() === '' ? await page.content() : ((await page.evaluate(`(${locator})`)) as EvaluateResult) };
  } catch (e) {
    return { threw: (e as Error).message.split('\n')[0]! };
  }
}
