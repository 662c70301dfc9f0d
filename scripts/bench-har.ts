// npm run bench: what recording a site episode's traffic costs in bytes. The
// WebArena-Verified stand-in tasks (test/fixtures/webarena-verified-standins), imported and run
// by the oracle against the stand-in forum and shop, one worker: per episode its steps, the HAR
// kept in the run folder (Playwright's recordHar, response bodies omitted, request bodies written
// in) and what the network checks keep of it in results.json (the evidence a rescore reads).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { importWebArenaVerified } from '../src/benchmarks/webarena-verified/import.ts';
import { networkFile } from '../src/runs/network-files.ts';
import { readResults } from '../src/runs/results-file.ts';
import { runPlaywrightAsync, tempDir } from '../test/helpers.ts';
import { FORUM_USER, ForumSite } from '../test/sites/forum-site.ts';
import { SHOP_ADMIN, SHOP_CUSTOMER, ShopSite } from '../test/sites/shop-site.ts';

const [forum, shop] = await Promise.all([ForumSite.start(), ShopSite.start()]);
try {
  const imported = tempDir();
  importWebArenaVerified('test/fixtures/webarena-verified-standins/webarena-verified.json', imported);
  const started = performance.now();
  const run = await runPlaywrightAsync(['test', '--project=oracle', '--workers=1'], {
    BENCHWRIGHT_TASKS: join(imported, 'tasks.yaml'), BENCHWRIGHT_ALLURE: 'off',
    REDDIT: forum.url, SHOPPING: shop.url, SHOPPING_ADMIN: `${shop.url}/admin`,
    REDDIT_USERNAME: FORUM_USER.name, REDDIT_PASSWORD: FORUM_USER.password, SHOPPING_USERNAME: SHOP_CUSTOMER.email, SHOPPING_PASSWORD: SHOP_CUSTOMER.password,
    SHOPPING_ADMIN_USERNAME: SHOP_ADMIN.name, SHOPPING_ADMIN_PASSWORD: SHOP_ADMIN.password,
  });
  if (run.code !== 0) throw new Error(run.output);
  const folder = join(run.dir, 'benchwright-report', 'latest');
  const results = readResults(join(folder, 'results.json'));
  const rows = results.instances.map((i) => {
    const har = networkFile(folder, i.project, i.task, i.instance);
    const entries = (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: unknown[] } }).log.entries.length;
    const evidence = results.evaluations.filter((e) => e.instance === i.instance && e.evaluator === 'network').reduce((n, e) => n + JSON.stringify(e.inputs ?? {}).length, 0);
    return { instance: i.instance, steps: i.episode?.steps ?? 0, entries, bytes: statSync(har).size, evidence };
  });
  console.log('HAR recording of site episodes (oracle, WebArena-Verified stand-ins, 1 worker):');
  console.log('instance  steps  entries  HAR bytes  bytes/step  network evidence in results.json');
  for (const r of rows) console.log(`${r.instance.padEnd(8)}  ${String(r.steps).padStart(5)}  ${String(r.entries).padStart(7)}  ${String(r.bytes).padStart(9)}  ${String(Math.round(r.bytes / Math.max(1, r.steps))).padStart(10)}  ${String(r.evidence).padStart(8)}`);
  const sum = (key: 'steps' | 'bytes' | 'evidence') => rows.reduce((n, r) => n + r[key], 0);
  const [steps, bytes, evidence] = [sum('steps'), sum('bytes'), sum('evidence')];
  const kept = readdirSync(join(folder, 'network'), { recursive: true }).filter((f) => String(f).endsWith('.har')).length;
  console.log(`total: ${rows.length} episodes, ${steps} steps, ${bytes} HAR bytes (${Math.round(bytes / steps)} per step, ${Math.round(bytes / rows.length)} per episode), ${evidence} bytes of network evidence; ${kept} HAR files kept in the run folder; run ${((performance.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await Promise.all([forum.close(), shop.close()]);
}
