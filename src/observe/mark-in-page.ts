// Runs in our own world of the page (callIsolated): gives elements BrowserGym's `bid`
// attribute, and finds what the accessibility tree gives no ref but a user can act on.

export interface MarkRequest {
  /** Boxes (`x,y,w,h`, as Playwright's snapshot rounds them) of the main document's elements with a ref. */
  refBoxes: string[];
  /** Boxes of those the tree shows with no name, text or children (an icon): each gets its tag. */
  namelessBoxes: string[];
}

/** An element a user can act on that no element with a ref covers: the tree shows it as `x<bid>`. */
export interface Extra {
  bid: string;
  role: string;
  /** Its text (else its label, title or alt), on one line, cut short. */
  text: string;
  /** For an element with no text: its tag, id and classes (`span.trash`), what tells icons apart. */
  tag?: string;
  cursor: boolean;
  /** `x,y,w,h`, as Playwright writes boxes. */
  box: string;
  /** What it is shown under: another extra, the element with a ref of this box, or neither (the top). */
  parent?: { bid: string } | { box: string };
}

export interface MarkResult {
  extras: Extra[];
  /** Per box of namelessBoxes, the tag of the innermost element of that box (when it has an id or a usable class). */
  tags: Record<string, string>;
}

/**
 * `listening`: the elements Chromium says have a click listener (no script of ours can see a
 * page's listeners). An element is an extra when it has a box of 20 px² or more, is visible and
 * takes the pointer, and is one a user acts on: a click listener, a pointer cursor its parent
 * lacks, a tabindex, the root of editable content, an SVG shape, a link, button or form control;
 * and when neither it nor anything inside it has a ref (the same box as a line of the tree).
 * Inside a link, a button or a select, the control itself is the target: nothing in it is one.
 */
export function markInPage({ refBoxes, namelessBoxes }: MarkRequest, ...listening: Element[]): MarkResult {
  const refBoxSet = new Set(refBoxes);
  const nameless = new Set(namelessBoxes);
  const listens = new Set(listening);
  const elements = Array.from(document.querySelectorAll('*'));
  const rects = new Map<Element, DOMRect>();
  const rectOf = (el: Element) => {
    let r = rects.get(el);
    if (!r) rects.set(el, (r = el.getBoundingClientRect()));
    return r;
  };
  const boxes = new Map<Element, string>();
  const boxOf = (el: Element) => {
    let box = boxes.get(el);
    if (box === undefined) {
      const r = rectOf(el);
      boxes.set(el, (box = `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`));
    }
    return box;
  };

  // Bids as BrowserGym gives them (marks-in-page.ts gives every element one first, when asked):
  // a counter per document; a bid is kept by the first element in page order that has it.
  const world = globalThis as { benchwrightBids?: number };
  const firstWith = new Map<string, Element>();
  let highest = -1;
  for (const e of Array.from(document.querySelectorAll('[bid]'))) {
    const bid = e.getAttribute('bid')!;
    if (!firstWith.has(bid)) firstWith.set(bid, e);
    if (/^\d+$/.test(bid)) highest = Math.max(highest, Number(bid));
  }
  world.benchwrightBids ??= highest + 1;
  const bidOf = (el: Element) => {
    let bid = el.getAttribute('bid');
    if (bid === null || !/^\d+$/.test(bid) || firstWith.get(bid) !== el) {
      el.setAttribute('bid', (bid = String(world.benchwrightBids!++)));
      firstWith.set(bid, el);
    }
    return bid;
  };

  const SVG = 'http://www.w3.org/2000/svg';
  // Its tag, id and first two classes, as far as they stay one bracketed word of the tree.
  const tagOf = (el: Element) => {
    const classes = typeof el.className === 'string' ? el.className.trim().split(/\s+/).filter((c) => /^[\w-]+$/.test(c)).slice(0, 2) : [];
    const id = /^[^\s[\]'"]+$/.test(el.id) ? `#${el.id}` : '';
    return `${el.localName}${id}${classes.map((c) => `.${c}`).join('')}`;
  };
  const tags: Record<string, string> = {};
  for (const el of elements) if (nameless.has(boxOf(el)) && tagOf(el) !== el.localName) tags[boxOf(el)] = tagOf(el);

  // What holds a ref inside it (itself included), bottom up.
  const holdsRef = new Set<Element>();
  for (let i = elements.length - 1; i >= 0; i--) {
    const el = elements[i]!;
    if (holdsRef.has(el) || refBoxSet.has(boxOf(el))) {
      holdsRef.add(el);
      if (el.parentElement) holdsRef.add(el.parentElement);
    }
  }

  const SHAPES = ['circle', 'ellipse', 'line', 'path', 'polygon', 'polyline', 'rect', 'text'];
  const CONTROLS = 'a[href], button, input, select, textarea, summary, [role=button], [role=link]';
  const extraOf = new Map<Element, Extra>();
  // An ancestor the tree folded away (an e-mail's row, shown as the block of its text): the
  // box of the one line that shows it, if one alone does.
  const shownBy = new Map<Element, string | undefined>();
  const lineFor = (up: Element) => {
    if (!shownBy.has(up)) {
      // In page order, the first shown is outermost; another outside it means two lines.
      let first: Element | undefined;
      let alone = true;
      for (const d of Array.from(up.querySelectorAll('*'))) {
        if (!refBoxSet.has(boxOf(d))) continue;
        if (!first) first = d;
        else if (!first.contains(d)) {
          alone = false;
          break;
        }
      }
      shownBy.set(up, first && alone ? boxOf(first) : undefined);
    }
    return shownBy.get(up);
  };
  const extras: Extra[] = [];
  for (const el of elements) {
    if (el === document.documentElement || el === document.body || holdsRef.has(el)) continue;
    const r = rectOf(el);
    if (r.width * r.height < 20) continue;
    const style = getComputedStyle(el);
    if (style.visibility !== 'visible' || style.pointerEvents === 'none') continue;
    const parent = el.parentElement;
    const acts = listens.has(el)
      || (style.cursor === 'pointer' && (!parent || getComputedStyle(parent).cursor !== 'pointer'))
      || (el.hasAttribute('tabindex') && (el as HTMLElement).tabIndex >= 0)
      || ((el as HTMLElement).isContentEditable && !parent?.isContentEditable)
      || (el.namespaceURI === SVG && SHAPES.includes(el.localName))
      || el.matches(CONTROLS);
    if (!acts || (el.localName === 'label' && (el as HTMLLabelElement).control) || el.closest('option, select')) continue;
    if (parent?.closest(CONTROLS)) continue;
    // Under its nearest ancestor shown: an extra, or one with a ref; one of the same box is the same target.
    let placed: Extra['parent'];
    let same = false;
    for (let up = parent; up && !placed; up = up.parentElement) {
      const extra = extraOf.get(up);
      if (extra) {
        placed = { bid: extra.bid };
        same = boxOf(up) === boxOf(el);
      } else if (refBoxSet.has(boxOf(up))) placed = { box: boxOf(up) };
      else if (holdsRef.has(up) && lineFor(up) !== undefined) placed = { box: lineFor(up)! };
    }
    if (same) continue;
    const text = ((el as HTMLElement).innerText ?? el.textContent ?? '').replace(/\s+/g, ' ').trim()
      || ['aria-label', 'title', 'alt', 'placeholder'].map((a) => el.getAttribute(a)?.trim()).find(Boolean) || '';
    const extra: Extra = {
      bid: bidOf(el),
      role: el.getAttribute('role') || ({ img: 'img', button: 'button', a: 'link' } as Record<string, string>)[el.localName] || 'generic',
      text: text.length > 80 ? `${text.slice(0, 79)}…` : text,
      ...(!text && { tag: tagOf(el) }),
      cursor: style.cursor === 'pointer',
      box: boxOf(el),
      ...(placed && { parent: placed }),
    };
    extraOf.set(el, extra);
    extras.push(extra);
  }
  return { extras, tags };
}
