// Goal tasks on a stateful site of the manifest (the shape of a WebArena site): a login, data
// that instances change, and nothing of one instance in the next.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { absoluteReferences } from '../src/evaluators/url.ts';
import { readResults } from '../src/runs/results-file.ts';
import { copyOf, placeSiteInstance, planSiteInstance, reachSite, resetSite } from '../src/runner/sites.ts';
import { ROOT, runPlaywrightAsync, tempDir } from './helpers.ts';
import { NotesSite, type Visit } from './sites/notes-site.ts';
// Registers the built-in benchmarks, as the config and the CLI do: MiniWoB's protocol, WebArena-Verified's evaluators.
import '../src/benchmarks/index.ts';

const SITE_TASKS = join(ROOT, 'test', 'fixtures', 'site-tasks', 'tasks.yaml');
let site: NotesSite;
before(async () => (site = await NotesSite.start()));
after(() => site.close());

/** The site's requests, one list per instance: each instance starts with its reset. */
function perInstance(visits: Visit[]): Visit[][] {
  const instances: Visit[][] = [];
  for (const visit of visits) {
    if (visit.method === 'POST' && visit.path === '/reset') instances.push([]);
    else instances.at(-1)?.push(visit);
  }
  return instances;
}

test('the oracle reaches 1.000 on every site task, do-nothing 0; no session or data of one instance reaches the next', async () => {
  // One worker: a stateful site is shared, and its instances take turns (as WebArena runs them).
  const run = await runPlaywrightAsync(['test', '--project=oracle', '--project=do-nothing', '--workers=1'], {
    BENCHWRIGHT_TASKS: SITE_TASKS, BENCHWRIGHT_NOTES_URL: site.url, BENCHWRIGHT_ALLURE: 'off',
  });
  assert.equal(run.code, 0, run.output);
  const results = readResults(join(run.dir, 'benchwright-report', 'latest', 'results.json'));
  const scores = (project: string) => results.instances.filter((i) => i.project === project).map((i) => `${i.task}/${i.instance} ${i.score}`);
  const scoring = (project: string, score: number) => scores(project).filter((s) => s.endsWith(` ${score}`)).length;
  assert.equal(scoring('oracle', 1), 9, scores('oracle').join('\n'));
  assert.equal(scoring('do-nothing', 0), 9, scores('do-nothing').join('\n'));

  const instances = perInstance(site.visits);
  assert.equal(instances.length, 18, 'one reset per instance');
  for (const visits of instances) {
    // Each starts with no cookie at all: the last instance's session cookie is gone...
    assert.deepEqual(visits[0], { method: 'GET', path: '/notes', cookie: false, session: false });
  }
  // ...though the oracle signed in during each of its instances, and sent it on.
  assert.equal(instances.filter((visits) => visits.some((v) => v.cookie && v.session)).length, 9);
  // The oracle's added notes were there when the next reset came, and each add-note instance
  // still counted 4 notes (its html check): the earlier instance's note was gone.
  assert.deepEqual(site.notesAtReset.filter((n) => n === 4).length, 3);
  const counted = results.evaluations.filter((e) => e.project === 'oracle' && e.task === 'notes-add').map((e) => (e.got as { value: string }[])[0]!.value);
  assert.deepEqual(counted, ['4 notes', '4 notes', '4 notes']);
});

test('a site that is not configured: its tasks are skipped with one reason; reset on one copy by two workers, its instances take turns', async () => {
  const visits = site.visits.length;
  const run = await runPlaywrightAsync(['test', '--project=oracle'], { BENCHWRIGHT_TASKS: SITE_TASKS, BENCHWRIGHT_NOTES_URL: '', BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  assert.match(run.output, /9 skipped/);
  assert.match(run.output, /site "notes" is not configured: set BENCHWRIGHT_NOTES_URL to its base URL/);
  assert.equal(site.visits.length, visits);
  // Two workers, one copy: each instance holds it alone (a reset would wipe the other's), so they take turns.
  const resets = site.notesAtReset.length;
  const parallel = await runPlaywrightAsync(['test', '--project=oracle', '--workers=2'], { BENCHWRIGHT_TASKS: SITE_TASKS, BENCHWRIGHT_NOTES_URL: site.url, BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(parallel.code, 0, parallel.output);
  assert.match(parallel.output, /10 passed/);
  assert.equal(site.notesAtReset.length - resets, 9);
});

test('a site comes from its variable; paths of a task are on the site even when its base URL has a path', () => {
  const entry = { env: 'SHOP_URL', reset: '/reset' };
  assert.deepEqual(reachSite('shop', entry, {}), { unavailable: 'site "shop" is not configured: set SHOP_URL to its base URL' });
  assert.deepEqual(reachSite('shop', entry, { SHOP_URL: 'http://10.0.0.5:7770/app/' }), { site: { name: 'shop', copies: ['http://10.0.0.5:7770/app'], otherOrigins: [], reset: '/reset' } });
  // Several URLs are copies of the site.
  const copies = reachSite('shop', entry, { SHOP_URL: 'http://10.0.0.5:7770/, http://10.0.0.6:7770' }).site!;
  assert.deepEqual(copyOf(copies, 1), { name: 'shop', base: 'http://10.0.0.6:7770', origins: ['http://10.0.0.6:7770'], reset: '/reset', copy: 1, copies: 2 });
  // Its pages may also reach the origins its *_ORIGINS variable holds; a value that is no URL names the variable.
  const map = { env: 'MAP', origins: { env: 'MAP_ORIGINS' } };
  assert.deepEqual(copyOf(reachSite('map', map, { MAP: 'http://10.0.0.5:3000', MAP_ORIGINS: 'http://10.0.0.5:8080/tile/, https://Tiles.example:443' }).site!, 0).origins, ['http://10.0.0.5:3000', 'http://10.0.0.5:8080', 'https://tiles.example']);
  assert.throws(() => reachSite('map', map, { MAP: 'http://10.0.0.5:3000', MAP_ORIGINS: '10.0.0.5:8080' }), /MAP_ORIGINS must hold the http\(s\) URLs site "map" also loads from, separated by commas, not "10.0.0.5:8080"/);
  assert.throws(() => reachSite('shop', entry, { SHOP_URL: 'ftp://host' }), /SHOP_URL must be an http\(s\) URL for site "shop"/);
  assert.throws(() => reachSite('shop', entry, { SHOP_URL: 'host:7770' }), /SHOP_URL must be an http\(s\) URL|SHOP_URL must be the base URL/);
  const from = { startUrl: 'http://10.0.0.5:7770/app/notes', siteBase: 'http://10.0.0.5:7770/app' };
  assert.equal(absoluteReferences('/notes/4 |OR| edit', from), 'http://10.0.0.5:7770/app/notes/4 |OR| http://10.0.0.5:7770/app/edit');
  assert.equal(absoluteReferences('book.html?id=dune', { startUrl: 'http://127.0.0.1:9/task/t/i/index.html' }), 'http://127.0.0.1:9/task/t/i/book.html?id=dune');
});

test('a site\'s login runs once per run, in the sites setup project; a refused login skips its tasks with the page\'s message', async () => {
  const manifest = join(ROOT, 'test', 'fixtures', 'site-logins', 'tasks.yaml');
  const env = { BENCHWRIGHT_TASKS: manifest, BENCHWRIGHT_NOTES_URL: site.url, BENCHWRIGHT_NOTES_USER: 'alice', BENCHWRIGHT_ALLURE: 'off' };
  const logins = () => site.visits.filter((v) => v.method === 'POST' && v.path === '/login').length;
  // These tasks do not reset the site: it starts as seeded, whatever the tests before left.
  await fetch(`${site.url}/reset`, { method: 'POST' });
  const before = logins();
  const run = await runPlaywrightAsync(['test', '--project=oracle', '--workers=2'], { ...env, BENCHWRIGHT_NOTES_PASSWORD: 'wonderland' });
  assert.equal(run.code, 0, run.output);
  assert.equal(logins() - before, 1, 'one login for the run');
  const results = readResults(join(run.dir, 'benchwright-report', 'latest', 'results.json'));
  // The placeholder __NOTES__ in the reference stands for the site's base URL.
  assert.deepEqual(results.instances.map((i) => `${i.instance} ${i.score}`).sort(), ['garden 1', 'groceries 1']);

  const refused = await runPlaywrightAsync(['test', '--project=oracle', '--workers=2'], { ...env, BENCHWRIGHT_NOTES_PASSWORD: 'guess' });
  assert.equal(refused.code, 0, refused.output);
  assert.equal(logins() - before, 2, 'the refused login was tried once');
  assert.match(refused.output, /3 skipped/);
  // Said once, for the run: the instances that need the login were skipped with it.
  assert.match(refused.output, /no benchmark instance ran \(logging in to site "notes" failed: Wrong username or password\.\)/);
});

test('a reset from a variable: a URL is POSTed, a command is run; failures name the variable, never its value; an instance that needs one unset is skipped', async () => {
  const dir = tempDir();
  const done = join(dir, 'reset-done');
  const shop = { name: 'shop', base: 'http://127.0.0.1:9', reset: { env: 'SHOP_RESET' }, copy: 0, copies: 1 };
  await resetSite(shop, { SHOP_RESET: `touch ${done}` });
  assert.ok(existsSync(done));
  await assert.rejects(resetSite(shop, { SHOP_RESET: 'echo oops >&2; exit 3 # token=s3cret' }), (e: Error) => /resetting site "shop" \(the command in SHOP_RESET\) failed: oops/.test(e.message) && !e.message.includes('s3cret'));
  const before = site.visits.length;
  await resetSite({ ...shop, base: site.url }, { SHOP_RESET: `${site.url}/reset` });
  assert.deepEqual(site.visits.slice(before).map((v) => `${v.method} ${v.path}`), ['POST /reset']);
  await assert.rejects(resetSite(shop, { SHOP_RESET: 'http://user:pw@127.0.0.1:9/reset' }), (e: Error) => /POST to the URL in SHOP_RESET/.test(e.message) && !e.message.includes('pw@'));

  const start = { kind: 'site' as const, site: 'shop', login: [], requireReset: true, changes: 'all' as const };
  const instance = { id: 'a', values: {}, gold: {}, annotators: 0, episode: { goal: { text: 'g' }, startUrl: '/', sites: ['shop', 'forum'] } };
  const sites = { shop: { env: 'SHOP', reset: { env: 'SHOP_RESET' } }, forum: { env: 'FORUM', reset: '/reset' } };
  assert.deepEqual(planSiteInstance(start, instance, sites, {}), { unavailable: 'site "shop" is not configured: set SHOP to its base URL; site "forum" is not configured: set FORUM to its base URL' });
  assert.deepEqual(planSiteInstance(start, instance, sites, { SHOP: 'http://a', FORUM: 'http://b' }), { unavailable: 'the task requires a reset of its sites: set SHOP_RESET to a URL to POST or a command to run' });
  // One URL cannot reset each of several copies; a command learns which copy it resets.
  assert.match((planSiteInstance(start, instance, sites, { SHOP: 'http://a,http://a2', FORUM: 'http://b', SHOP_RESET: 'http://a/reset' }) as { unavailable: string }).unavailable, /site "shop" has 2 copies and SHOP_RESET holds one URL to reset them: give a command/);
  const said = join(dir, 'copy');
  await resetSite({ ...shop, base: 'http://a2', copy: 1, copies: 2 }, { SHOP_RESET: `echo "$BENCHWRIGHT_SITE_COPY $BENCHWRIGHT_SITE_URL" > ${said}` });
  assert.equal(readFileSync(said, 'utf8'), '2 http://a2\n');
  // A network check keeps its placeholders: it renders only URLs itself, as WebArena-Verified does.
  const check = { evaluator: 'network', settings: { expected: { url: '__FORUM__/submit', post_data: { body: '[post](__FORUM__/f/1)' } } } };
  const withChecks = { ...instance, eval: [{ evaluator: 'url', settings: { reference_url: '__FORUM__/f/1' } }, check] };
  const plan = planSiteInstance(start, withChecks, sites, { SHOP: 'http://a/', FORUM: 'http://b,http://b2', SHOP_RESET: 'true' });
  assert.ok(!('unavailable' in plan));
  assert.deepEqual(plan.sites.map((s) => s.copies.length), [1, 2]);
  const ready = placeSiteInstance(start, withChecks, plan, { shop: 0, forum: 0 });
  assert.ok(!('unavailable' in ready));
  assert.deepEqual([ready.startUrl, ready.siteBases, ready.instance.eval![0]!.settings, ready.resets.map((s) => s.name)], ['http://a/', { shop: 'http://a', forum: 'http://b' }, { reference_url: 'http://b/f/1' }, ['shop', 'forum']]);
  assert.deepEqual(ready.instance.eval![1], check);
  // A task that changes one of its sites without a reset holds that site's copy alone and shares the other's; one that reads shares both.
  const configured = { SHOP: 'http://a', FORUM: 'http://b' };
  const posts = planSiteInstance({ ...start, requireReset: false, changes: ['forum'] }, instance, sites, configured);
  assert.deepEqual(['exclusive', 'reset'].map((k) => (posts as Record<string, unknown>)[k]), [['forum'], false]);
  assert.deepEqual((planSiteInstance({ ...start, requireReset: false, changes: [] }, instance, sites, configured) as { exclusive: string[] }).exclusive, []);
  assert.deepEqual((plan as { exclusive: string[] }).exclusive, ['shop', 'forum']);
});
