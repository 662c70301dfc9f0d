import type { DomSnapshot as Snapshot } from '../cdp-types.ts';
import { extraAttributes, type BidProps, type BrowserGymFlags } from './extra-attributes.ts';

// BrowserGym's pruned HTML: flatten_dom_to_str (the DOM snapshot as HTML: the bid, the extra
// attributes asked for, the element's own; current values and checked states as attributes),
// then prune_html (html and body unwrapped; style, link, script and br gone; div, span, i and
// p whose one attribute is their bid unwrapped), printed as BeautifulSoup's prettify() does:
// attributes in alphabetical order, a tag or a text per line, one space of indent per level,
// what is inside a pre or a textarea as it is.


interface Element {
  tag: string;
  attributes: [string, string][];
  children: (Element | string)[];
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);
const REMOVED = new Set(['style', 'link', 'script', 'br']);
const UNWRAPPED_WITH_BID_ONLY = new Set(['div', 'span', 'i', 'p']);
const PRESERVE_WHITESPACE = new Set(['pre', 'textarea']);

export function prunedHtml(snapshot: Snapshot, props: ReadonlyMap<string, BidProps>, flags: BrowserGymFlags): string {
  const root = documentTree(snapshot, 0, props, flags);
  return root.map((node) => print(node, 0)).join('');
}

/** A document's nodes as elements and texts (comments, doctypes and pseudo-elements left out), frames' documents inside their frame. */
function documentTree(snapshot: Snapshot, index: number, props: ReadonlyMap<string, BidProps>, flags: BrowserGymFlags): (Element | string)[] {
  const { strings } = snapshot;
  const { nodes } = snapshot.documents[index]!;
  const text = (i: number | undefined) => (i === undefined || i < 0 ? undefined : strings[i]);
  const rare = <T>(data: { index: number[]; value: T[] } | undefined) => new Map(data ? data.index.map((at, k) => [at, data.value[k]!]) : []);
  const frames = rare(nodes.contentDocumentIndex);
  const inputValues = rare(nodes.inputValue);
  const checked = new Set(nodes.inputChecked?.index ?? []);
  const pseudo = new Set(nodes.pseudoType?.index ?? []);
  const made = new Map<number, Element>();
  const top: (Element | string)[] = [];
  // A node left out (a document, a shadow root) passes its elements on to its parent, not its text.
  const parentOf = (i: number): { list: (Element | string)[]; skipped: boolean } => {
    const parent = nodes.parentIndex![i]!;
    if (parent < 0) return { list: top, skipped: false };
    const element = made.get(parent);
    if (element) return { list: element.children, skipped: false };
    return { list: parentOf(parent).list, skipped: true };
  };
  for (let i = 0; i < nodes.nodeType!.length; i++) {
    const type = nodes.nodeType![i]!;
    const { list, skipped: parentSkipped } = parentOf(i);
    if (type === 3 || type === 4) {
      if (!parentSkipped) list.push(type === 3 ? text(nodes.nodeValue![i]) ?? '' : `<!CDATA[[${text(nodes.nodeValue![i]) ?? ''}]]>`);
      continue;
    }
    if (type !== 1 || pseudo.has(i)) continue;
    const tag = text(nodes.nodeName![i])!.toLowerCase().trim();
    const own: [string, string][] = [];
    let bid: string | undefined;
    const attrs = nodes.attributes![i]!;
    for (let a = 0; a < attrs.length; a += 2) {
      const name = text(attrs[a])!;
      // lxml, which BrowserGym parses its HTML with, writes attribute names in lower case (viewbox).
      if (name === 'bid') bid = text(attrs[a + 1]);
      else own.push([name.toLowerCase(), text(attrs[a + 1]) ?? '']);
    }
    // Only BrowserGym's bids: not those of what the default tree marked besides (an SVG shape).
    if (bid !== undefined && !props.has(bid)) bid = undefined;
    // BrowserGym writes each element's value property and checked state into its attributes before the snapshot.
    const value = bid === undefined ? text(inputValues.get(i)) : props.get(bid)!.value;
    if (value !== undefined) setAttribute(own, 'value', value);
    if (tag === 'input') {
      if (checked.has(i)) setAttribute(own, 'checked', '');
      else removeAttribute(own, 'checked');
    }
    const extra = extraAttributes(bid, props, flags);
    const element: Element = { tag, attributes: [...(bid === undefined ? [] : [['bid', bid] as [string, string]]), ...extra.attributes.map(extraAttribute), ...own], children: [] };
    made.set(i, element);
    list.push(element);
    const frame = frames.get(i);
    if (frame !== undefined) element.children.push(...documentTree(snapshot, frame, props, flags));
  }
  return prune(top);
}

function setAttribute(attributes: [string, string][], name: string, value: string): void {
  const at = attributes.find(([n]) => n === name);
  if (at) at[1] = value;
  else attributes.push([name, value]);
}

function removeAttribute(attributes: [string, string][], name: string): void {
  const at = attributes.findIndex(([n]) => n === name);
  if (at >= 0) attributes.splice(at, 1);
}

/** `box="(1,2,3,4)"` and the bare `visible`, as lxml reads them back: a name and a value. */
function extraAttribute(attribute: string): [string, string] {
  const m = /^(\w+)="(.*)"$/.exec(attribute);
  return m ? [m[1]!, m[2]!] : [attribute, ''];
}

/** prune_html, children before parents as BrowserGym walks the tags in reverse (its new lines, in text and attributes alike, become spaces). */
function prune(nodes: (Element | string)[]): (Element | string)[] {
  return nodes.flatMap((node): (Element | string)[] => {
    if (typeof node === 'string') return [node.replace(/\n/g, ' ')];
    node.attributes = node.attributes.map(([name, value]) => [name, value.replace(/\n/g, ' ')]);
    node.children = prune(node.children);
    if (node.tag === 'html' || node.tag === 'body') return node.children;
    if (REMOVED.has(node.tag)) return [];
    if (UNWRAPPED_WITH_BID_ONLY.has(node.tag) && node.attributes.length === 1 && node.attributes[0]![0] === 'bid') return node.children;
    return [node];
  });
}

function print(node: Element | string, depth: number): string {
  const indent = ' '.repeat(depth);
  if (typeof node === 'string') {
    const text = node.trim();
    return text ? `${indent}${escapeText(text)}\n` : '';
  }
  const open = openTag(node);
  if (VOID.has(node.tag)) return `${indent}${open}/>\n`;
  if (PRESERVE_WHITESPACE.has(node.tag)) return `${indent}${asWritten(node)}\n`;
  return `${indent}${open}>\n${node.children.map((c) => print(c, depth + 1)).join('')}${indent}</${node.tag}>\n`;
}

const openTag = (node: Element) => `<${node.tag}${[...node.attributes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, value]) => ` ${name}=${quoteAttribute(value)}`).join('')}`;

/** An element and what it holds on one line, no indent added, as prettify leaves a pre. */
function asWritten(node: Element | string): string {
  if (typeof node === 'string') return escapeText(node);
  if (VOID.has(node.tag)) return `${openTag(node)}/>`;
  return `${openTag(node)}>${node.children.map(asWritten).join('')}</${node.tag}>`;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** BeautifulSoup's minimal formatter: double quotes, single ones around a value holding only double quotes. */
function quoteAttribute(value: string): string {
  const escaped = escapeText(value);
  if (!escaped.includes('"')) return `"${escaped}"`;
  return escaped.includes("'") ? `"${escaped.replace(/"/g, '&quot;')}"` : `'${escaped}'`;
}
