/**
 * Runs in our own world of the page: of the target elements (by bid), those a shown element
 * does not cover, before the extras (Playwright's refs alone: the boxes of its lines) and with
 * them. An element covers a target when it is the target or inside it, or around it with the
 * same box (a click on it lands on the target). Targets too small or not shown are left out.
 */
export function coverageInPage({ targets, refBoxes, extraBids }: { targets: string[]; refBoxes: string[]; extraBids: string[] }) {
  const boxOf = (el: Element) => {
    const r = el.getBoundingClientRect();
    return `${Math.round(r.x)},${Math.round(r.y)},${Math.round(r.width)},${Math.round(r.height)}`;
  };
  const refs = new Set(refBoxes);
  const extras = new Set(extraBids);
  const hasRef = (el: Element) => refs.has(boxOf(el));
  const isExtra = (el: Element) => extras.has(el.getAttribute('bid') ?? '');
  const covers = (el: Element, shown: (e: Element) => boolean) => {
    if ([el, ...Array.from(el.querySelectorAll('*'))].some(shown)) return true;
    for (let up = el.parentElement; up && boxOf(up) === boxOf(el); up = up.parentElement) if (shown(up)) return true;
    return false;
  };
  const describe = (el: Element) => {
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 20);
    return `${el.localName}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${el.classList[0]}` : ''}${text ? ` "${text}"` : ''}`;
  };
  const counted = targets.flatMap((bid) => {
    const el = document.querySelector(`[bid="${bid}"]`);
    if (!el || el === document.documentElement || el === document.body) return [];
    const r = el.getBoundingClientRect();
    const style = getComputedStyle(el);
    return r.width * r.height >= 20 && style.visibility === 'visible' && style.pointerEvents !== 'none' ? [el] : [];
  });
  return {
    targets: counted.length,
    before: counted.filter((el) => !covers(el, hasRef)).map(describe),
    after: counted.filter((el) => !covers(el, (e) => hasRef(e) || isExtra(e))).map(describe),
  };
}
