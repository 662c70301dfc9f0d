import { CDN_HOSTS, localCopy } from './cdn-catalog.ts';
import { MTURK_SHIM } from './mturk-shim.ts';
import { escapeRegExp } from '../escape-regexp.ts';
import { fillTemplate } from '../task/template.ts';

export const SUBMIT_PATH = '/__benchwright/submit';
export const CDN_PATH = '/__benchwright/cdn/';
export const MTURK_SCRIPT_PATH = '/__benchwright/externalHIT_v1.js';
/**
 * The first thing an instance's page loads, relative to it, before any script of its own: a
 * blocking script that the server answers once what the last instance left is cleared away
 * (TaskServer.startUrl). By then the last document is gone, its unload handlers have run, and
 * nothing of this one has.
 */
export const FRESH_START = '__benchwright/fresh-start.js';
/**
 * The query parameter of a start URL that names its one-time clearing (TaskServer.startUrl). The
 * fresh-start request carries it in its Referer: the page's HTML, which models read and replies
 * are cached by, stays the same from run to run.
 */
export const START_PARAM = 'benchwright-start';

const CDN_URL = new RegExp(`(?:https?:)?//((?:${CDN_HOSTS.map(escapeRegExp).join('|')})/[^"'\\s<>)]+)`, 'g');
const MTURK_SCRIPT = /(?:https?:)?\/\/s3\.amazonaws\.com\/mturk-public\/externalHIT_v1\.js/g;

/** Points CDN URLs we hold a copy of to the local server; other external URLs stay (and are blocked). */
export function localizeUrls(html: string): string {
  return html
    .replace(CDN_URL, (whole, hostAndPath: string) => (localCopy(hostAndPath) ? CDN_PATH + hostAndPath : whole))
    .replace(MTURK_SCRIPT, MTURK_SCRIPT_PATH);
}

/**
 * The page Turkle serves for an assignment: the filled template inside its `mturk_form`, with
 * the MTurk functions defined first. The form posts to a URL that answers 204 No Content, so
 * a submit (Enter in a text input, a submit button, form.submit()) leaves the filled page in place.
 */
export function renderInstance(template: string, values: Record<string, string>): string {
  const body = localizeUrls(fillTemplate(template, values));
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><script src="${FRESH_START}"></script><script>${MTURK_SHIM}</script></head><body>
<form name="mturk_form" method="post" id="mturk_form" action="${SUBMIT_PATH}">
${body}
</form>
</body></html>`;
}

const HEAD = /<head\b[^>]*>/i;
const DOCTYPE = /^\s*<!doctype[^>]*>/i;

/**
 * A goal task's page as written (its placeholders filled, CDN URLs local), its fresh start
 * loaded before any script of its own: at the top of its head, or of the document.
 */
export function renderPage(html: string, values: Record<string, string>): string {
  const page = localizeUrls(fillTemplate(html, values));
  const start = `<script src="${FRESH_START}"></script>`;
  const head = HEAD.exec(page);
  if (head) return page.slice(0, head.index + head[0].length) + start + page.slice(head.index + head[0].length);
  const doctype = DOCTYPE.exec(page);
  const at = doctype ? doctype[0].length : 0;
  return page.slice(0, at) + start + page.slice(at);
}
