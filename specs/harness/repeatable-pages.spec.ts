import type { Frame, Page } from '@playwright/test';
import { expect, test } from '../../fixtures/benchwright.ts';
import { InstancePage } from '../../src/runner/instance-page.ts';
import { DEFAULT_CLOCK, pagePinning, type PagePinning } from '../../src/runner/repeatable-page.ts';
import { childSeed, seededRandom } from '../../src/seeded-random.ts';
import type { TaskServer } from '../../src/server/task-server.ts';
import { serveHtml, serveInstance } from './pages.ts';

// The same instance gives the same page on every run: Math.random seeded per instance, in
// every document; the clock starting at the same instant, in UTC; switches for real ones.

const START = '2024-06-03T09:00:00Z';

/** Ten options in the order Math.random shuffles them into; the page's first two draws kept apart. */
const SHUFFLED = `<script>window.firstDraws = [Math.random(), Math.random()];</script>
  <div id="options">${'abcdefghij'.split('').map((v) => `<label><input type="radio" name="q" value="${v}">${v}</label>`).join('')}</div>
  <script>
    const items = Array.from(document.getElementById('options').children);
    for (let i = items.length - 1; i > 0; i--) { const j = Math.floor(Math.random() * (i + 1)); [items[i], items[j]] = [items[j], items[i]]; }
    document.getElementById('options').append(...items);
  </script>`;

const orderIn = (frame: Frame) => frame.evaluate(() => Array.from(document.querySelectorAll('#options input'), (i) => (i as HTMLInputElement).value).join(''));

type Served = ReturnType<typeof serveInstance>;

/** One instance start to end, pinned as asked; `read` sees the loaded page. */
async function load<T>(instancePage: InstancePage, server: TaskServer, served: Served, pinning: PagePinning, read: (page: Page) => Promise<T>): Promise<T> {
  await instancePage.begin();
  await instancePage.readyToServe(pinning);
  await instancePage.page.goto(instancePage.startUrl(server, served.task, served.instance));
  try {
    return await read(instancePage.page);
  } finally {
    await instancePage.end();
  }
}

test('a page that shuffles with Math.random: one seed, one order, in the page and its frame; another seed, another', async ({ instancePage, taskServer }) => {
  const frame = serveHtml(taskServer, SHUFFLED);
  const page = serveInstance(taskServer, `${SHUFFLED}<iframe src="${frame}"></iframe>`);
  const orders = (seed: number) => load(instancePage, taskServer, page, { seed }, async (p) => [await orderIn(p.mainFrame()), await orderIn(p.frames()[1]!)]);
  const first = await orders(7);
  expect(await orders(7)).toEqual(first);
  expect(first[1], 'a frame draws numbers of its own').not.toBe(first[0]);
  const other = await orders(8);
  expect(other[0]).not.toBe(first[0]);
  expect(other[1]).not.toBe(first[1]);
});

test('the page draws from this project\'s mulberry32: the top document from the instance seed, a frame from its parent\'s and its place', async ({ instancePage, taskServer }) => {
  const frame = serveHtml(taskServer, SHUFFLED);
  const page = serveInstance(taskServer, `${SHUFFLED}<iframe src="${frame}"></iframe>`);
  const draws = (f: Frame) => f.evaluate(() => (window as unknown as { firstDraws: number[] }).firstDraws);
  const [top, child] = await load(instancePage, taskServer, page, { seed: 7 }, async (p) => [await draws(p.mainFrame()), await draws(p.frames()[1]!)]);
  const expected = (seed: number) => {
    const next = seededRandom(seed);
    return [next(), next()];
  };
  expect(top).toEqual(expected(childSeed(7, 0)));
  expect(child).toEqual(expected(childSeed(childSeed(7, 0), 1)));
  // Not the sequence the random agent draws from the same instance seed.
  expect(top).not.toEqual(expected(7));
});

test('a popup the page opens draws the same numbers on every load', async ({ instancePage, taskServer }) => {
  const popup = serveHtml(taskServer, SHUFFLED);
  const page = serveInstance(taskServer, `<script>window.open(${JSON.stringify(popup)});</script>`);
  const order = (seed: number) => load(instancePage, taskServer, page, { seed }, async (p) => {
    await expect.poll(() => p.context().pages().length).toBe(2);
    const opened = p.context().pages()[1]!;
    await opened.waitForLoadState();
    return orderIn(opened.mainFrame());
  });
  const first = await order(7);
  expect(await order(7)).toBe(first);
  expect(await order(8)).not.toBe(first);
});

test('crypto\'s random values and UUIDs repeat with the seed; the browser\'s own checks stay', async ({ instancePage, taskServer }) => {
  const page = serveInstance(taskServer, '<p>crypto</p>');
  const draw = (seed: number) => load(instancePage, taskServer, page, { seed }, (p) => p.evaluate(() => {
    let refused = '';
    try {
      crypto.getRandomValues(new Float32Array(2));
    } catch (e) {
      refused = (e as Error).name;
    }
    return { bytes: Array.from(crypto.getRandomValues(new Uint16Array(4))), uuid: crypto.randomUUID(), refused };
  }));
  const first = await draw(7);
  expect(await draw(7)).toEqual(first);
  expect(first.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(first.refused).toBe('TypeMismatchError');
  const other = await draw(8);
  expect([other.bytes, other.uuid]).not.toEqual([first.bytes, first.uuid]);
});

const CLOCK = `<p id="now"></p><iframe srcdoc="<p id=now></p><script>document.getElementById('now').textContent = new Date().toString();</script>"></iframe><script>
  document.getElementById('now').textContent = new Date().toString();
  window.loadedAt = Date.now();
  window.addEventListener('load', () => { window.atLoad = Date.now(); });
  setTimeout(() => { document.title = 'timers run'; }, 50);</script>`;

test('a page reading new Date() as it loads gets the pinned start, in UTC, on every instance; timers run, and time runs on once it has loaded', async ({ instancePage, taskServer }) => {
  const page = serveInstance(taskServer, CLOCK);
  const read = async (p: Page) => ({
    ...(await p.evaluate(() => ({
      shown: document.getElementById('now')!.textContent,
      loadedAt: (window as unknown as { loadedAt: number }).loadedAt,
      atLoad: (window as unknown as { atLoad: number }).atLoad,
      zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      language: navigator.language,
    }))),
    inFrame: await p.frames()[1]!.evaluate(() => document.getElementById('now')!.textContent),
  });
  const first = await load(instancePage, taskServer, page, { clock: START }, async (p) => {
    await expect(p).toHaveTitle('timers run');
    const loaded = await read(p);
    await expect.poll(() => p.evaluate(() => Date.now())).toBeGreaterThan(loaded.loadedAt);
    return loaded;
  });
  const shown = 'Mon Jun 03 2024 09:00:00 GMT+0000 (Coordinated Universal Time)';
  expect(first).toEqual({ shown, loadedAt: Date.parse(START), atLoad: Date.parse(START), zone: 'UTC', language: 'en-US', inFrame: shown });
  // The next instance starts at the same instant, however long the last one took.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(await load(instancePage, taskServer, page, { clock: START }, read)).toEqual(first);
});

test('the tab\'s later documents run on from the pinned start, also the start page gone back to; Date keeps its ways (called, given a date, subclassed)', async ({ instancePage, taskServer }) => {
  const page = serveInstance(taskServer, CLOCK);
  const loadedAt = (p: Page) => p.evaluate(() => (window as unknown as { loadedAt: number }).loadedAt);
  const seen = await load(instancePage, taskServer, page, { clock: START }, async (p) => {
    await expect.poll(() => p.evaluate(() => Date.now())).toBeGreaterThan(Date.parse(START));
    const ran = await p.evaluate(() => Date.now());
    // The same page again, as a link would load it: no start, no pins in its address.
    await p.evaluate(() => (location.href = location.pathname));
    await p.waitForURL((url) => url.search === '');
    const later = await loadedAt(p);
    // Back to the start page: its clock does not stand at the start again.
    await p.goBack();
    expect(new URL(p.url()).search).not.toBe('');
    const back = await loadedAt(p);
    await p.goForward();
    return { ran, later, back, ...(await p.evaluate(() => {
      class Later extends Date {}
      const instance = new Later();
      return {
        called: Date(),
        given: new Date(0).toISOString(),
        parts: new Date(2020, 0, 2).getDate(),
        subclassed: [instance instanceof Later, instance instanceof Date, instance.getFullYear()],
        same: [new Date().constructor === Date, Date.name, Date.length, Date.UTC(2020, 0, 1)],
      };
    })) };
  });
  expect(seen.later).toBeGreaterThanOrEqual(seen.ran);
  expect(seen.back).toBeGreaterThanOrEqual(seen.later);
  expect(seen.back - Date.parse(START)).toBeLessThan(60_000);
  expect(seen.called).toMatch(/^Mon Jun 03 2024 09:0\d:\d\d GMT\+0000/);
  expect(seen).toMatchObject({ given: '1970-01-01T00:00:00.000Z', parts: 2, subclassed: [true, true, 2024], same: [true, 'Date', 7, Date.UTC(2020, 0, 1)] });
  // The next instance, not pinned: neither its page nor the tab's later documents keep that clock.
  const real = await load(instancePage, taskServer, page, {}, async (p) => {
    await p.evaluate(() => (location.href = location.pathname));
    await p.waitForURL((url) => url.search === '');
    return loadedAt(p);
  });
  expect(Math.abs(real - Date.now())).toBeLessThan(10_000);
});

test('switched off: the browser\'s Math.random and the machine\'s time', async ({ browser, instancePage, taskServer }) => {
  const page = serveInstance(taskServer, SHUFFLED + CLOCK);
  const read = (p: Page) => p.evaluate(() => ({ order: document.getElementById('options')!.textContent, loadedAt: (window as unknown as { loadedAt: number }).loadedAt, fake: !Function.prototype.toString.call(Date).includes('[native code]') }));
  // After pinned instances in the same context and tab (the pinning script stays, the last clock is in the tab's storage).
  await load(instancePage, taskServer, page, { seed: 7, clock: START }, read);
  const orders = new Set<string | null>();
  for (let i = 0; i < 3; i++) {
    const real = await load(instancePage, taskServer, page, {}, read);
    expect(Math.abs(real.loadedAt - Date.now())).toBeLessThan(10_000);
    expect(real.fake).toBe(false);
    orders.add(real.order);
  }
  expect(orders.size, 'ten options shuffled three times').toBeGreaterThan(1);
  // A context that never pinned its clock keeps the browser's own Date.
  const fresh = await InstancePage.open(browser, { width: 1280, height: 800 });
  try {
    expect((await load(fresh, taskServer, page, {}, read)).fake).toBe(false);
  } finally {
    await fresh.close();
  }
});

test('the project turns a pin off for every task, a task for itself; a task\'s start replaces the manifest\'s', () => {
  const on = { pageRandom: 'seeded', pageClock: 'pinned' } as const;
  const manifest = '2022-02-02T12:00:00Z';
  expect(pagePinning({}, undefined, on, 7)).toEqual({ seed: 7, clock: DEFAULT_CLOCK });
  expect(pagePinning({}, manifest, on, 7)).toEqual({ seed: 7, clock: manifest });
  expect(pagePinning({ clock: '2020-01-01T00:00:00Z' }, manifest, on, 7)).toEqual({ seed: 7, clock: '2020-01-01T00:00:00Z' });
  expect(pagePinning({ clock: 'real', random: 'real' }, manifest, on, 7)).toEqual({});
  expect(pagePinning({}, 'real', on, 7)).toEqual({ seed: 7 });
  expect(pagePinning({ random: 'seeded' }, manifest, { pageRandom: 'real', pageClock: 'real' }, 7)).toEqual({});
});

test('a replaced context (a page stuck in a script) pins the next instance\'s page again', async ({ browser, taskServer }) => {
  const page = serveInstance(taskServer, SHUFFLED + CLOCK);
  const read = (p: Page) => p.evaluate(() => ({ order: document.getElementById('options')!.textContent, shown: document.getElementById('now')!.textContent }));
  const own = await InstancePage.open(browser, { width: 1280, height: 800 });
  try {
    const pinned = await load(own, taskServer, page, { seed: 7, clock: START }, read);
    expect(pinned.shown).toBe('Mon Jun 03 2024 09:00:00 GMT+0000 (Coordinated Universal Time)');
    const stuck = own.page;
    await load(own, taskServer, page, { seed: 7, clock: START }, (p) => p.evaluate(() => setTimeout(() => { for (;;); }, 0)));
    expect(own.page).not.toBe(stuck);
    expect(await load(own, taskServer, page, { seed: 7, clock: START }, read)).toEqual(pinned);
  } finally {
    await own.close();
  }
});
