import { test } from '@playwright/test';
import { logIn } from '../src/runner/logins.ts';
import { chosenBenchmark } from '../src/runner/chosen-benchmark.ts';
import { copyName, copyOf, reachSite, type SiteCopies } from '../src/runner/sites.ts';

// The sites setup project (Playwright's authentication pattern): each copy of each site of the
// manifest with a login recipe is logged in to once per run, before any benchmark project; its
// tasks start with the storage state kept here. A login the site refuses skips its test with
// the page's message (a failed setup would stop every task of the run, also those that need no
// login): its instances run on the copies whose login worked, or, none, are skipped with it.
const { manifest } = chosenBenchmark();

for (const [name, entry] of Object.entries(manifest.sites)) {
  if (!entry.login) continue;
  const recipe = entry.login;
  let reached: { site?: SiteCopies; unavailable?: string };
  try {
    reached = reachSite(name, entry);
  } catch (e) {
    reached = { unavailable: (e as Error).message };
  }
  const { site, unavailable } = reached;
  if (!site) {
    test(`log in to ${name}`, { annotation: { type: 'site', description: name } }, () => test.skip(true, unavailable));
    continue;
  }
  for (const copy of site.copies.map((_, index) => copyOf(site, index))) {
    test(`log in to ${copyName(copy).replace(/^site /, '').replaceAll('"', '')}`, { annotation: { type: 'site', description: name } }, async ({ browser }) => {
      const failed = await logIn(browser, copy, recipe);
      test.skip(failed !== undefined, `logging in to ${copyName(copy)} failed: ${failed}`);
    });
  }
}
