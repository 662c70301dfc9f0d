// WebArena-Verified's NetworkEventEvaluator as the evaluator `network`: which requests a check
// looks at, and how it compares them, on the real run's HAR and on requests written here in
// the shapes of the dataset's checks (post data with JSONPath and typed keys, referers,
// should_not_exist, failed requests, response bodies and cookies).
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { network, networkEvidence, readHar } from '../src/benchmarks/webarena-verified/network-evaluator.ts';
import type { HarEntry } from '../src/benchmarks/webarena-verified/network/har.ts';
import { scoreNetworkEvent } from '../src/benchmarks/webarena-verified/network/network-event.ts';
import { type NetworkCheck } from '../src/benchmarks/webarena-verified/network/check.ts';
import { SHARED_CONFORMANCE } from './helpers.ts';

const RUN_HAR = join(SHARED_CONFORMANCE, 'webarena-verified-runs', '107', 'network.har');
const SITES = { __SHOPPING_ADMIN__: 'http://192.168.1.35:7780/admin', __SHOPPING__: 'http://192.168.1.35:7780', __GITLAB__: 'http://192.168.1.35:8023', __REDDIT__: 'http://192.168.1.35:9999' };
const onRun = { skip: !existsSync(RUN_HAR) && 'no ../shared/conformance/webarena-verified-runs' };

const score = (events: HarEntry[], check: NetworkCheck, navigate = false) => scoreNetworkEvent(events, check, { sites: SITES, navigate });
const verdict = (events: HarEntry[], check: NetworkCheck, navigate = false) => {
  const result = score(events, check, navigate);
  return result.status === 'error' ? `error: ${result.error}` : result.status === 'success' ? 'success' : result.assertions.map((a) => a.name).join(',');
};

/** A request as Playwright's HAR records it. */
function request(method: string, url: string, options: { status?: number; headers?: Record<string, string>; post?: [string, string]; response?: [string, string]; cookies?: Record<string, string> } = {}): HarEntry {
  const headers = Object.entries({ Accept: method === 'GET' ? 'text/html,application/xhtml+xml' : '*/*', ...options.headers }).map(([name, value]) => ({ name, value }));
  return {
    request: { method, url, headers, ...(options.post && { postData: { mimeType: options.post[0], text: options.post[1] } }) },
    response: {
      status: options.status ?? 200,
      ...(options.response && { content: { mimeType: options.response[0], text: options.response[1] } }),
      ...(options.cookies && { cookies: Object.entries(options.cookies).map(([name, value]) => ({ name, value })) }),
    },
  };
}

const FORM = 'application/x-www-form-urlencoded';

test('a navigate task: the last page the browser navigated to, URL and query; the real run\'s last is the customer grid', onRun, () => {
  const events = JSON.parse(readFileSync(RUN_HAR, 'utf8')).log.entries as HarEntry[];
  assert.equal(verdict(events, { expected: { url: '__SHOPPING_ADMIN__/customer/index/' } }, true), 'success');
  assert.equal(verdict(events, { expected: { url: 'http://192.168.1.35:7780/admin/customer/index' } }, true), 'success');
  // The dashboard was visited, but not last.
  assert.equal(verdict(events, { expected: { url: '__SHOPPING_ADMIN__/admin/dashboard/' } }, true), 'missing_navigation_event');
  // Not a navigate task: any GET of that path, the last one compared.
  assert.equal(verdict(events, { expected: { url: '__SHOPPING_ADMIN__/admin/dashboard/' } }), 'success');
  // The grid's XHR, its other keys ignored, the empty search equal to a missing one; a key not ignored must match.
  const grid: NetworkCheck = { expected: { url: '__SHOPPING_ADMIN__/mui/index/render/', query_params: { namespace: ['customer_listing'] } }, ignored_query_params_patterns: ['^sorting', '^paging', '^filters', 'isAjax', 'keywordUpdated'] };
  assert.equal(verdict(events, grid), 'success');
  assert.equal(verdict(events, { ...grid, ignored_query_params_patterns: ['^sorting', '^paging', '^filters', 'isAjax'] }), 'missing_navigation_event');
  assert.equal(verdict(events, { ...grid, expected: { ...grid.expected, query_params: { namespace: ['sales_order_grid'] } } }), 'missing_navigation_event');
  // The evidence a run keeps: the evaluation events only, a few headers each.
  const evidence = networkEvidence(readHar(readFileSync(RUN_HAR, 'utf8')), grid, SITES);
  assert.equal(evidence.events!.length, 50);
  assert.ok(evidence.events!.every((e) => e.request.headers.every((h) => ['accept', 'sec-fetch-dest', 'sec-fetch-mode', 'sec-fetch-user', 'referer'].includes(h.name.toLowerCase()))));
  assert.equal(verdict(evidence.events!, grid), 'success');
});

test('posted forms: the last matching request, its fields, status and referer; ignored fields; should_not_exist; a failed request (-1)', () => {
  const post = (title: string, status = 302) => request('POST', 'http://192.168.1.35:9999/submit/books', {
    status, headers: { Referer: 'http://192.168.1.35:9999/submit/books' }, post: [FORM, `submission%5Btitle%5D=${encodeURIComponent(title)}&submission%5Bbody%5D=&_token=abc`],
  });
  const check: NetworkCheck = { expected: { url: '__REDDIT__/submit/books', http_method: 'POST', response_status: 302, headers: { referer: '__REDDIT__/submit/books/' }, post_data: { 'submission[title]': 'Good  Omens!' } } };
  assert.equal(verdict([post('good omens')], check), 'success');
  // Only the last matching request counts, unless last_event_only is false.
  assert.equal(verdict([post('good omens'), post('bad')], check), 'missing_navigation_event');
  assert.equal(verdict([post('good omens'), post('bad')], { ...check, last_event_only: false }), 'success');
  assert.equal(verdict([post('good omens', 200)], check), 'missing_navigation_event');
  // A request from another page is not looked at.
  const elsewhere = { ...post('good omens'), request: { ...post('good omens').request, headers: [{ name: 'Referer', value: 'http://192.168.1.35:9999/f/books' }] } };
  assert.equal(verdict([elsewhere], check), 'missing_navigation_event');
  // A field the check names must be there; the token is left out when ignored.
  assert.equal(verdict([post('good omens')], { ...check, expected: { ...check.expected, post_data: { 'submission[title]': 'good omens', _token: 'xyz' } } }), 'missing_navigation_event');
  assert.equal(verdict([post('good omens')], { ...check, expected: { ...check.expected, post_data: { 'submission[title]': 'good omens', _token: 'xyz' } }, ignored_post_data_params_patterns: ['^_token$'] }), 'success');
  // should_not_exist: passes only when no such request was made.
  const never: NetworkCheck = { expected: { url: '__SHOPPING__/contact/index/post', http_method: 'POST' }, should_not_exist: true };
  assert.equal(verdict([post('x')], never), 'success');
  assert.equal(verdict([request('POST', 'http://192.168.1.35:7780/contact/index/post/')], never), 'unexpected_navigation_event');
  // A request the browser could not complete is recorded with status -1 (the page posted to an outside host).
  const outside: NetworkCheck = { expected: { url: '^http://.*/dummy_bin$', http_method: 'POST', response_status: -1, post_data: { name: 'Emma Lopez' } } };
  assert.equal(verdict([request('POST', 'http://example.com/dummy_bin', { status: -1, post: [FORM, 'name=Emma+Lopez&form_id=contact-form'] })], outside), 'success');
});

test('JSON bodies: JSONPath keys, nested JSON text, regex keys; typed fields (currency, string_list, json, markdown); a one-item list is the reference\'s error', () => {
  const note = request('POST', 'http://192.168.1.35:8023/a/b/-/merge_requests/1/notes', { status: 201, post: ['application/json', JSON.stringify({ note: { note: 'LGTM', noteable_type: 'MergeRequest' }, extra: 1 })] });
  assert.equal(verdict([note], { expected: { url: '__GITLAB__/a/b/-/merge_requests/1/notes', http_method: 'POST', response_status: 201, post_data: { '$.note.note': 'lgtm', '$.note.noteable_type': 'MergeRequest' } } }), 'success');
  assert.equal(verdict([note], { expected: { url: '__GITLAB__/a/b/-/merge_requests/1/notes', http_method: 'POST', response_status: 201, post_data: { '$.note.note': 'thanks' } } }), 'missing_navigation_event');
  // A field holding JSON text is read into when the path finds nothing otherwise.
  const wrapped = request('POST', 'http://192.168.1.35:7780/rest/V1/carts/mine/billing', { post: ['application/json', JSON.stringify({ address: JSON.stringify({ customerId: 27 }) })] });
  assert.equal(verdict([wrapped], { expected: { url: '__SHOPPING__/rest/V1/carts/mine/billing', http_method: 'POST', post_data: { '$.address.customerId': 27 } } }), 'success');
  const reply = request('POST', 'http://192.168.1.35:9999/f/books/1/-/comment', { status: 302, post: [FORM, 'reply_to_submission_1%5Bcomment%5D=Nice+read'] });
  assert.equal(verdict([reply], { expected: { url: '__REDDIT__/f/books/1/-/comment', http_method: 'POST', response_status: 302, post_data: { '$.^reply_to_submission_\\d+\\[comment\\]$': 'nice read' } } }), 'success');
  const price = request('POST', 'http://192.168.1.35:7780/admin/catalog/product/save/id/120/type/simple/store/0/set/4/back/edit?isAjax=true', { status: 302, post: [FORM, 'product%5Bprice%5D=47.00&form_key=k'] });
  const priced: NetworkCheck = { expected: { url: '^__SHOPPING_ADMIN__/catalog/product/save/id/120/type/simple/store/0/set/\\d+/back/edit$', http_method: 'POST', response_status: 302, post_data: { 'product[price]': 47.0 } }, post_data_schema: { type: 'object', properties: { 'product[price]': { type: 'number', format: 'currency' } } }, ignored_query_params_patterns: ['isAjax'] };
  assert.equal(verdict([price], priced), 'success');
  // A regex path matches the path as sent: a trailing / fails its $, in the reference too.
  assert.equal(verdict([{ ...price, request: { ...price.request, url: price.request.url.replace('edit?', 'edit/?') } }], priced), 'missing_navigation_event');
  // Without the schema the price is text: "47.00" is not "47".
  assert.equal(verdict([price], { ...priced, post_data_schema: undefined }), 'missing_navigation_event');
  const invite = request('POST', 'http://192.168.1.35:8023/api/v4/projects/179/invitations', { status: 201, post: ['application/json', JSON.stringify({ user_id: '1842,5', access_level: 30 })] });
  assert.equal(verdict([invite], { expected: { url: '__GITLAB__/api/v4/projects/179/invitations', http_method: 'POST', response_status: 201, post_data: { user_id: '5, 1842', access_level: 30 } }, post_data_schema: { type: 'object', properties: { user_id: { type: 'string', format: 'string_list' } } } }), 'success');
  const commit = request('POST', 'http://192.168.1.35:8023/api/v4/projects/a%2Fb/repository/commits', { status: 201, post: ['application/json', JSON.stringify({ branch: 'main', actions: [{ action: 'create', content: '{"urls": ["http://192.168.1.35:9999/f/space/1"]}' }, { action: 'update', content: '# Title\n*  item' }] })] });
  const committed = (content: string, format: string): NetworkCheck => ({ expected: { url: '__GITLAB__/api/v4/projects/a%2Fb/repository/commits', http_method: 'POST', response_status: 201, post_data: { branch: 'main', [`$.actions[${format === 'json' ? 0 : 1}].content`]: content } }, post_data_schema: { type: 'object', properties: { [`$.actions[${format === 'json' ? 0 : 1}].content`]: { type: 'string', format } } } });
  assert.equal(verdict([commit], committed('{ "urls":["__REDDIT__/f/space/1"] }', 'json')), 'success');
  assert.equal(verdict([commit], committed('#   Title\n- item', 'markdown')), 'success');
  assert.equal(verdict([commit], committed('# title\n- item', 'markdown')), 'missing_navigation_event');
  // Tasks 699/700's website_ids: [1]: a list of one is refused, an error on every run.
  assert.match(verdict([price], { ...priced, expected: { ...priced.expected, post_data: { website_ids: [1] } } }), /^error: alternatives require 2 or more items/);
});

test('response bodies, cookies and other headers; typed query values (dates); the evaluator keeps the requests and scores them again alike', async () => {
  const star = request('POST', 'http://192.168.1.35:8023/a/b/toggle_star.json', { response: ['application/json', JSON.stringify({ star_count: 1, items: [{ name: 'Sprite' }] })] });
  assert.equal(verdict([star], { expected: { url: '__GITLAB__/a/b/toggle_star.json', http_method: 'POST', response_content: { star_count: 1, '$.items[0].name': 'Sprite' } } }), 'success');
  assert.equal(verdict([star], { expected: { url: '__GITLAB__/a/b/toggle_star.json', http_method: 'POST', response_content: { star_count: 2 } } }), 'missing_navigation_event');
  const wished = request('POST', 'http://192.168.1.35:7780/wishlist/index/add/', { status: 302, cookies: { 'mage-messages': encodeURIComponent('[{"text":"Toothpaste has been added to your Wish List."}]') } });
  assert.equal(verdict([wished], { expected: { url: '__SHOPPING__/wishlist/index/add', http_method: 'POST', response_status: 302, response_cookies: { 'mage-messages': '^.*toothpaste.* has been added to your wish list.*$' } } }), 'success');
  const directions = request('GET', 'http://192.168.1.35:3000/directions?engine=fossgis_osrm_car', { headers: { Cookie: '_osm_directions_engine=fossgis_osrm_car' } });
  const driving: NetworkCheck = { expected: { url: 'http://192.168.1.35:3000/directions', headers: { Cookie: '^(?!.*_osm_directions_engine=fossgis_osrm_(?:bicycle|foot)).*$' } }, ignored_query_params_patterns: ['.*'] };
  assert.equal(verdict([directions], driving), 'success');
  assert.equal(verdict([request('GET', 'http://192.168.1.35:3000/directions', { headers: { Cookie: '_osm_directions_engine=fossgis_osrm_foot' } })], driving), 'missing_navigation_event');
  // Task 704's report: dates in the query read as dates; other keys ignored.
  const report: NetworkCheck = {
    expected: { url: '__SHOPPING_ADMIN__/reports/report_sales/sales/filter', query_params: { report_type: ['created_at_order'], from: ['02/1/2023'], to: ['02/28/2023'] } },
    ignored_query_params_patterns: ['^(?!report_type$|from$|to$).*$'], decode_base64_query: true,
    query_params_schema: { type: 'object', properties: { report_type: { type: 'array', items: { type: 'string' } }, from: { type: 'array', items: { type: 'string', format: 'date' } }, to: { type: 'array', items: { type: 'string', format: 'date' } } } },
  };
  const filter = Buffer.from('report_type=created_at_order&from=2023-02-01&to=2/28/2023&show_empty_rows=0').toString('base64url');
  const reportEvent = request('GET', `http://192.168.1.35:7780/admin/reports/report_sales/sales/filter/${filter}/`);
  assert.equal(verdict([reportEvent], report), 'success');
  // The evaluator: evidence from the HAR, scored as a pure function of it.
  const har = JSON.stringify({ log: { entries: [request('GET', 'http://192.168.1.35:7780/admin/x.css'), reportEvent] } });
  const expected = network.expected(report, {} as never, { eval: [] } as never);
  const evidence = networkEvidence(readHar(har), expected, SITES);
  const evaluation = await network.score(JSON.parse(JSON.stringify(evidence)), expected, {});
  assert.deepEqual([evaluation.score, evaluation.recorded?.status, evidence.events!.length], [1, 'success', 1]);
  const empty = await network.score(networkEvidence(readHar('{"log": {"entries": []}}', 'network.har'), expected, SITES), expected, {});
  assert.deepEqual([empty.score, empty.reason, empty.recorded?.status], [0, 'error: network.har: HAR file contains no entries', 'error']);
  // Navigate tasks are known from the expected answer.
  assert.equal(network.expected(report, {} as never, { eval: [{ evaluator: 'agent-response', settings: { expected: { task_type: 'NAVIGATE', status: 'SUCCESS' } } }] } as never).navigate, true);
});

test('a JSONPath filter finds a list, compared item by item with an array schema (the configurable products of tasks 547-550)', () => {
  const matrix = [{ newProduct: 1, attributes: 'Size: S, Color: Blue' }, { newProduct: 0, attributes: 'Size: L, Color: Red' }, { newProduct: 1, attributes: 'Size: M, Color: Blue' }];
  const save = request('POST', 'http://192.168.1.35:7780/admin/catalog/product/save/set/4/type/configurable', { status: 302, post: [FORM, `configurable-matrix-serialized=${encodeURIComponent(JSON.stringify(matrix))}`] });
  const key = "$['configurable-matrix-serialized'][?(@.newProduct == 1)].attributes";
  const check = (attributes: string[]): NetworkCheck => ({
    expected: { url: '__SHOPPING_ADMIN__/catalog/product/save/set/4/type/configurable', http_method: 'POST', response_status: 302, post_data: { [key]: attributes } },
    post_data_schema: { type: 'object', properties: { [key]: { type: 'array', items: { type: 'string' } } } },
  });
  assert.equal(verdict([save], check(['size: m, color: blue', 'size: s, color: blue'])), 'success');
  assert.equal(verdict([save], check(['size: s, color: blue'])), 'missing_navigation_event');
});
