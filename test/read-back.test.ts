import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { chromium } from '@playwright/test';
import { ActionLibrary } from '../src/actions/library.ts';
import type { Evaluation } from '../src/record/evaluation.ts';
import { observe } from '../src/observe/observe.ts';
import { readResults } from '../src/runs/results-file.ts';
import { executableFor, findChromium, isFound } from '../src/setup/chromium.ts';
import { thisMachine } from '../src/setup/machine.ts';
import { jsonAttachments, latestResults, ROOT, runCli, runPlaywright, tempDir } from './helpers.ts';

// Issue 37, end to end: text fields scored as the original harness scores them, and a page
// read back once it has settled.
const TASKS = join(ROOT, 'test', 'fixtures', 'read-back');
const REPEATS = 20;
let run: ReturnType<typeof runPlaywright>;
let repeated: ReturnType<typeof runPlaywright>;
let repeatedReport: string;

before(() => {
  run = runPlaywright(['test', '--project=oracle', '--project=do-nothing'], { BENCHWRIGHT_TASKS: TASKS, BENCHWRIGHT_ALLURE: 'off' });
  repeatedReport = join(tempDir(), 'report.json');
  repeated = runPlaywright(['test', '--project=oracle', '--grep', 'makes-no-sense', `--repeat-each=${REPEATS}`, '--reporter=json'], {
    BENCHWRIGHT_TASKS: TASKS, BENCHWRIGHT_ALLURE: 'off', PLAYWRIGHT_JSON_OUTPUT_FILE: repeatedReport,
  });
});

const fieldsOf = (project: string, task: string) =>
  latestResults(run.dir).fields.filter((f) => f.project === project && f.task === task).map((f) => [f.instance, f.field, f.score, f.ceiling ?? null, f.reason ?? null]);

test('a text field some annotators left empty: leaving it empty scores 0, the oracle 1; all empty is not scored', () => {
  assert.equal(run.code, 0, run.output);
  const empty = 'every gold answer is empty';
  assert.deepEqual(fieldsOf('do-nothing', 'empty-text-gold').filter(([, field]) => field !== 'quality'), [
    ['all-empty', 'summary', null, null, empty], ['all-empty', 'comment', null, null, empty],
    ['answered', 'summary', 0, 1, null], ['answered', 'comment', 0, 1, null],
    ['split', 'summary', 0, 1, null], ['split', 'comment', null, null, empty],
  ]);
  assert.equal(fieldsOf('oracle', 'empty-text-gold').length, 9);
  for (const [instance, field, score, ceiling] of fieldsOf('oracle', 'empty-text-gold')) {
    if (ceiling !== null) assert.deepEqual([instance, field, score], [instance, field, 1]);
  }
  // The instances keep their other field: all-empty is scored on it alone, as the original counts it.
  const instances = latestResults(run.dir).instances.filter((i) => i.task === 'empty-text-gold');
  assert.deepEqual(instances.map((i) => [i.project, i.instance, i.score]).sort(), [
    ['do-nothing', 'all-empty', 0], ['do-nothing', 'answered', 0], ['do-nothing', 'split', 0],
    ['oracle', 'all-empty', 1], ['oracle', 'answered', 1], ['oracle', 'split', 1],
  ]);
});

test(`a field a collapse hides after the last answer: the same score on ${REPEATS} repeated runs`, () => {
  assert.equal(repeated.code, 0, repeated.output);
  const evaluations = jsonAttachments<Evaluation[]>(repeatedReport, 'evaluations.json');
  assert.equal(evaluations.length, REPEATS);
  for (const { value: [fields] } of evaluations) {
    // Read once the collapse is over: hidden, so not scored, whatever the timing (while it ran: visible, cleared, 0).
    assert.deepEqual(fields!.records!.map((r) => [r.field, r.score, r.reason ?? null]), [['needs', null, 'not visible'], ['sense', 1, null]]);
    assert.equal(fields!.score, 1);
    assert.equal(fields!.unsettled, undefined);
  }
});

test('--repeat-each: the run says the tables keep one run of each instance, and they do', () => {
  const twice = runPlaywright(['test', '--project=oracle', '--grep', 'makes-no-sense', '--repeat-each=2'], { BENCHWRIGHT_TASKS: TASKS, BENCHWRIGHT_ALLURE: 'off' });
  assert.equal(twice.code, 0, twice.output);
  assert.match(twice.output, /every instance runs 2 times \(repeatEach, --repeat-each\); the benchmark tables keep the last of each instance's runs/);
  const { evaluations } = latestResults(twice.dir);
  assert.equal(evaluations.length, 1, JSON.stringify(evaluations));
});

test('a page that keeps moving is read after the bound, and the evaluation says what still ran', () => {
  const rows = latestResults(run.dir).evaluations.filter((e) => e.task === 'slow-animation');
  assert.equal(rows.length, 2);
  for (const row of rows) {
    assert.ok(row.unsettled && row.unsettled.waitedMs >= 1000 && row.unsettled.waitedMs < 2000, JSON.stringify(row));
    // The endless spinner is not waited on, nor named.
    assert.deepEqual(row.unsettled.running, ['animation fade on div#banner']);
  }
  // It is only a note: the field is scored as it is.
  assert.deepEqual(fieldsOf('oracle', 'slow-animation'), [['orange', 'colour', 1, 1, null]]);
  // Nothing else moved at read-back.
  assert.deepEqual(latestResults(run.dir).evaluations.filter((e) => e.unsettled && e.task !== 'slow-animation'), []);
});

test('re-scoring a stored run applies the same rule: an empty answer credited by an older run scores 0', () => {
  const stored = join(run.dir, 'benchwright-report', 'latest', 'results.json');
  const old = JSON.parse(readFileSync(stored, 'utf8'));
  // As the runs before the rule stored it: the empty gold answer counted as a match.
  const field = old.fields.find((f: any) => f.project === 'do-nothing' && f.instance === 'split' && f.field === 'summary');
  field.score = 1;
  const file = join(tempDir(), 'results.json');
  writeFileSync(file, JSON.stringify(old));
  const out = join(tempDir(), 'rescored');
  const cli = runCli(['report', file, '--metric', 'text=rouge-l', '--metric', 'textarea=rouge-l', '--out', out]);
  assert.equal(cli.code, 0, cli.stderr);
  const rescored = readResults(join(out, 'results.json'));
  const again = rescored.fields.find((f) => f.project === 'do-nothing' && f.instance === 'split' && f.field === 'summary')!;
  assert.deepEqual([again.score, again.ceiling], [0, 1]);
  // What the fields evaluation kept beside its score stays through the rescore.
  const slow = rescored.evaluations.filter((e) => e.task === 'slow-animation');
  assert.equal(slow.length, 2);
  for (const e of slow) assert.deepEqual(e.unsettled?.running, ['animation fade on div#banner']);
});

test("an episode's observation is taken once what the last action set off has ended; a page that keeps moving is said to", async () => {
  const found = findChromium(thisMachine);
  const browser = await chromium.launch({ ...(isFound(found) && { executablePath: executableFor(found, false) }) });
  try {
    const page = await browser.newPage();
    // A collapse as Bootstrap's: a 350 ms height transition, then hidden when it ends.
    await page.setContent(`
      <style>#more { height: 40px; overflow: hidden; transition: height 350ms } #more.closing { height: 0 }</style>
      <button onclick="document.getElementById('more').classList.add('closing')">Less</button>
      <div id="more" ontransitionend="this.hidden = true"><a href="#x">Details</a></div>`);
    const actions = new ActionLibrary(page);
    await page.getByRole('button').click();
    const after = await observe(actions, 1, undefined);
    assert.doesNotMatch(after.snapshot, /Details/, after.snapshot);
    assert.equal(after.unsettled, undefined);
    // A focus tint and ring as Bootstrap's, made long: colours and shadows are not waited on (past the bound, they would be said).
    await page.setContent(`
      <style>button { transition: background-color 5s, border-color 5s, box-shadow 5s, color 5s } button:focus { background-color: #08f; border-color: #00f; box-shadow: 0 0 4px #00f; color: #fff }</style>
      <button>Yes</button>`);
    await page.getByRole('button').click();
    const tinted = await observe(actions, 1, undefined);
    assert.equal(tinted.unsettled, undefined, JSON.stringify(tinted.unsettled));
    // They ran all the while, and for a picture of the page they are waited on (here past the bound).
    const pictured = await observe(actions, 1, undefined, { screenshot: true });
    assert.ok(pictured.unsettled?.running.includes('transition background-color on button'), JSON.stringify(pictured.unsettled));
    await page.setContent('<style>@keyframes fade { to { opacity: 0.2 } }</style><p id="banner" style="animation: fade 20s">Sale</p>');
    const moving = await observe(actions, 0, undefined);
    assert.deepEqual(moving.unsettled?.running, ['animation fade on p#banner']);
    assert.ok(moving.unsettled!.waitedMs >= 1000 && moving.unsettled!.waitedMs < 2000, JSON.stringify(moving.unsettled));
  } finally {
    await browser.close();
  }
});
