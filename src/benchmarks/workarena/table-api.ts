import type { SiteAccount } from '../../task/manifest.ts';

export type ApiRecord = Record<string, unknown> & { sys_id?: string };

/** How long one call may take; a real instance answers in about a second. */
const CALL_MS = 30_000;

/**
 * ServiceNow's REST Table API (/api/now/table/<table>), as WorkArena calls it (api/utils.py:
 * basic auth, JSON), on the instance's base URL only. Errors name the call and the status,
 * never the credentials.
 */
export class TableApi {
  constructor(private readonly base: string, private readonly account: SiteAccount, private readonly signal?: AbortSignal) {}

  async get(table: string, params: Record<string, string>): Promise<ApiRecord[]> {
    return ((await this.call('GET', table, params)) as { result: ApiRecord[] }).result;
  }

  async post(table: string, record: Record<string, unknown>, params: Record<string, string> = {}): Promise<ApiRecord> {
    return ((await this.call('POST', table, params, record)) as { result: ApiRecord }).result;
  }

  async put(table: string, sysId: string, record: Record<string, unknown>): Promise<ApiRecord> {
    return ((await this.call('PUT', `${table}/${sysId}`, {}, record)) as { result: ApiRecord }).result;
  }

  /** Deletes a record; one already gone is no error. */
  async delete(table: string, sysId: string): Promise<void> {
    await this.call('DELETE', `${table}/${sysId}`, {}, undefined, [404]);
  }

  private async call(method: string, path: string, params: Record<string, string>, body?: unknown, alsoFine: number[] = []): Promise<unknown> {
    const url = new URL(`${this.base.replace(/\/+$/, '')}/api/now/table/${path}`);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    const what = `${method} /api/now/table/${path}${url.search}`;
    const signal = this.signal ? AbortSignal.any([this.signal, AbortSignal.timeout(CALL_MS)]) : AbortSignal.timeout(CALL_MS);
    const response = await fetch(url, {
      method, signal,
      headers: { authorization: `Basic ${Buffer.from(`${this.account.user}:${this.account.password}`).toString('base64')}`, accept: 'application/json', ...(body !== undefined && { 'content-type': 'application/json' }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    }).catch((e: Error) => {
      throw new Error(`${what}: ${(e.cause as Error | undefined)?.message ?? e.message}`);
    });
    if (!response.ok && !alsoFine.includes(response.status)) {
      const text = await response.text().catch(() => '');
      throw new Error(`${what}: HTTP ${response.status}${text ? ` ${text.slice(0, 200)}` : ''}`);
    }
    return method === 'DELETE' || response.status === 204 ? undefined : response.json();
  }
}
