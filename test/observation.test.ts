import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ActionLibrary } from '../src/actions/library.ts';
import { parseActions } from '../src/action-set/parse.ts';
import { parseTree, renderTree } from '../src/observe/extra-refs.ts';
import { observe } from '../src/observe/observe.ts';
import { watchLoads } from '../src/observe/page-loads.ts';
import { executableFor, findChromium, isFound } from '../src/setup/chromium.ts';
import { thisMachine } from '../src/setup/machine.ts';

// What the agent sees (docs/observation.md): Playwright's tree, with refs for what it folds
// away; BrowserGym's formats; actions on refs and bids.

let browser: Browser;
before(async () => {
  const found = findChromium(thisMachine);
  browser = await chromium.launch({ ...(isFound(found) && { executablePath: executableFor(found, false) }) });
});
after(() => browser.close());

async function pageWith(html: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 400, height: 300 } });
  await page.setContent(html);
  return page;
}

const run = (actions: ActionLibrary, text: string) => actions.run(parseActions(text).actions[0]!);

/** A page as MiniWoB's click-link and email-inbox are made: link-like spans in a text, rows with icons that only a listener makes clickable. */
const FOLDED = `<style>.link { cursor: pointer; color: blue } .trash { display: inline-block; width: 12px; height: 12px; background: gray }</style>
<p id="area">Pick <span class="link">Neque,</span> or <span class="link">amet,</span> then stop.</p>
<div class="row" style="cursor: pointer"><div>Helena</div><div>Turpis.</div><span class="trash"></span></div>
<div id="log"></div>
<script>
  for (const link of document.querySelectorAll('.link')) link.addEventListener('click', () => (document.getElementById('log').textContent = 'link ' + link.textContent));
  document.querySelector('.trash').addEventListener('click', (e) => { e.stopPropagation(); document.getElementById('log').textContent = 'trash'; });
</script>`;

test('what Playwright folds away gets a ref: spans in a text, an icon with a listener under its row, told by its tag; actions reach them', async () => {
  const page = await pageWith(FOLDED);
  const actions = new ActionLibrary(page);
  const { snapshot } = await observe(actions, 0, undefined);
  const links = [...snapshot.matchAll(/- generic \[ref=(x\d+)\] \[cursor=pointer\]: (Neque,|amet,)/g)];
  assert.deepEqual(links.map((m) => m[2]), ['Neque,', 'amet,'], snapshot);
  // The paragraph's text became its first child, the extras follow it.
  assert.match(snapshot, /\n {2}- paragraph \[ref=e\d+\]:\n {4}- text: Pick Neque, or amet, then stop\.\n {4}- generic \[ref=x\d+\]/, snapshot);
  const trash = /- generic \[ref=(x\d+)\] \[cursor=pointer\] \[tag=span\.trash\]/.exec(snapshot);
  assert.ok(trash, snapshot);
  // Under the row's line (the row itself has Playwright's ref).
  assert.match(snapshot, /\n {2}- generic \[ref=e\d+\] \[cursor=pointer\]:\n(?: {4}- .*\n)+ {4}- generic \[ref=x\d+\] \[cursor=pointer\] \[tag=span\.trash\]/, snapshot);
  assert.equal((await run(actions, `click("${links[1]![1]}")`)).ok, true);
  assert.equal(await page.textContent('#log'), 'link amet,');
  await observe(actions, 1, undefined);
  assert.equal((await run(actions, `click("${trash[1]}")`)).ok, true);
  assert.equal(await page.textContent('#log'), 'trash');
  // A bid the page has, as BrowserGym agents name it; a ref no snapshot showed is the agent's error.
  const bid = trash[1]!.slice(1);
  assert.equal((await run(actions, `click('${bid}')`)).ok, true);
  const stale = await run(actions, 'click("x999")');
  assert.equal(stale.ok, false);
  assert.match(stale.ok ? '' : stale.error, /the last snapshot has no element x999/);
  await page.close();
});

test('a page with nothing folded away shows Playwright\'s tree to the byte, renumbered as before', async () => {
  const page = await pageWith('<h1>Shop</h1><a href="#a">Dune</a><label>Copies <input type="number" value="1"></label><button>Buy</button>');
  const { snapshot } = await observe(new ActionLibrary(page), 0, undefined);
  assert.equal(snapshot, await page.ariaSnapshot({ mode: 'ai' }));
  await page.close();
});

test('boxes on request: every line with its box in the viewport', async () => {
  const page = await pageWith(FOLDED);
  const { snapshot } = await observe(new ActionLibrary(page), 0, undefined, { boxes: true });
  for (const line of snapshot.split('\n').filter((l) => /\[ref=/.test(l))) assert.match(line, /\[box=-?\d+,-?\d+,\d+,\d+\]/, line);
  await page.close();
});

test('reading and writing the tree: inline text made a child, nested extras, keys Playwright quoted (quotes doubled inside), icons tagged', () => {
  const tree = parseTree([
    '- generic [ref=e1] [box=0,0,100,20]: Pick one',
    "- 'button \"a: b\" [ref=e2] [box=0,20,50,20]'",
    "- 'heading \"Sentence: a more ''Islamic'' one\" [level=4] [ref=e5] [box=0,50,90,9]'",
    '- generic [ref=e3] [cursor=pointer] [box=0,40,10,10]',
    '- iframe [ref=e4] [box=0,60,100,100]:',
    '  - button "Inside" [ref=f1e2] [box=5,5,20,10]',
  ].join('\n'));
  assert.deepEqual(tree.refBoxes, ['0,0,100,20', '0,20,50,20', '0,50,90,9', '0,40,10,10', '0,60,100,100']);
  assert.deepEqual(tree.namelessBoxes, ['0,40,10,10']);
  const text = renderTree(tree, {
    extras: [
      { bid: '7', role: 'generic', text: 'one', cursor: true, box: '30,0,20,10', parent: { box: '0,0,100,20' } },
      { bid: '8', role: 'generic', text: 'a: b', cursor: false, box: '0,0,9,9', parent: { bid: '7' } },
      { bid: '9', role: 'generic', text: '', tag: 'svg', cursor: false, box: '0,200,9,9' },
    ],
    tags: { '0,40,10,10': 'span#send-reply' },
  }, { boxes: false });
  assert.equal(text, [
    '- generic [ref=e1]:',
    '  - text: Pick one',
    '  - generic [ref=x7] [cursor=pointer]:',
    '    - text: one',
    '    - generic [ref=x8]: "a: b"',
    "- 'button \"a: b\" [ref=e2]'",
    "- 'heading \"Sentence: a more ''Islamic'' one\" [level=4] [ref=e5]'",
    '- generic [ref=e3] [cursor=pointer] [tag=span#send-reply]',
    '- iframe [ref=e4]:',
    '  - button "Inside" [ref=f1e2]',
    '- generic [ref=x9] [tag=svg]',
  ].join('\n'));
});

test("BrowserGym's formats: the marked tree, the pruned HTML, the set-of-marks screenshot; the same bids in each and in the default tree", async () => {
  const page = await pageWith(`<title>Shop</title>${FOLDED}<form><label>Copies <input type="number" value="2"></label><button type="button">Buy</button></form>`);
  const actions = new ActionLibrary(page);
  const o = await observe(actions, 0, undefined, { browsergym: { axtree: true, prunedHtml: true, som: true, withClickable: true, withVisible: true, coords: 'center' } });
  const { axtree = '', prunedHtml = '', som = '' } = o.browsergym ?? {};
  const button = /^\t*\[(\d+)\] button 'Buy', center="\(\d+,\d+\)", visible$/m.exec(axtree);
  assert.ok(button, axtree);
  assert.match(axtree, /^RootWebArea 'Shop', focused/);
  assert.match(axtree, /^\t*\[\d+\] spinbutton 'Copies' value=2, center="\(\d+,\d+\)", clickable, visible/m, axtree);
  // Attributes in alphabetical order, as BeautifulSoup prints them; the button's value as BrowserGym writes it.
  assert.match(prunedHtml, new RegExp(`<button bid="${button[1]}" center="\\(\\d+,\\d+\\)" type="button" value="" visible="">\\n\\s*Buy\\n\\s*</button>`), prunedHtml);
  // Scripts and styles go, div/span/p with only a bid are unwrapped, the link-like spans (a class) stay.
  assert.doesNotMatch(prunedHtml, /<script|<style/);
  const span = /<span bid="(\d+)" center="\(\d+,\d+\)" class="link" clickable="" visible="">/.exec(prunedHtml);
  assert.ok(span, prunedHtml);
  assert.match(o.snapshot, new RegExp(`\\[ref=x${span[1]}\\] \\[cursor=pointer\\]: Neque,`), o.snapshot);
  assert.deepEqual([...Buffer.from(som, 'base64').subarray(0, 2)], [0xff, 0xd8]);
  // Marks were drawn: the same page's plain screenshot differs.
  assert.notDeepEqual(Buffer.from(som, 'base64'), await page.screenshot({ type: 'jpeg', quality: 70 }));
  // The layer the marks were drawn on is gone again.
  assert.equal(await page.locator('#benchwright-som').count(), 0);
  assert.equal((await run(actions, `fill('${/\[(\d+)\] spinbutton/.exec(axtree)![1]}', '5')`)).ok, true);
  assert.equal(await page.inputValue('input'), '5');
  assert.equal((await run(actions, 'keyboard_type("7")')).ok, true);
  assert.equal(await page.inputValue('input'), '57');
  await page.close();
});

test('a page is observed once what the last action loaded has loaded: a shell that takes its frame\'s address on load shows the order placed', async () => {
  // As ServiceNow's shell: the page in a frame, its address put in the top one's once it loads;
  // the order's answer commits at once, its picture comes late (the click returns before).
  const server = createServer((req, res) => {
    if (req.method === 'POST') return void res.writeHead(303, { location: '/done?id=7' }).end();
    if (req.url === '/slow.svg') return void setTimeout(() => res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg xmlns="http://www.w3.org/2000/svg"/>'), 500);
    const pages: Record<string, string> = {
      '/': `<title>Shell</title><iframe src="/form"></iframe><script>
        const frame = document.querySelector('iframe');
        frame.addEventListener('load', () => history.replaceState(null, '', '/shell' + frame.contentWindow.location.search));
      </script>`,
      '/form': '<form method="post" action="/order"><button>Order now</button></form>',
      '/done?id=7': '<h1>Order placed</h1><img src="/slow.svg" alt="">',
    };
    res.writeHead(200, { 'content-type': 'text/html' }).end(pages[req.url!] ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const page = await browser.newPage();
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    await watchLoads(page);
    const actions = new ActionLibrary(page);
    const button = /button "Order now" \[ref=(f1e\d+)\]/.exec((await observe(actions, 0, undefined)).snapshot)![1]!;
    assert.equal((await run(actions, `click("${button}")`)).ok, true);
    const o = await observe(actions, 1, undefined);
    assert.match(o.url, /\/shell\?id=7$/);
    assert.match(o.snapshot, /heading "Order placed"/);
  } finally {
    await page.close();
    server.close();
  }
});
