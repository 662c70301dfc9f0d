import type { ElementProps } from './marks-in-page.ts';

/** What BrowserGym's flatteners add to an element with a bid, and which they leave out (AgentLab's flags). */
export interface BrowserGymFlags {
  /** `visible`: at least half of it in the viewport (extract_visible_tag). */
  withVisible?: boolean;
  /** `clickable`: Chromium counts it clickable, a listener or a control (extract_clickable_tag). */
  withClickable?: boolean;
  /** `center="(x,y)"` or `box="(x0,y0,x1,y1)"` (extract_coords). */
  coords?: 'center' | 'box';
  /** `som`: a set-of-marks target. */
  withSom?: boolean;
  /** Leave out elements less than half visible (filter_visible_elements_only). */
  visibleOnly?: boolean;
}

/** An element's properties, as BrowserGym keeps them per bid. */
export type BidProps = ElementProps & { clickable: boolean };

/**
 * BrowserGym's _process_bid: whether the element is left out, and its extra attributes in
 * BrowserGym's order (each inserted at the front: box, center, clickable, visible, som).
 */
export function extraAttributes(bid: string | undefined, props: ReadonlyMap<string, BidProps>, flags: BrowserGymFlags): { skip: boolean; attributes: string[] } {
  const p = bid === undefined ? undefined : props.get(bid);
  if (!p) return { skip: false, attributes: [] };
  const visible = p.visibility >= 0.5;
  const attributes: string[] = [];
  if (flags.withSom && p.setOfMarks) attributes.unshift('som');
  if (flags.withVisible && visible) attributes.unshift('visible');
  if (flags.withClickable && p.clickable) attributes.unshift('clickable');
  if (p.bbox) {
    const [x, y, w, h] = p.bbox;
    if (flags.coords === 'center') attributes.unshift(`center="${coordinates([x + w / 2, y + h / 2])}"`);
    if (flags.coords === 'box') attributes.unshift(`box="${coordinates([x, y, x + w, y + h])}"`);
  }
  return { skip: flags.visibleOnly === true && !visible, attributes };
}

/** Python's f"{c:.0f}" per coordinate: halves round to even. */
const coordinates = (values: number[]) => `(${values.map(roundHalfEven).join(',')})`;

function roundHalfEven(value: number): string {
  const floor = Math.floor(value);
  const rounded = value - floor === 0.5 ? (floor % 2 === 0 ? floor : floor + 1) : Math.round(value);
  return String(Object.is(rounded, -0) ? 0 : rounded);
}
