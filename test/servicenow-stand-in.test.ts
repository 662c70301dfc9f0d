import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { chromium, type Browser } from '@playwright/test';
import config from '../playwright.config.ts';
import { SERVICENOW_ADMIN, ServiceNowSite } from './sites/servicenow/servicenow-site.ts';

// The ServiceNow stand-in the WorkArena tests run on: signing in as WorkArena does, the classic
// shell whose address follows its iframe, a list's GlideList2, and the Table API.

let site: ServiceNowSite;
let browser: Browser;
before(async () => {
  site = await ServiceNowSite.start();
  browser = await chromium.launch(config.use?.launchOptions);
});
after(async () => {
  await browser.close();
  await site.close();
});

const api = (path: string, init: RequestInit = {}, auth = `${SERVICENOW_ADMIN.name}:${SERVICENOW_ADMIN.password}`) =>
  fetch(`${site.url}/api/now/table/${path}`, { ...init, headers: { authorization: `Basic ${Buffer.from(auth).toString('base64')}`, 'content-type': 'application/json' } });

test('the Table API: a query, fields and a limit; a record created and deleted; the admin only', async () => {
  const { result } = (await (await api('incident?sysparm_query=active=true^ORDERBYDESCnumber&sysparm_fields=number,priority')).json()) as { result: Record<string, string>[] };
  assert.deepEqual(result, [{ number: 'INC0010002', priority: '3' }, { number: 'INC0010001', priority: '1' }]);
  const created = (await (await api('incident', { method: 'POST', body: JSON.stringify({ number: 'INC0010004', short_description: 'New one' }) })).json()) as { result: { sys_id: string } };
  assert.equal((await api(`incident/${created.result.sys_id}`, { method: 'DELETE' })).status, 204);
  assert.equal((await api(`incident/${created.result.sys_id}`, { method: 'DELETE' })).status, 404);
  assert.equal((await api('incident', {}, 'beth.anglin:beth-password')).status, 401);
  assert.equal((await api('no_such_table')).status, 400);
});

test("signing in as WorkArena does, then a list in the shell: its address follows the iframe's, its GlideList2 says its query and sort", async () => {
  const page = await browser.newPage();
  try {
    await page.goto(`${site.url}/login.do?user_name=admin&user_password=wrong&sys_action=sysverb_login`);
    await assert.rejects(page.locator('#gsft_main').waitFor({ timeout: 500 }));
    await page.goto(`${site.url}/login.do?user_name=${SERVICENOW_ADMIN.name}&user_password=${SERVICENOW_ADMIN.password}&sys_action=sysverb_login`);
    await page.goto(`${site.url}/now/nav/ui/classic/params/target/${encodeURIComponent('incident_list.do?sysparm_query=active=true')}`);
    const frame = page.frameLocator('#gsft_main');
    await frame.locator('table.data_list_table').waitFor();
    const list = () => page.frame('gsft_main')!.evaluate(() => {
      const glide = (window as unknown as { GlideList2: { get(id: string): { getQuery(): string; getOrderBy(): string; sortDir: string; getTableName(): string } } }).GlideList2.get('incident_list');
      return { query: glide.getQuery(), orderBy: glide.getOrderBy(), sortDir: glide.sortDir, table: glide.getTableName() };
    });
    assert.deepEqual(await list(), { query: 'active=true', orderBy: '', sortDir: 'ASC', table: 'incident' });
    // A header sorts by its column; again, the other way.
    await frame.locator('a.column_head[data-field="number"]').click();
    await frame.locator('table.data_list_table').waitFor();
    await page.waitForURL(/ORDERBYnumber/);
    assert.deepEqual(await list(), { query: 'active=true', orderBy: 'number', sortDir: 'ASC', table: 'incident' });
    await frame.locator('a.column_head[data-field="number"]').click();
    await page.waitForURL(/ORDERBYDESCnumber/);
    // Read as WorkArena reads it: the top address unquoted once, then its query's sysparm_query.
    const [path, search] = decodeURIComponent(new URL(page.url()).pathname).split('?');
    assert.equal(path, '/now/nav/ui/classic/params/target/incident_list.do');
    assert.equal(new URLSearchParams(search).get('sysparm_query'), 'active=true^ORDERBYDESCnumber');
    assert.deepEqual(await frame.locator('tbody tr td:first-child').allTextContents(), ['INC0010002', 'INC0010001']);
  } finally {
    await page.close();
  }
});
