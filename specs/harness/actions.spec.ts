import { expect, test } from '../../fixtures/benchwright.ts';
import { ActionLibrary } from '../../src/actions/library.ts';
import { parseActions } from '../../src/action-set/parse.ts';
import { readFields } from '../../src/values/read-fields.ts';
import { serveHtml } from './pages.ts';

const FORM = `
  <input name="plain" type="text">
  <input name="twice" type="text" style="display:none"><input name="twice" type="text">
  <input name="locked" type="text" disabled value="x">
  <input name="secret" type="hidden" value="h">
  <label><input type="radio" name="say" value='He said "hi"'> quote</label>
  <label><input type="radio" name="say" value="it's"> apostrophe</label>
  <select name="score"><option value="">-</option><option value="-1">bad</option><option value="1">good</option></select>
  <label class="btn" for="elsewhere"><input type="radio" name="styled" value="2" style="position:absolute;clip:rect(0,0,0,0);pointer-events:none"> two</label>
  <input type="checkbox" name="tags" value="a"><input type="checkbox" name="tags" value="b" checked><input type="checkbox" name="tags" value="c">
  <input type="range" name="level" min="0" max="10" step="1" value="5">
  <script>
    document.querySelector('label.btn').addEventListener('click', (e) => { e.currentTarget.querySelector('input').checked = true; });
  </script>`;

// Field actions as a user does them, and set directly in the DOM (the oracle's first pass): the same outcomes.
for (const input of ['user', 'direct'] as const) {
test(`each modify action fills what a user would, and reads back as the gold format (${input})`, async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, FORM));
  const actions = new ActionLibrary(page, { timeout: 5000, input });
  expect(await actions.modify_text('plain', 'typed "text"')).toEqual({ ok: true });
  expect(await actions.modify_text('twice', 'the visible one')).toEqual({ ok: true });
  expect(await actions.modify_radio('say', 'He said "hi"')).toEqual({ ok: true });
  expect(await actions.modify_select('score', '-1.0')).toEqual({ ok: true });
  expect(await actions.modify_radio('styled', '2.0')).toEqual({ ok: true });
  expect(await actions.modify_checkbox('tags', 'a|c')).toEqual({ ok: true });
  expect(await actions.modify_range('level', 7)).toEqual({ ok: true });
  const values = Object.fromEntries((await readFields(page, ['plain', 'twice', 'say', 'score', 'styled', 'tags', 'level'])).map((f) => [f.name, f.value]));
  expect(values).toEqual({ plain: 'typed "text"', twice: 'the visible one', say: 'He said "hi"', score: '-1', styled: '2', tags: ['a', 'c'], level: '7' });
  expect(actions.log.map((r) => r.action)).toContain('modify_select("score", "-1.0")');
});

test(`an option already chosen is not chosen again: the page sees one click and one change (${input})`, async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, `${FORM}<output id="events"></output><script>
    const seen = [];
    document.addEventListener('click', (e) => e.target.name === 'say' && seen.push('click'));
    document.addEventListener('change', (e) => seen.push('change ' + e.target.name));
    setInterval(() => { document.getElementById('events').value = seen.join(','); }, 10);
  </script>`));
  const actions = new ActionLibrary(page, { timeout: 5000, input });
  for (let i = 0; i < 2; i++) {
    expect(await actions.modify_radio('say', "it's")).toEqual({ ok: true });
    expect(await actions.modify_select('score', '1')).toEqual({ ok: true });
  }
  await expect(page.locator('#events')).toHaveText('click,change say,change score');
});

test(`what cannot be done is an outcome with a reason, without waiting for a timeout (${input})`, async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, FORM));
  const actions = new ActionLibrary(page, { timeout: 30_000, input });
  const started = Date.now();
  expect(await actions.modify_select('score', 'excellent')).toEqual({ ok: false, error: 'select "score" has no option "excellent" (options: , -1, 1)', byPage: true });
  expect(await actions.modify_text('locked', 'y')).toEqual({ ok: false, error: 'field "locked" is disabled', byPage: true });
  expect(await actions.modify_text('secret', 'y')).toEqual({ ok: false, error: 'field "secret" is not visible', byPage: true });
  expect(await actions.modify_radio('nowhere', 'y')).toEqual({ ok: false, error: 'no field named "nowhere" on the page' });
  expect(await actions.modify_checkbox('tags', ['z'])).toEqual({ ok: false, error: 'checkbox "tags" has no option "z" (options: a, b, c)', byPage: true });
  expect(await actions.modify_radio('plain', 'x')).toEqual({ ok: false, error: 'field "plain" is a text, not a radio' });
  // A value the input refuses is the agent's mistake: an outcome, not a failed test.
  await page.evaluate(() => document.body.insertAdjacentHTML('beforeend', '<input type="number" name="count">'));
  expect(await actions.modify_text('count', 'many')).toEqual({ ok: false, error: expect.stringMatching(/^"many" is not a valid value for "count": .*Cannot type text into input\[type=number\]/), byPage: true });
  // What a model gets wrong: the wrong kind of field, a word on a slider (the page refused nothing: no byPage).
  expect(await actions.modify_text('say', 'good')).toEqual({ ok: false, error: 'field "say" is a radio: modify_text cannot fill it (use modify_radio)' });
  expect(await actions.modify_text('tags', 'good')).toEqual({ ok: false, error: 'field "tags" is a checkbox: modify_text cannot fill it (use modify_checkbox)' });
  expect(await actions.modify_select('say', 'it\'s')).toEqual({ ok: false, error: 'field "say" is a radio, not a select' });
  expect(await actions.modify_range('score', 3)).toEqual({ ok: false, error: 'field "score" is a select: modify_range cannot fill it (use modify_select)' });
  // A field the page removed.
  await page.evaluate(() => document.querySelector('[name=plain]')!.remove());
  expect(await actions.modify_text('plain', 'y')).toEqual({ ok: false, error: 'no field named "plain" on the page' });
  // A 30 s action timeout was never reached: each failure is known at once.
  expect(Date.now() - started).toBeLessThan(30_000);
});

test(`fields inside an iframe are filled like any other (${input})`, async ({ page, taskServer }) => {
  const inner = serveHtml(taskServer, '<textarea name="inside"></textarea><input type="checkbox" name="agree" value="yes">');
  await page.goto(serveHtml(taskServer, `<iframe src="${inner}"></iframe>`), { waitUntil: 'load' });
  const actions = new ActionLibrary(page, { timeout: 5000, input });
  expect(await actions.modify_text('inside', 'typed in the frame')).toEqual({ ok: true });
  expect(await actions.modify_checkbox('agree', ['yes'])).toEqual({ ok: true });
  expect((await readFields(page, ['inside', 'agree'])).map((f) => f.value)).toEqual(['typed in the frame', ['yes']]);
});
}

test('set directly: a single select keeps the option chosen, typing stops at maxlength, a malformed date is refused', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, `<select name="one"><option value="NA">-</option><option value="3">three</option></select>
    <input name="short" maxlength="4"><input type="date" name="day">`));
  const actions = new ActionLibrary(page).direct();
  expect(await actions.modify_select('one', '3.0')).toEqual({ ok: true });
  expect(await actions.modify_text('short', 'truncated')).toEqual({ ok: true });
  expect(await actions.modify_text('day', 'June')).toEqual({ ok: false, error: 'Malformed value "June"', byPage: true });
  expect(await actions.modify_text('day', '2024-06-03')).toEqual({ ok: true });
  expect((await readFields(page, ['one', 'short', 'day'])).map((f) => f.value)).toEqual(['3', 'trun', '2024-06-03']);
  expect(actions.log).toHaveLength(4);
});

test('set directly in a batch: each action as the actions before it left the page; refusals and missing fields are outcomes', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, `
    <label><input type="radio" name="more" value="yes"> yes</label><label><input type="radio" name="more" value="no"> no</label>
    <div id="why" style="display:none"><input name="why" type="text"></div>
    <label><input type="checkbox" name="alone"> alone</label><div id="company"><input name="company" type="text"></div>
    <input name="never" type="text" style="display:none"><input name="locked" type="text" disabled>
    <input type="checkbox" name="tags" value="a"><input type="checkbox" name="tags" value="b" checked>
    <script>
      document.querySelectorAll('[name=more]').forEach((r) => r.addEventListener('change', () => { document.getElementById('why').style.display = r.value === 'yes' ? 'block' : 'none'; }));
      document.querySelector('[name=alone]').addEventListener('change', (e) => { document.getElementById('company').hidden = e.target.checked; });
    </script>`));
  const steps: string[] = [];
  const actions = new ActionLibrary(page, { step: (title, body) => (steps.push(title), body()) }).direct();
  const outcomes = await actions.runFields([
    // Shown by the next action: set in the batch's second round.
    { name: 'modify_text', args: ['why', 'because'] },
    { name: 'modify_radio', args: ['more', 'yes'] },
    // Hidden by the action before it, in the same round.
    { name: 'modify_checkbox', args: ['alone', ['on']] },
    { name: 'modify_text', args: ['company', 'x'] },
    { name: 'modify_text', args: ['never', 'x'] },
    { name: 'modify_text', args: ['locked', 'x'] },
    // The same field twice: the second action is the one that stays.
    { name: 'modify_checkbox', args: ['tags', ['a']] },
    { name: 'modify_checkbox', args: ['tags', ['b']] },
    { name: 'modify_radio', args: ['more', 'maybe'] },
    { name: 'modify_text', args: ['missing', 'x'] },
  ]);
  expect(outcomes).toEqual([
    { ok: true }, { ok: true }, { ok: true },
    { ok: false, error: 'field "company" is not visible', byPage: true },
    { ok: false, error: 'field "never" is not visible', byPage: true },
    { ok: false, error: 'field "locked" is disabled', byPage: true },
    { ok: true }, { ok: true },
    { ok: false, error: 'radio "more" has no option "maybe" (options: yes, no)', byPage: true },
    { ok: false, error: 'no field named "missing" on the page' },
  ]);
  expect((await readFields(page, ['why', 'more', 'company', 'tags'])).map((f) => f.value)).toEqual(['because', 'yes', '', ['b']]);
  // One step for the batch, one for the action it left to run on its own; every action logged.
  expect(steps).toEqual(['set 10 fields directly', 'modify_text("missing", "x")']);
  expect(actions.log.map((r) => r.ok)).toEqual([true, true, true, false, false, false, true, true, false, false]);
});

test('fields created by scripts after load are waited for; model text runs through the parser', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, `<script>setTimeout(() => document.forms[0].insertAdjacentHTML('beforeend',
    '<input type="radio" name="late" value="yes"><input type="radio" name="late" value="no">'), 400);</script>`));
  const actions = new ActionLibrary(page, { timeout: 5000 });
  expect(await actions.wait_till_loaded('late', 5000)).toEqual({ ok: true });
  const { actions: parsed, errors } = parseActions('I will answer.\n```\nmodify_radio("late", "no")\nscroll("down")\n```');
  expect(errors).toEqual([]);
  for (const action of parsed) expect(await actions.run(action)).toEqual({ ok: true });
  expect((await readFields(page, ['late']))[0]!.value).toBe('no');
  expect(await actions.wait_till_loaded('never', 200)).toEqual({ ok: false, error: 'no field "never" appeared within 200 ms' });
});

test('page-level actions: html, screen, click, type, scroll, maximize, scroll_to', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, '<div style="height:3000px"></div><input name="bottom" type="text">'));
  const actions = new ActionLibrary(page);
  const html = await actions.get_html();
  expect(html.ok && html.value).toContain('name="bottom"');
  const screen = await actions.capture_screen();
  expect(screen.ok && Buffer.from(screen.value!, 'base64').subarray(1, 4).toString()).toBe('PNG');
  expect(await actions.scroll_to('bottom')).toEqual({ ok: true });
  const box = await page.locator('[name=bottom]').boundingBox();
  expect(await actions.click(box!.x + 5, box!.y + 5)).toEqual({ ok: true });
  expect(await actions.type('typed')).toEqual({ ok: true });
  expect(await actions.scroll('up')).toEqual({ ok: true });
  expect(await actions.scroll(0, 100)).toEqual({ ok: true });
  expect(await actions.scroll('sideways')).toEqual({ ok: false, error: 'scroll direction must be up, down, left or right, not "sideways"' });
  expect(await actions.maximize()).toEqual({ ok: true });
  expect(page.viewportSize()).toEqual({ width: 1920, height: 1080 });
  expect((await readFields(page, ['bottom']))[0]!.value).toBe('typed');
});
