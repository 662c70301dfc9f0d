// The jobs of a snapshot: each runs benchmarks on a checkout as its README says, then keeps
// their outputs. Inputs (stand-in sites, the fake judge, fixtures, ../shared) are this
// repository's, so two checkouts see the same ones.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FORUM_USER, ForumSite } from '../../test/sites/forum-site.ts';
import { SearchSite } from '../../test/sites/search-site.ts';
import { SHOP_ADMIN, SHOP_CUSTOMER, ShopSite } from '../../test/sites/shop-site.ts';
import { normalize, pathMasks, write } from './collect.ts';
import { cleanEnv, exportFormats, JobRun } from './run.ts';

export const REPO = resolve(import.meta.dirname, '..', '..');
const FIXTURES = join(REPO, 'test', 'fixtures');
const SHARED = resolve(REPO, '..', 'shared');
const BOTH = ['--project=oracle', '--project=do-nothing'];

type Job = (job: JobRun) => Promise<void>;

/**
 * MiniWoB pages on which the random agent's episodes differ from one run of the same code to the
 * next (5 runs of 2 seeds: the tree, an action's error or whether it worked), as their clocks run
 * in real time once loaded: prices that tick, a blinking cursor, animated date pickers, pie menus
 * and mail panes, a cube under the mouse, an editor's selection. Their scores never changed; they
 * are left out, with their families. Another page found differing in random/report/trajectories.jsonl
 * alone, with no change to its actions' code, is likely one more: run the snapshot again.
 */
const TIMED_PAGES = ['choose-date[\\w-]*', 'click-pie[\\w-]*', 'drag-cube', 'email-inbox[\\w-]*', 'stock-market', 'terminal', 'text-editor'];

const JOBS: Record<string, Job> = {
  /** The repository's own tasks.yaml (forms and the bookshop's goal tasks). */
  async bundled(job) {
    const run = await job.playwright('run', [...BOTH, '--workers=2'], {});
    await job.afterRun('run', run, { forms: true, goals: true });
  },

  /** The real TurkingBench train split, 2 instances a task (src/benchmarks/turkingbench/README.md, "Run"). */
  async turkingbench(job) {
    const tb = await job.import('turkingbench', join(SHARED, 'turkingbench'));
    const run = await job.playwright('run', [...BOTH, '--workers=2'], { BENCHWRIGHT_TASKS: tb, BENCHWRIGHT_SPLIT: 'train', BENCHWRIGHT_INSTANCES: '2' });
    await job.afterRun('run', run, { forms: true });
  },

  /** MiniWoB++, seeds 1 and 2 (src/benchmarks/miniwob/README.md): do-nothing on every page, random on all but the timed ones. */
  async miniwob(job) {
    const mw = await job.import('miniwob', join(SHARED, 'miniwob'));
    const env = { BENCHWRIGHT_TASKS: mw, BENCHWRIGHT_INSTANCES: '2', BENCHWRIGHT_SCREENSHOT: 'off' };
    const nothing = await job.playwright('do-nothing', ['--project=do-nothing', '--workers=2'], env);
    await job.afterRun('do-nothing', nothing, { goals: true });
    const random = await job.playwright('random', ['--project=random', '--workers=2', '--grep-invert', `@(${TIMED_PAGES.join('|')})( |$)`], env);
    await job.afterRun('random', random, { goals: true });
  },

  /** WebArena's configurations on the forum and shop stand-ins, judged by a local model (test/webarena-standins.test.ts). */
  async webarena(job) {
    // Imported here: the fake judge is built on src/ of this repository, which a refactor may have half moved.
    const { FakeOpenAI, textOf } = await import('../../test/fake-openai.ts');
    const judge = await FakeOpenAI.start((request) => {
      // WebArena's judge, read as WebArena reads it: correct when the student's answer holds the reference.
      const prompt = textOf(request.body.messages.at(-1)!.content);
      const [reference, student] = ['reference answer', 'student answer'].map((label) => new RegExp(`${label}: (.*)`).exec(prompt)?.[1]?.toLowerCase() ?? '');
      return { content: student!.includes(reference!) ? 'correct' : 'incorrect' };
    });
    await onSites(job, async (sites) => {
      job.mask(judge.url, '<judge>');
      const wa = await job.import('webarena', join(FIXTURES, 'webarena-standins', 'test.raw.json'));
      const env = { ...sites.env, BENCHWRIGHT_TASKS: join(wa, 'tasks.yaml'), OPENAI_BASE_URL: judge.url, OPENAI_API_KEY: 'local', REDDIT_RESET: `${sites.forum.url}/reset` };
      for (const project of ['oracle', 'do-nothing']) {
        judge.requests.length = 0;
        const run = await job.playwright(project, [`--project=${project}`, '--workers=1'], env);
        job.keep(join(project, 'judge-requests.json'), JSON.stringify(judge.requests.map((r) => r.body), null, 2));
        await job.afterRun(project, run, { goals: true }, env);
        await sites.reset();
      }
      await job.cli('compare', 'oracle-do-nothing', ['compare', join(job.work, 'oracle', 'benchwright-report', 'latest'), join(job.work, 'do-nothing', 'benchwright-report', 'latest')]);
    }).finally(() => judge.close());
  },

  /** WebArena-Verified's format on the stand-ins, HARs recorded, then evaluated again as another harness's run (test/webarena-verified-standins.test.ts). */
  async 'webarena-verified'(job) {
    await onSites(job, async (sites) => {
      const dataset = join(FIXTURES, 'webarena-verified-standins', 'webarena-verified.json');
      const wv = await job.import('webarena-verified', dataset);
      const env = { ...sites.env, BENCHWRIGHT_TASKS: join(wv, 'tasks.yaml') };
      for (const project of ['oracle', 'do-nothing']) {
        const run = await job.playwright(project, [`--project=${project}`, '--workers=1'], env);
        await job.afterRun(project, run, { goals: true }, env);
        await evaluateExport(job, project, dataset, wv);
        await sites.reset();
      }
    });
  },

  /** AssistantBench's questions on the local search site (test/assistantbench.test.ts). */
  async assistantbench(job) {
    const search = await SearchSite.start();
    try {
      job.mask(search.url, '<search>');
      const ab = await job.import('assistantbench', join(FIXTURES, 'assistantbench'));
      const run = await job.playwright('run', [...BOTH, '--workers=2'], { BENCHWRIGHT_TASKS: join(ab, 'tasks.yaml'), ASSISTANTBENCH_SEARCH: search.url });
      await job.afterRun('run', run, { goals: true });
    } finally {
      await search.close();
    }
  },
};

interface Sites {
  forum: ForumSite;
  env: Record<string, string>;
  reset(): Promise<void>;
}

/** The forum and shop stand-ins with WebArena's variables, for the length of `body`. */
async function onSites(job: JobRun, body: (sites: Sites) => Promise<void>): Promise<void> {
  const [forum, shop] = await Promise.all([ForumSite.start(), ShopSite.start()]);
  try {
    job.mask(forum.url, '<forum>');
    job.mask(shop.url, '<shop>');
    const env = {
      REDDIT: forum.url, SHOPPING: shop.url, SHOPPING_ADMIN: `${shop.url}/admin`,
      REDDIT_USERNAME: FORUM_USER.name, REDDIT_PASSWORD: FORUM_USER.password, SHOPPING_USERNAME: SHOP_CUSTOMER.email, SHOPPING_PASSWORD: SHOP_CUSTOMER.password,
      SHOPPING_ADMIN_USERNAME: SHOP_ADMIN.name, SHOPPING_ADMIN_PASSWORD: SHOP_ADMIN.password,
    };
    // As the tests do between two runs: what the oracle changed is undone.
    const reset = async () => void (await Promise.all([forum, shop].map((s) => fetch(`${s.url}/reset`, { method: 'POST' }))));
    await body({ forum, env, reset });
  } finally {
    await Promise.all([forum.close(), shop.close()]);
  }
}

/** `benchwright evaluate webarena-verified --json` on each project's export, with the dataset and with the imported folder. */
async function evaluateExport(job: JobRun, run: string, dataset: string, imported: string): Promise<void> {
  const exported = join(job.work, run, 'export', 'webarena-verified');
  for (const project of readdirSync(exported).filter((f) => statSync(join(exported, f)).isDirectory())) {
    // The dataset's verdicts last: theirs are the eval_result.json files kept.
    await job.cli(run, `evaluate-imported-${project}`, ['evaluate', 'webarena-verified', imported, '--output-dir', join(exported, project), '--json']);
    await job.cli(run, `evaluate-${project}`, ['evaluate', 'webarena-verified', dataset, '--output-dir', join(exported, project), '--json']);
  }
}

/** Runs the jobs (all, or those named) on a checkout; writes <out>/<job>/; returns how many could not run. */
export async function snapshot(checkout: string, out: string, only?: string[]): Promise<number> {
  const unknown = only?.filter((name) => !JOBS[name]);
  if (unknown?.length) throw new Error(`unknown job ${unknown.join(', ')}; jobs: ${Object.keys(JOBS).join(', ')}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'same-outputs-work-'));
  const masks = [...pathMasks(checkout, '<checkout>'), ...pathMasks(work, '<work>'), ...pathMasks(FIXTURES, '<fixtures>'), ...pathMasks(SHARED, '<shared>')];
  const env = cleanEnv(work);
  const formats = exportFormats(checkout, env);
  let failed = 0;
  for (const [name, body] of Object.entries(JOBS).filter(([name]) => !only || only.includes(name))) {
    const started = Date.now();
    const job = new JobRun(checkout, join(work, name), join(out, name), env, formats, masks);
    try {
      await body(job);
    } catch (e) {
      failed++;
      write(join(out, name, 'ERROR.txt'), normalize(`${(e as Error).message}\n`, job.masks));
      console.error(`[same-outputs] ${name} could not run: ${(e as Error).message}`);
    }
    job.finish();
    for (const warning of job.warnings) console.error(`[same-outputs] ${name}: ${warning}`);
    console.error(`[same-outputs] ${checkout}: ${name} ${Math.round((Date.now() - started) / 1000)} s`);
  }
  rmSync(work, { recursive: true, force: true });
  return failed;
}
