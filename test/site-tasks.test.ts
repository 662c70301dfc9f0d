// Goal tasks on a stateful site of the manifest (the shape of a WebArena site): a login, data
// that instances change, and nothing of one instance in the next.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { readResults } from '../src/report/results.ts';
import { ROOT, runPlaywrightAsync } from './helpers.ts';
import { NotesSite, type Visit } from './sites/notes-site.ts';

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
    // Each starts signed out: the last instance's cookie is gone (the site would know it until reset)...
    assert.deepEqual(visits[0], { method: 'GET', path: '/notes', session: false });
  }
  // ...though the oracle signed in during each of its instances.
  assert.ok(instances.filter((visits) => visits.some((v) => v.session)).length >= 9);
  // The oracle's added notes were there when the next reset came, and each add-note instance
  // still counted 4 notes (its html check): the earlier instance's note was gone.
  assert.deepEqual(site.notesAtReset.filter((n) => n === 4).length, 3);
  const counted = results.evaluations.filter((e) => e.project === 'oracle' && e.task === 'notes-add').map((e) => (e.got as { value: string }[])[0]!.value);
  assert.deepEqual(counted, ['4 notes', '4 notes', '4 notes']);
});

test('a site that is not configured: its tasks are skipped with one reason naming the variable', async () => {
  const visits = site.visits.length;
  const run = await runPlaywrightAsync(['test', '--project=oracle'], { BENCHWRIGHT_TASKS: SITE_TASKS, BENCHWRIGHT_NOTES_URL: '', BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(run.code, 0, run.output);
  assert.match(run.output, /9 skipped/);
  assert.match(run.output, /site "notes" is not configured: set BENCHWRIGHT_NOTES_URL to its base URL/);
  assert.equal(site.visits.length, visits);
});
