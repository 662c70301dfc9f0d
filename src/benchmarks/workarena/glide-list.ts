import type { Page } from '@playwright/test';

/** What a list's GlideList2 says: its query (without the sort), sort field and direction. */
export interface GlideListState {
  query: string;
  orderBy: string;
  sortDir: string;
}

/** The GlideList2 of the list in gsft_main, as WorkArena reads it (its table.data_list_table's data-list_id); null: no list on the page. */
export async function readGlideList(page: Page): Promise<GlideListState | null> {
  const frame = page.frame({ name: 'gsft_main' });
  if (!frame) return null;
  return frame.evaluate(() => {
    const id = document.querySelector('table.data_list_table')?.getAttribute('data-list_id');
    const list = id ? (window as unknown as { GlideList2?: { get(id: string): { getQuery(): string; getOrderBy(): string; sortDir: string } | undefined } }).GlideList2?.get(id) : undefined;
    return list ? { query: String(list.getQuery()), orderBy: String(list.getOrderBy()), sortDir: String(list.sortDir) } : null;
  }).catch(() => null);
}
