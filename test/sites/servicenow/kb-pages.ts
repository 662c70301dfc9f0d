import { escape } from '../stand-in.ts';
import type { ServiceNowRecord } from './tables.ts';

// The knowledge base's portal pages (kb?id=...): its home with the search box, the results of a
// search (quoted words: the phrase; otherwise every word, in any order), an article.

const text = (article: ServiceNowRecord) => (article.text ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').toLowerCase();

const searchBox = (query = '') => `<form method="get" action="kb" role="search"><input type="hidden" name="id" value="kb_search">
<input name="query" aria-label="Search" role="textbox" value="${escape(query)}" placeholder="Search"></form>`;

export function kbHome(): string {
  return `${searchBox()}<p>Browse the knowledge bases or search them.</p>`;
}

export function kbSearch(query: string, articles: ServiceNowRecord[]): string {
  const phrase = /^"(.*)"$/.exec(query.trim());
  const words = phrase ? [phrase[1]!.toLowerCase()] : query.toLowerCase().split(/\s+/).filter(Boolean);
  const found = words.length ? articles.filter((a) => words.every((w) => text(a).includes(w))) : [];
  const results = found.map((a) => `<div class="kb-result"><a class="kb-title" href="kb?id=kb_article&sys_id=${a.sys_id}">${escape(a.short_description ?? '')}</a>
<p>${escape(text(a).slice(0, 160))}…</p></div>`).join('\n');
  return `${searchBox(query)}<p>${found.length} results</p>${results}`;
}

/** An article: its text is the knowledge base's own HTML, as the instance holds it. */
export function kbArticle(article: ServiceNowRecord): string {
  return `${searchBox()}<article><h2>${escape(article.short_description ?? '')}</h2>${article.text ?? ''}</article>`;
}
