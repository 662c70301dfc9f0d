import { requestOk } from '../../../http-request.ts';
import type { Helper, HelperContext } from '../../../evaluators/html/helpers.ts';

/**
 * The shop's helpers read Magento's REST API on the shopping site as its admin, as WebArena's
 * do (ACCOUNTS["shopping_site_admin"]): the account from SHOPPING_ADMIN_USERNAME and
 * SHOPPING_ADMIN_PASSWORD, the variables of the shopping_admin site's login.
 */
async function adminToken(base: string, env = process.env): Promise<string> {
  const [username, password] = [env.SHOPPING_ADMIN_USERNAME, env.SHOPPING_ADMIN_PASSWORD];
  if (username === undefined || password === undefined) throw new Error('the shop\'s helpers log in to its REST API as its admin: set SHOPPING_ADMIN_USERNAME and SHOPPING_ADMIN_PASSWORD');
  return (await call(`${base}/rest/default/V1/integration/admin/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) })) as string;
}

async function asAdmin(context: HelperContext, path: string): Promise<unknown> {
  const base = context.sites.shopping;
  if (base === undefined) throw new Error('the shop\'s helpers need the shopping site: set SHOPPING to its base URL');
  const token = await adminToken(base);
  return call(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
}

const REQUEST_MS = 30_000;

const call = async (url: string, init: RequestInit): Promise<unknown> => (await requestOk(url, init, REQUEST_MS)).json();

/** The newest order's page in the shop's customer view (its increment_id as order_id, as WebArena writes it). */
const shopping_get_latest_order_url: Helper = async (context) => {
  const query = 'searchCriteria[sortOrders][0][field]=created_at&searchCriteria[sortOrders][0][direction]=DESC&searchCriteria[pageSize]=1';
  const { items } = (await asAdmin(context, `/rest/V1/orders?${query}`)) as { items: { increment_id: string }[] };
  if (!items[0]) throw new Error('the shop has no order');
  return `${context.sites.shopping}/sales/order/view/order_id/${Number.parseInt(items[0].increment_id, 10)}/`;
};

interface Review {
  nickname: string;
  ratings: { rating_name: string; percent: number }[];
}

const reviews = async (context: HelperContext, sku: string) => (await asAdmin(context, `/rest/V1/products/${encodeURIComponent(sku)}/reviews`)) as Review[];

/** The nickname on a product's last review; "" without reviews. */
const shopping_get_sku_latest_review_author: Helper = async (context, sku = '') => (await reviews(context, sku)).at(-1)?.nickname ?? '';

/** The rating (percent) of a product's last review; "" without reviews. */
const shopping_get_sku_latest_review_rating: Helper = async (context, sku = '') => {
  const all = await reviews(context, sku);
  if (!all.length) return '';
  if (all[0]!.ratings[0]?.rating_name !== 'Rating') throw new Error(`the first review of ${sku} has no "Rating" first`);
  return String(all.at(-1)!.ratings[0]!.percent);
};

export const shoppingHelpers = { shopping_get_latest_order_url, shopping_get_sku_latest_review_author, shopping_get_sku_latest_review_rating };
