import { expect, test } from '../../fixtures/benchwright.ts';
import { ActionLibrary } from '../../src/actions/library.ts';
import type { Agent } from '../../src/agent/types.ts';
import { REF_MARK, type Observation } from '../../src/observe/observe.ts';
import { runEpisode, type EpisodeRun } from '../../src/runner/episode.ts';
import type { EpisodeProtocol } from '../../src/task/types.ts';
import { serveHtml } from './pages.ts';

// The episode loop on real pages: actions by ref from Playwright's aria snapshot, errors as the
// next observation's data, tabs and popups, and each of WebArena's end rules.

const SHOP = `
  <h1>Lamp shop</h1>
  <label>Name <input name="name"></label>
  <label>Size <select name="size"><option>small</option><option>large</option></select></label>
  <label><input type="checkbox" name="gift"> Gift wrap</label>
  <button onclick="document.querySelector('#status').textContent = 'ordered ' + document.querySelector('[name=name]').value + ' ' + document.querySelector('[name=size]').value + (document.querySelector('[name=gift]').checked ? ' gift' : '')">Order</button>
  <p id="status"></p>
  <a href="about:blank#help" target="_blank">Help</a>`;

/** The ref of the snapshot line that holds `text`: what an agent reads off the observation. */
const refOf = (o: Observation, text: string) => new RegExp(`${text}.*${REF_MARK.source}`).exec(o.snapshot)?.[1] ?? 'e0';

/** An agent that replies with what `reply` makes of each observation; null ends its episode. */
function scripted(reply: (o: Observation, step: number) => string | null): { agent: Agent; seen: Observation[] } {
  const seen: Observation[] = [];
  return {
    seen,
    agent: {
      name: 'scripted',
      step: async ({ observation }) => {
        seen.push(observation);
        const action = reply(observation, seen.length);
        return action === null ? null : { action };
      },
    },
  };
}

function episode(actions: ActionLibrary, agent: Agent, protocol: Partial<EpisodeProtocol> = {}) {
  const run: EpisodeRun = {
    actions, agent, goal: 'Order a large lamp', protocol: { maxSteps: 30, ...protocol }, step: (_title, body) => body(), trajectory: { goal: '', steps: [] },
    input: { task: { id: 't', title: 't', description: '', split: 'test' }, instanceId: 'i', seed: 1, options: {}, report: { usage: {}, log: [] } },
  };
  return runEpisode(run);
}

test('actions by ref fill, select, check and click what the snapshot names; the answer ends the episode', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, SHOP));
  const actions = new ActionLibrary(page, { timeout: 2000 });
  const script = [
    (o: Observation) => `fill("${refOf(o, 'textbox "Name"')}", "Ada")`,
    (o: Observation) => `select_option("${refOf(o, 'combobox "Size"')}", "large")`,
    (o: Observation) => `check("${refOf(o, 'checkbox "Gift wrap"')}")`,
    (o: Observation) => `click("${refOf(o, 'button "Order"')}")`,
    () => 'send_msg_to_user("done")',
  ];
  const { agent, seen } = scripted((o, n) => script[n - 1]!(o));
  const trajectory = await episode(actions, agent);
  expect(trajectory.steps.map((s) => [s.action.split('(')[0], s.ok])).toEqual([['fill', true], ['select_option', true], ['check', true], ['click', true], ['send_msg_to_user', true]]);
  expect([trajectory.end, trajectory.answer]).toEqual(['answered', 'done']);
  await expect(page.locator('#status')).toHaveText('ordered Ada large gift');
  expect(seen[0]!.snapshot).toMatch(/button "Order" \[ref=e\d+\]/);
  expect(trajectory.steps[0]!.snapshotChars).toBe(seen[0]!.snapshot.length);
});

test('a ref the last snapshot lacks, and a reply that does not parse, are errors in the next observation, never exceptions', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, SHOP));
  const actions = new ActionLibrary(page, { timeout: 2000 });
  const replies = ['click("e999")', 'process.exit(1)', 'report_infeasible("no lamps")'];
  const { agent, seen } = scripted((_o, n) => replies[n - 1]!);
  const trajectory = await episode(actions, agent);
  expect(trajectory.steps[0]).toMatchObject({ action: 'click("e999")', ok: false, error: expect.stringContaining('the last snapshot has no element e999') });
  expect(seen[1]!.lastError).toContain('the last snapshot has no element e999');
  expect(trajectory.steps[1]).toMatchObject({ action: '', ok: false, error: expect.stringMatching(/^no usable action: /) });
  expect(seen[2]!.lastError).toMatch(/^no usable action: /);
  expect([trajectory.end, trajectory.infeasible]).toEqual(['infeasible', 'no lamps']);
});

test('an action that times out says why: the element that covers the button; a drag follows the pointer as a user\'s would', async ({ page, taskServer }) => {
  // The box tracks mousedown, then mousemove events one by one (as jQuery UI and d3 do) and lands where the pointer is released.
  await page.goto(serveHtml(taskServer, `
    <button style="position:absolute;left:0;top:0">Hidden</button><div style="position:absolute;left:0;top:0;width:120px;height:40px;background:#ccc">cover</div>
    <div id="box" role="button" aria-label="Box" style="position:absolute;left:10px;top:60px;width:30px;height:30px;background:red"></div>
    <div role="region" aria-label="Target" style="position:absolute;left:200px;top:160px;width:40px;height:40px;border:1px solid"></div>
    <p id="moves"></p>
    <script>
      const box = document.getElementById('box');
      let held = false, moves = 0;
      box.addEventListener('mousedown', () => { held = true; });
      document.addEventListener('mousemove', (e) => { if (held) { moves++; box.style.left = (e.clientX - 15) + 'px'; box.style.top = (e.clientY - 15) + 'px'; } });
      document.addEventListener('mouseup', () => { held = false; document.getElementById('moves').textContent = moves + ' moves'; });
    </script>`));
  const actions = new ActionLibrary(page, { timeout: 1000 });
  const replies = [(o: Observation) => `click("${refOf(o, 'button "Hidden"')}")`, (o: Observation) => `drag_and_drop("${refOf(o, 'button "Box"')}", "${refOf(o, 'region "Target"')}")`, () => null];
  const { agent, seen } = scripted((o, n) => replies[n - 1]!(o));
  const trajectory = await episode(actions, agent);
  expect(trajectory.steps[0]!.error).toMatch(/^locator\.click: Timeout 1000ms exceeded\. \(<div[^>]*>cover<\/div> intercepts pointer events\)$/);
  expect(seen[1]!.lastError).toBe(trajectory.steps[0]!.error);
  expect(trajectory.steps[1]!.ok).toBe(true);
  const moved = await page.locator('#box').boundingBox();
  expect([Math.round(moved!.x + 15), Math.round(moved!.y + 15)]).toEqual([221, 186]);
  expect(Number.parseInt(await page.locator('#moves').textContent() ?? '0', 10)).toBeGreaterThan(5);
});

test('a popup is followed: the next observation is of the new tab; tab_focus goes back and tab_close closes it', async ({ page, taskServer }) => {
  await page.goto(serveHtml(taskServer, SHOP));
  const actions = new ActionLibrary(page, { timeout: 2000 });
  const script = [(o: Observation) => `click("${refOf(o, 'link "Help"')}")`, () => 'tab_focus(0)', () => 'tab_focus(1)', () => 'tab_close()', () => null];
  const { agent, seen } = scripted((o, n) => script[n - 1]!(o));
  const trajectory = await episode(actions, agent);
  expect(trajectory.steps.every((s) => s.ok)).toBe(true);
  expect(seen[1]!.tabs.map((t) => [t.index, t.focused])).toEqual([[0, false], [1, true]]);
  expect(seen[1]!.url).toBe('about:blank#help');
  expect(seen[2]!.tabs.find((t) => t.focused)!.index).toBe(0);
  expect(seen[4]!.tabs).toHaveLength(1);
  expect(seen[4]!.url).toBe(page.url());
  expect(trajectory.end).toBe('agent stopped');
});

test('the end rules: done, max steps, three identical actions on an unchanged page, three replies with no usable action', async ({ page, taskServer }) => {
  const url = serveHtml(taskServer, SHOP);
  const run = async (reply: (o: Observation, n: number) => string, protocol: Partial<EpisodeProtocol> = {}) => {
    await page.goto(url);
    return episode(new ActionLibrary(page, { timeout: 2000 }), scripted(reply).agent, protocol);
  };
  const order = (o: Observation) => `click("${refOf(o, 'button "Order"')}")`;
  const done = await run(order, { done: "document.querySelector('#status').textContent.startsWith('ordered')" });
  expect([done.end, done.steps.length]).toEqual(['done', 1]);
  // Typing changes the page each time: never "repeated".
  const budget = await run((o, n) => `fill("${refOf(o, 'textbox "Name"')}", "${'a'.repeat(n)}")`, { maxSteps: 4 });
  expect([budget.end, budget.steps.length]).toEqual(['max steps', 4]);
  const stuck = await run(() => 'noop(0)');
  expect([stuck.end, stuck.steps.length]).toEqual(['repeated action', 3]);
  // The same click twice changes the output once: the third identical click on an unchanged page ends it.
  const again = await run(order);
  expect([again.end, again.steps.length]).toEqual(['repeated action', 4]);
  const garbage = await run(() => 'I would click the button');
  expect([garbage.end, garbage.steps.length]).toEqual(['no usable action', 3]);
});
