// WebArena-Verified's network evaluator, part by part: URLs as the reference normalises and
// compares them (data_types/url.py with url-normalize), and the events of a recorded HAR.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { harEntries, isEvaluationEvent, isNavigationEvent, parseHarContent } from '../src/benchmarks/webarena-verified/network/har.ts';
import { normalizeUrl, parseQuery, sameQuery, samePath, urlNormalize } from '../src/benchmarks/webarena-verified/network/urls.ts';
import { SHARED_CONFORMANCE } from './helpers.ts';

const RUN_HAR = join(SHARED_CONFORMANCE, 'webarena-verified-runs', '107', 'network.har');

const SITES = { __SHOPPING_ADMIN__: 'http://192.168.1.35:7780/admin', __SHOPPING__: 'http://192.168.1.35:7780', __GITLAB__: 'http://192.168.1.35:8023' };

test('url-normalize: scheme and host lower-cased, default port dropped, path and query re-quoted, dot segments resolved', () => {
  assert.equal(urlNormalize('HTTP://Example.COM:80/a/./b/../c d'), 'http://example.com/a/c%20d');
  assert.equal(urlNormalize('https://example.com:443/?q=a b&x='), 'https://example.com/?q=a%20b&x');
  assert.equal(urlNormalize('example.com/x'), 'https://example.com/x');
  assert.equal(urlNormalize('http://h:8023/%7Euser/caf%C3%A9'), 'http://h:8023/~user/caf%C3%A9');
  // url-normalize 2.2.1's own path cases (tests/test_normalize_path.py): quoted first, then dot and empty segments.
  const paths: [string, string][] = [
    ['..', '/'], ['', '/'], ['/../foo', '/foo'], ['/..foo', '/..foo'], ['/./../foo', '/foo'], ['/./foo/.', '/foo/'], ['/foo//', '/foo/'],
    ['/foo///bar//', '/foo/bar/'], ['/foo/bar/../../../../baz', '/baz'], ['/foo/bar/../', '/foo/'], ['/foo/bar/.', '/foo/bar/'],
    ['/More+Tea+Vicar%3F/discussion', '/More+Tea+Vicar%3F/discussion'], ['/a/%2E%2E/b', '/b'],
  ];
  for (const [path, expected] of paths) assert.equal(urlNormalize(`http://h${path.startsWith('/') ? '' : '/'}${path}`).slice('http://h'.length), expected, path);
  // Task 566's expected URL has a doubled slash: it reads as the request's.
  assert.equal(normalizeUrl('__GITLAB__//api/v4/projects/1', SITES).base, normalizeUrl('http://192.168.1.35:8023/api/v4/projects/1', SITES).base);
});

test('a URL of the run reads as its site\'s placeholder; the query as sorted lower-cased values, ignored keys left out; base64 path segments become query', () => {
  const expected = normalizeUrl('__SHOPPING_ADMIN__/sales/order/', SITES);
  assert.deepEqual(expected, { base: '__SHOPPING_ADMIN__/sales/order', regex: false, query: {} });
  const actual = normalizeUrl('http://192.168.1.35:7780/admin/sales/order/?search=Grace.Nguyen%40yahoo.com&isAjax=true', SITES, { ignored: { patterns: ['isAjax'] } });
  // The trailing / goes only where nothing follows it (the reference strips the whole URL); paths compare without it.
  assert.deepEqual(actual, { base: '__SHOPPING_ADMIN__/sales/order/', regex: false, query: { search: ['grace.nguyen@yahoo.com'] } });
  assert.ok(samePath(expected, actual, SITES));
  // The shop's own URL is not the admin's: the longest site URL is taken first.
  assert.equal(normalizeUrl('http://192.168.1.35:7780/checkout/', SITES).base, '__SHOPPING__/checkout');
  const encoded = normalizeUrl('http://192.168.1.35:7780/catalogsearch/result/cT1zaG9lcw==/', SITES, { decodeBase64: true });
  assert.deepEqual([encoded.base, encoded.query], ['__SHOPPING__/catalogsearch/result', { q: ['shoes'] }]);
  assert.deepEqual([...parseQuery('a=1&b=x+y&a=2&c=%2541')], [['a', ['1', '2']], ['b', ['x y']], ['c', ['A']]]);
});

test('paths: literal ones equal without case or a trailing /, a regex matched with its site rendered; queries: missing and empty alike, a regex value matched', () => {
  const pattern = normalizeUrl('^__SHOPPING__/checkout/cart/add/uenc/.*/product/22490$', SITES);
  assert.ok(samePath(pattern, normalizeUrl('http://192.168.1.35:7780/checkout/cart/add/uenc/aHR0cDovL2E,/product/22490/', SITES), SITES));
  assert.ok(!samePath(pattern, normalizeUrl('http://192.168.1.35:7780/checkout/cart/add/uenc/x/product/22491/', SITES), SITES));
  assert.ok(samePath(normalizeUrl('__GITLAB__/A11yProject', SITES), normalizeUrl('http://192.168.1.35:8023/a11yproject/', SITES), SITES));
  const withQuery = (q: string) => normalizeUrl(`__GITLAB__/issues?${q}`, SITES);
  assert.ok(sameQuery(withQuery('state=opened'), withQuery('state=opened&search=')));
  assert.ok(!sameQuery(withQuery('state=opened'), withQuery('state=opened&search=x')));
  assert.ok(sameQuery(normalizeUrl('__GITLAB__/issues', SITES, { query: { state: ['^(opened|)$'] } }), withQuery('')));
  assert.ok(!sameQuery(normalizeUrl('__GITLAB__/issues', SITES, { query: { state: ['^(opened|)$'] } }), withQuery('state=closed')));
});

test('a recorded HAR: its evaluation events (no style sheet, script, image or font), its navigations, posted forms, JSON and multipart bodies', { skip: !existsSync(RUN_HAR) && 'no ../shared/conformance/webarena-verified-runs' }, () => {
  const entries = harEntries(readFileSync(RUN_HAR, 'utf8'), RUN_HAR);
  const events = entries.filter(isEvaluationEvent);
  assert.deepEqual([entries.length, events.length], [359, 50]);
  assert.deepEqual(events.filter(isNavigationEvent).map((e) => [e.request.url, e.response.status]), [
    ['http://192.168.1.35:7780/admin', 302], ['http://192.168.1.35:7780/admin/admin/dashboard/', 200], ['http://192.168.1.35:7780/admin/customer/index/', 200],
  ]);
  assert.throws(() => harEntries('{"log": {"entries": []}}', 'x.har'), /x\.har: HAR file contains no entries/);
  assert.deepEqual(parseHarContent({ mimeType: 'application/x-www-form-urlencoded; charset=UTF-8', text: 'product%5Bprice%5D=49&form_key=k&a=1&a=2&b=x+y' }), { 'product[price]': '49', form_key: 'k', a: '1', b: 'x y' });
  assert.deepEqual(parseHarContent({ mimeType: 'application/json', text: '{"note": {"note": "hi"}}' }), { note: { note: 'hi' } });
  assert.equal(parseHarContent({ mimeType: 'application/json', text: '[1]' }), null);
  const multipart = '------b\r\nContent-Disposition: form-data; name="title"\r\n\r\nHello\r\n------b\r\nContent-Disposition: form-data; name="body"\r\n\r\nLine 1\nLine 2\r\n------b--\r\n';
  assert.deepEqual(parseHarContent({ mimeType: 'multipart/form-data; boundary=----b', text: multipart }), { title: 'Hello', body: 'Line 1\nLine 2' });
  assert.equal(parseHarContent({ mimeType: 'text/plain', text: 'x' }), null);
});
