// The inputs of test/browsergym-formats.test.ts: pages marked as the observation marks them,
// with what BrowserGym's flatteners take (Chromium's DOM snapshot with the values and checked
// states BrowserGym writes into the page, the accessibility tree with each node's bid, the
// extra properties per bid). expected.py then writes BrowserGym's own output for each.
// Usage: tsx scripts/browsergym-golden/capture.ts [folder, default test/fixtures/browsergym/golden]
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { domNodes } from '../../src/observe/dom-snapshot.ts';
import type { BrowserGymFlags } from '../../src/observe/browsergym/extra-attributes.ts';
import { markForBrowserGym } from '../../src/observe/browsergym/views.ts';
import { sessionOf } from '../../src/values/page-session.ts';
import config from '../../playwright.config.ts';
import { PAGES } from './pages.ts';

const folder = process.argv[2] ?? 'test/fixtures/browsergym/golden';
const browser = await chromium.launch({ ...config.use?.launchOptions, headless: config.use?.headless ?? true });
try {
  for (const [name, { html, flags }] of Object.entries(PAGES)) {
    const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
    await page.setContent(html);
    const marks = await markForBrowserGym(page);
    const dom = await domNodes(page, { withBids: true });
    const { nodes } = await (await sessionOf(page).cdp).send('Accessibility.getFullAXTree', {});
    const snapshot = dom.snapshot!;
    const props: Record<string, unknown> = {};
    const bidOf = new Map<number, string>();
    for (const [node, bid] of dom.bids) {
      if (!marks[bid]) continue;
      const { visibility, bbox, setOfMarks } = marks[bid]!;
      props[bid] = { visibility, bbox, clickable: dom.clickable.has(node), set_of_marks: setOfMarks };
      bidOf.set(node, bid);
    }
    // What BrowserGym's marking writes into the page before its snapshot: values and checked states.
    const strings = snapshot.strings;
    const intern = (text: string) => (strings.includes(text) ? strings.indexOf(text) : strings.push(text) - 1);
    const main = snapshot.documents[0]!.nodes;
    const checked = new Set(main.inputChecked?.index ?? []);
    main.attributes!.forEach((attrs, i) => {
      const at = attrs.findIndex((a, k) => k % 2 === 0 && strings[a] === 'bid');
      const bid = at < 0 ? undefined : strings[attrs[at + 1]!];
      const value = bid === undefined ? undefined : marks[bid]?.value;
      const set = (name: string, to: string | undefined) => {
        const k = attrs.findIndex((a, j) => j % 2 === 0 && strings[a] === name);
        if (to === undefined) {
          if (k >= 0) attrs.splice(k, 2);
        } else if (k >= 0) attrs[k + 1] = intern(to);
        else attrs.push(intern(name), intern(to));
      };
      if (value !== undefined) set('value', value);
      if (bid !== undefined && strings[main.nodeName![i]!] === 'INPUT') set('checked', checked.has(i) ? '' : undefined);
    });
    const ax = nodes.map((node) => (node.backendDOMNodeId !== undefined && bidOf.has(node.backendDOMNodeId) ? { ...node, browsergym_id: bidOf.get(node.backendDOMNodeId) } : node));
    writeFileSync(join(folder, `${name}.json`), `${JSON.stringify({ flags: flags satisfies BrowserGymFlags, props, snapshot, ax })}\n`);
    console.log(name);
    await page.close();
  }
} finally {
  await browser.close();
}
