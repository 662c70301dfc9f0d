// Runs in our own world of the page (callIsolated): BrowserGym's frame_mark_elements.js, minus
// what it writes to the page only to read it back (value, checked, visibility and set-of-marks
// attributes, the bid smuggled into aria-roledescription): those come back as data instead.

/** BrowserGym's extra element properties (extract_dom_extra_properties), but `clickable`, which Chromium tells. */
export interface ElementProps {
  /** The share of its box inside the viewport, as an IntersectionObserver sees it (0 to 1, two decimals). */
  visibility: number;
  /** [x, y, width, height] in the viewport's pixels; null for an element with no layout box (a head, a hidden one). */
  bbox: [number, number, number, number] | null;
  /** BrowserGym's set-of-marks flag: a target it draws on the screenshot. */
  setOfMarks: boolean;
  /** What BrowserGym writes into its `value` attribute: the element's value property, where it has one (a select's choice, an li's 0). */
  value?: string;
}

/**
 * Gives every standard HTML element (and each SVG root) a bid, in page order: numbers from the
 * document's counter, letters for frames ('a', 'b', ..., 'z', 'aA'); a bid already there is
 * kept unless an earlier element has it. Then each element's visibility, box and
 * set-of-marks flag, by BrowserGym's rules.
 */
export async function browsergymMarksInPage(tags: string[]): Promise<Record<string, ElementProps>> {
  const STANDARD = new Set(tags);
  const SOM_TAGS = new Set(['input', 'textarea', 'select', 'button', 'a', 'iframe', 'video', 'li', 'td', 'option']);
  const world = globalThis as { benchwrightBids?: number; benchwrightFrameDigits?: number[] };
  if (world.benchwrightBids === undefined) {
    let highest = -1;
    for (const e of Array.from(document.querySelectorAll('[bid]'))) if (/^\d+$/.test(e.getAttribute('bid')!)) highest = Math.max(highest, Number(e.getAttribute('bid')));
    world.benchwrightBids = highest + 1;
  }
  // BrowserGym's IFrameIdGenerator: a, b, ..., z, aA, aB, ..., zZ, aAA (digits least significant first).
  const digits = (world.benchwrightFrameDigits ??= [0]);
  const nextFrameId = () => {
    const id = digits.map((d, i) => (i < digits.length - 1 ? 'abcdefghijklmnopqrstuvwxyz'[d]!.toUpperCase() : 'abcdefghijklmnopqrstuvwxyz'[d]!)).reverse().join('');
    let i = 0;
    while (i < digits.length && ++digits[i]! === 26) digits[i++] = 0;
    if (i === digits.length) digits.push(0);
    return id;
  };

  const elements: Element[] = [];
  const collect = (root: Document | ShadowRoot) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      elements.push(el);
      if (el.shadowRoot) collect(el.shadowRoot);
    }
  };
  collect(document);
  const marked = elements.filter((el) => STANDARD.has(el.localName));
  const taken = new Set<string>();
  for (const el of marked) {
    let bid = el.getAttribute('bid');
    if (bid === null || taken.has(bid)) {
      if (el.localName === 'iframe' || el.localName === 'frame') {
        // A restarted generator (a new world for the same document) skips the letters in use.
        do bid = nextFrameId();
        while (taken.has(bid) || document.querySelector(`[bid="${bid}"]`));
      } else bid = String(world.benchwrightBids++);
      el.setAttribute('bid', bid);
    }
    taken.add(bid);
  }

  // Visibility as BrowserGym measures it: what an IntersectionObserver reports, waited on for at most a second.
  const ratios = new Map<Element, number>();
  await new Promise<void>((resolve) => {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) ratios.set(entry.target, Math.round(entry.intersectionRatio * 100) / 100);
      if (ratios.size >= marked.length) done();
    }, { threshold: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] });
    const timer = setTimeout(() => done(), 1000);
    const done = () => {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    };
    for (const el of marked) observer.observe(el);
    if (!marked.length) done();
  });

  const som = new Map<Element, boolean>();
  const somButtons: Element[] = [];
  const centreTaker = (el: Element, r: DOMRect) => {
    let root: Document | ShadowRoot | null | undefined = document;
    let at: Element | null = null;
    for (let last: Element | null = null; root; root = at?.shadowRoot) {
      last = at;
      at = root.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
      if (at === last) break;
    }
    return at !== null && (at === el || el.contains(at));
  };
  const props: Record<string, ElementProps> = {};
  for (const el of marked) {
    const r = el.getBoundingClientRect();
    const area = (r.right - r.left) * (r.bottom - r.top);
    const parent = el.parentElement;
    const flagged = centreTaker(el, r)
      && (SOM_TAGS.has(el.localName) || el.hasAttribute('onclick') || getComputedStyle(el).cursor === 'pointer')
      && area >= 20
      && somButtons.every((button) => !button.contains(el))
      && !(parent?.localName === 'span' && parent.children.length === 1 && parent.getAttribute('role') && som.get(parent));
    som.set(el, flagged);
    if (flagged) {
      if (el.matches('button, a, input[type="button"], div[role="button"]')) somButtons.push(el);
      for (let up = parent; up; up = up.parentElement) if (som.get(up)) som.set(up, false);
    }
    const value = (el as { value?: unknown }).value;
    props[el.getAttribute('bid')!] = {
      visibility: ratios.get(el) ?? 0,
      bbox: el.getClientRects().length ? [r.x, r.y, r.width, r.height] : null,
      setOfMarks: false,
      ...(value !== undefined && { value: String(value) }),
    };
  }
  for (const el of marked) props[el.getAttribute('bid')!]!.setOfMarks = som.get(el)!;
  return props;
}
