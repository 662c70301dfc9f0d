import { realpathSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { instanceKey } from '../../src/record/keys.ts';
import type { BenchmarkResults } from '../../src/record/results.ts';
import { readResults } from '../../src/runs/results-file.ts';
import { readTrajectories, type TrajectoryRecord } from '../../src/runs/trajectories.ts';
import { VERDICTS, verdictOf } from '../../src/viewer/verdict.ts';
import { ROOT, runCli, runPlaywrightAsync } from '../../test/helpers.ts';

// The viewer of real runs, opened from file:// in Chromium: the bundled tasks (forms and goal
// tasks) by the oracle and do-nothing, every step's page kept; and the oracle's and random's
// runs of one task side by side.

interface Run {
  folder: string;
  results: BenchmarkResults;
  trajectories: TrajectoryRecord[];
}

let runA: Run;
let oracle: Run;
let random: Run;
let urlA: string;

async function realRun(projects: string[], ...args: string[]): Promise<Run> {
  const ran = await runPlaywrightAsync(['test', ...projects.map((p) => `--project=${p}`), '--workers=2', ...args], { BENCHWRIGHT_TASKS: join(ROOT, 'tasks.yaml'), BENCHWRIGHT_SCREENSHOT: 'steps', BENCHWRIGHT_ALLURE: 'off' });
  const folder = realpathSync(join(ran.dir, 'benchwright-report', 'latest'));
  return { folder, results: readResults(join(folder, 'results.json')), trajectories: readTrajectories(folder) };
}

const addressOf = (args: string[]) => {
  const shown = runCli(['show', ...args, '--no-open']);
  expect(shown.code, shown.stderr).toBe(0);
  return /benchwright show: (\S+)/.exec(shown.stdout)![1]!;
};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(600_000);
  [runA, oracle, random] = await Promise.all([realRun(['oracle', 'do-nothing']), realRun(['oracle'], '--grep', '@bookshop-price'), realRun(['random'], '--grep', '@bookshop-price')]);
  urlA = addressOf([runA.folder]);
});

/** Opens an instance as a user does: searches its id, clicks its row of the project. */
async function openInstance(page: Page, project: string, task: string, instance: string) {
  await page.locator('input[name=text]').fill(instance);
  await page.locator('.row', { hasText: task }).filter({ hasText: project }).first().click();
  await expect(page.locator('#instance')).toHaveAttribute('data-loaded', [project, task, instance].join('\u0000'));
}

test('the list: every instance, and the filters narrow it', async ({ page }) => {
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(urlA);
  const { instances } = runA.results;
  await expect(page.locator('#count')).toHaveText(`${instances.length} of ${instances.length}`);
  const count = (keep: (i: (typeof instances)[number]) => boolean) => instances.filter(keep).length;
  await page.locator('select[name=verdict]').selectOption({ index: 1 + VERDICTS.indexOf('won') });
  await expect(page.locator('#count')).toHaveText(`${count((i) => verdictOf(i) === 'won')} of ${instances.length}`);
  await page.locator('select[name=project]').selectOption({ label: 'do-nothing' });
  await page.locator('select[name=verdict]').selectOption({ index: 1 + VERDICTS.indexOf('partial') });
  const partial = count((i) => i.project === 'do-nothing' && verdictOf(i) === 'partial');
  expect(partial).toBeGreaterThan(0);
  await expect(page.locator('#count')).toHaveText(`${partial} of ${instances.length}`);
  for (const row of await page.locator('.row').all()) await expect(row.locator('.verdict')).toHaveText('partial');
  await page.locator('select[name=project]').selectOption({ label: 'all' });
  await page.locator('select[name=verdict]').selectOption({ label: 'all' });
  await page.locator('select[name=task]').selectOption({ label: 'bookshop-price' });
  await expect(page.locator('#count')).toHaveText(`${count((i) => i.task === 'bookshop-price')} of ${instances.length}`);
  // Nothing but the run's own files: no server, no CDN.
  expect(requests.filter((url) => !url.startsWith('file://'))).toEqual([]);
});

test("an episode: each step with its screenshot, the tree with the acted element marked, and the evaluator's evidence", async ({ page }) => {
  await page.goto(urlA);
  await openInstance(page, 'oracle', 'bookshop-price', 'kindred');
  const { trajectory } = runA.trajectories.find((t) => instanceKey(t) === instanceKey({ project: 'oracle', task: 'bookshop-price', instance: 'kindred' }))!;
  const steps = page.locator('.episode .step');
  await expect(steps).toHaveCount(trajectory!.steps.length);
  for (const [i, step] of trajectory!.steps.entries()) {
    const card = steps.nth(i);
    await expect(card.locator('h4')).toHaveText(`step ${step.step} · ${step.action} · done`);
    // A real image, loaded from the run folder.
    const shot = card.locator('img.shot');
    await shot.scrollIntoViewIfNeeded();
    await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  }
  const acting = steps.filter({ hasText: 'click(' }).first();
  await acting.locator('details.tree summary').click();
  await expect(acting.locator('.line.acted')).toContainText(/\[ref=/);
  const evaluation = runA.results.evaluations.find((e) => e.project === 'oracle' && e.task === 'bookshop-price' && e.instance === 'kindred')!;
  const shown = page.locator('.evaluation[data-evaluator="answer"]');
  await expect(shown.locator('h4')).toHaveText('answer: 1');
  const written = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null, null, 2));
  await expect(shown.locator('.expected')).toHaveText(written(evaluation.expected));
  await expect(shown.locator('.got')).toHaveText(written(evaluation.got));
});

test("a form: every field with its answers, what was read and its score, marked on the final page", async ({ page }) => {
  await page.goto(urlA);
  await openInstance(page, 'do-nothing', 'review-sentiment', 'kettle');
  const fields = runA.results.fields.filter((f) => f.project === 'do-nothing' && f.task === 'review-sentiment' && f.instance === 'kettle');
  const rows = page.locator('table.fields tbody tr');
  await expect(rows).toHaveCount(fields.length);
  for (const [i, field] of fields.entries()) {
    await expect(rows.nth(i).locator('td').first()).toHaveText(field.field);
    await expect(rows.nth(i).locator('li')).toHaveCount(field.gold.length);
  }
  await expect(page.locator('.final-page img')).toBeVisible();
  const located = page.locator('table.fields tbody tr.located').first();
  const name = await located.locator('td').first().textContent();
  await located.click();
  await expect(page.locator(`.field-box.marked[data-field="${name}"]`)).toBeVisible();
});

test('two runs side by side: the same instance, the first step where the episodes differ marked', async ({ page }) => {
  // One project each: paired whatever their names, as benchwright compare pairs them.
  await page.goto(addressOf([oracle.folder, random.folder]));
  await expect(page.locator('#other-name')).toContainText(random.folder.split('/').at(-1)!);
  await openInstance(page, 'oracle', 'bookshop-price', 'kindred');
  const grid = page.locator('.side-by-side');
  await expect(grid).toBeVisible();
  const mine = oracle.trajectories.find((t) => t.task === 'bookshop-price' && t.instance === 'kindred')!.trajectory!;
  const theirs = random.trajectories.find((t) => t.task === 'bookshop-price' && t.instance === 'kindred')!.trajectory!;
  const acted = (s: (typeof mine.steps)[number] | undefined) => s && (s.byRef ?? s.action);
  const differ = mine.steps.findIndex((s, i) => acted(theirs.steps[i]) !== acted(s));
  expect(differ).toBeGreaterThanOrEqual(0);
  await expect(grid.locator('.step.differs')).toHaveCount(mine.steps[differ] && theirs.steps[differ] ? 2 : 1);
  await expect(page.locator('.difference-summary')).toHaveText(`the episodes differ from step ${differ + 1}`);
  await expect(page.locator('.other')).toContainText('(random)');
  // Both runs' screenshots show.
  await expect(grid.locator('img.shot')).toHaveCount(mine.steps.length + theirs.steps.length);

  // A run of two projects beside one of another name: nothing is paired, nothing pretends to be.
  await page.goto(addressOf([runA.folder, random.folder]));
  await openInstance(page, 'oracle', 'bookshop-price', 'kindred');
  await expect(page.locator('.episode .step').first()).toBeVisible();
  await expect(page.locator('.side-by-side, .other')).toHaveCount(0);
});
