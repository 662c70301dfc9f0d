import { test } from '@playwright/test';
import { logIn } from '../src/runner/logins.ts';
import { chosenBenchmark } from '../src/runner/chosen-benchmark.ts';
import { reachSite } from '../src/runner/sites.ts';

// The sites setup project (Playwright's authentication pattern): each site of the manifest
// with a login recipe is logged in to once per run, before any benchmark project; its tasks
// start with the storage state kept here. A login the site refuses skips its test with the
// page's message (a failed setup would stop every task of the run, also those that need no
// login): each instance that needs it is skipped with the same message.
const { manifest } = chosenBenchmark();

for (const [name, entry] of Object.entries(manifest.sites)) {
  if (!entry.login) continue;
  const recipe = entry.login;
  test(`log in to ${name}`, { annotation: { type: 'site', description: name } }, async ({ browser }) => {
    let reached: ReturnType<typeof reachSite>;
    try {
      reached = reachSite(name, entry);
    } catch (e) {
      reached = { unavailable: (e as Error).message };
    }
    const { site, unavailable } = reached;
    test.skip(!site, unavailable);
    const failed = await logIn(browser, site!, recipe);
    test.skip(failed !== undefined, `logging in to site "${name}" failed: ${failed}`);
  });
}
