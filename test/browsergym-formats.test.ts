import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import type { AXNode, DomSnapshot } from '../src/observe/cdp-types.ts';
import { flattenAxtree } from '../src/observe/browsergym/axtree.ts';
import type { BidProps, BrowserGymFlags } from '../src/observe/browsergym/extra-attributes.ts';
import { prunedHtml } from '../src/observe/browsergym/pruned-html.ts';

// BrowserGym's text views as BrowserGym writes them: pages captured as the observation marks
// them (scripts/browsergym-golden/capture.ts), and the text BrowserGym's own flatten_axtree_to_str
// and prune_html(flatten_dom_to_str(...)) made of the same input (expected.py, with
// BeautifulSoup 4.15 and lxml 6.1).

const GOLDEN = 'test/fixtures/browsergym/golden';

interface Case {
  flags: BrowserGymFlags;
  props: Record<string, { visibility: number; bbox: [number, number, number, number] | null; clickable: boolean; set_of_marks: boolean }>;
  snapshot: DomSnapshot;
  ax: (AXNode & { browsergym_id?: string })[];
}

for (const file of readdirSync(GOLDEN).filter((f) => f.endsWith('.json'))) {
  const name = file.replace(/\.json$/, '');
  test(`BrowserGym's tree and pruned HTML of the ${name} page, to the byte`, () => {
    const input = JSON.parse(readFileSync(join(GOLDEN, file), 'utf8')) as Case;
    const props = new Map<string, BidProps>(Object.entries(input.props).map(([bid, p]) => [bid, { visibility: p.visibility, bbox: p.bbox, clickable: p.clickable, setOfMarks: p.set_of_marks }]));
    const bids = new Map(input.ax.flatMap((node) => (node.browsergym_id !== undefined && node.backendDOMNodeId !== undefined ? [[node.backendDOMNodeId, node.browsergym_id] as const] : [])));
    assert.equal(flattenAxtree(input.ax, bids, props, input.flags), readFileSync(join(GOLDEN, `${name}.axtree.txt`), 'utf8'));
    assert.equal(prunedHtml(input.snapshot, props, input.flags), readFileSync(join(GOLDEN, `${name}.pruned.html`), 'utf8'));
  });
}
