import type { Extra, MarkResult } from './mark-in-page.ts';

// Playwright's snapshot for AI, taken with boxes, read line by line; then written again with
// the extras (elements it gave no ref: see mark-in-page.ts) under the lines they belong to, and
// the boxes left out unless asked for; a line with a ref and nothing else to tell it by (an
// icon) gets its element's tag. On a page with neither, the text is Playwright's to the byte:
// cached replies to earlier runs' prompts still answer.

interface Line {
  depth: number;
  /** `- ` and the key (as written, quoted or not), then the rest (`:`, `: value` or nothing). */
  key: string;
  rest: string;
  /** Playwright's own ref, its box (`x,y,w,h`). */
  ref?: string;
  box?: string;
  /** In the main document, not in a frame. */
  main: boolean;
}

export interface ParsedTree {
  lines: (Line | string)[];
  /** The boxes of the main document's lines with a ref: what the page pass checks coverage against. */
  refBoxes: string[];
  /** Those of generic and image lines with a ref and nothing else to tell them by: no name, no text, no children. */
  namelessBoxes: string[];
  /** Those lines themselves (only they get a tag: a control of the same box keeps its line). */
  nameless: Set<number>;
}

const BOX = / \[box=(-?\d+,-?\d+,-?\d+,-?\d+)\]/;

export function parseTree(snapshot: string): ParsedTree {
  const refBoxes: string[] = [];
  // Refs are f<N>e<M>, N counting the documents Playwright has seen: the first line's is the main document's.
  let mainDocument: string | undefined;
  const lines = snapshot.split('\n').map((text): Line | string => {
    const item = /^( *)- (.*)$/.exec(text);
    if (!item) return text;
    const [key, rest] = splitKey(item[2]!);
    const box = BOX.exec(key)?.[1];
    const [, ref, document] = /\[ref=((f\d+)?e\d+)\]/.exec(key) ?? [];
    mainDocument ??= ref && (document ?? '');
    const main = ref !== undefined && (document ?? '') === mainDocument;
    if (main && box) refBoxes.push(box);
    return { depth: item[1]!.length / 2, key, rest, main, ...(ref && { ref }), ...(box && { box }) };
  });
  // An icon is a generic or an image (a control's role says what it is); a line with children ends in ':'.
  const nameless = new Set<number>();
  lines.forEach((line, i) => {
    if (typeof line !== 'string' && line.main && line.box && !line.rest && /^(generic|img)(?: \[[^\]]*\])*$/.test(line.key)) nameless.add(i);
  });
  const namelessBoxes = [...nameless].map((i) => (lines[i] as Line).box!);
  return { lines, refBoxes, namelessBoxes, nameless };
}

/** A YAML list item's key and what follows it; a key holding `: ` is single-quoted by Playwright (`''` for a quote). */
function splitKey(body: string): [string, string] {
  if (body.startsWith("'")) {
    let at = 1;
    while (at < body.length && !(body[at] === "'" && body[at + 1] !== "'")) at += body[at] === "'" ? 2 : 1;
    return [body.slice(0, at + 1), body.slice(at + 1)];
  }
  const colon = body.indexOf(': ');
  if (colon >= 0) return [body.slice(0, colon), body.slice(colon)];
  return body.endsWith(':') ? [body.slice(0, -1), ':'] : [body, ''];
}

export interface RenderOptions {
  /** Keep each line's `[box=x,y,w,h]` (Playwright's), for click(x, y). */
  boxes: boolean;
}

/** The tree with the extras, as `[ref=x<bid>]` lines. */
export function renderTree(tree: ParsedTree, { extras, tags }: Pick<MarkResult, 'extras' | 'tags'>, options: RenderOptions): string {
  const byParent = new Map<string, Extra[]>();
  const lineOfBox = new Map<string, number>();
  tree.lines.forEach((line, i) => {
    if (typeof line === 'string' || !line.main || !line.box) return;
    // Nested elements of one box: the innermost line holds what is inside.
    const held = lineOfBox.get(line.box);
    if (held === undefined || (tree.lines[held] as Line).depth < line.depth) lineOfBox.set(line.box, i);
  });
  for (const extra of extras) {
    const parent = extra.parent && ('bid' in extra.parent ? `x${extra.parent.bid}` : lineOfBox.get(extra.parent.box));
    const key = String(parent ?? 'top');
    const siblings = byParent.get(key);
    if (siblings) siblings.push(extra);
    else byParent.set(key, [extra]);
  }
  const out: string[] = [];
  const writeExtras = (key: string, depth: number) => {
    for (const extra of byParent.get(key) ?? []) {
      const children = byParent.has(`x${extra.bid}`);
      const head = `${'  '.repeat(depth)}- ${extra.role} [ref=x${extra.bid}]${extra.cursor ? ' [cursor=pointer]' : ''}${extra.tag ? ` [tag=${extra.tag}]` : ''}${options.boxes ? ` [box=${extra.box}]` : ''}`;
      if (!extra.text) out.push(children ? `${head}:` : head);
      else if (!children) out.push(`${head}: ${yamlValue(extra.text)}`);
      else out.push(`${head}:`, `${'  '.repeat(depth + 1)}- text: ${yamlValue(extra.text)}`);
      writeExtras(`x${extra.bid}`, depth + 1);
    }
  };
  // Lines still open (their subtree not yet over), each with what to write when it is.
  const open: { depth: number; key: string }[] = [];
  const close = (depth: number) => {
    while (open.length && open.at(-1)!.depth >= depth) {
      const done = open.pop()!;
      writeExtras(done.key, done.depth + 1);
    }
  };
  tree.lines.forEach((line, i) => {
    if (typeof line === 'string') return out.push(line);
    close(line.depth);
    // An icon's line says what it is by its tag, as an extra's does.
    const tag = tree.nameless.has(i) ? tags[line.box!] : undefined;
    const added = `${tag ? ` [tag=${tag}]` : ''}${options.boxes && line.box ? ` [box=${line.box}]` : ''}`;
    const bare = line.key.replace(BOX, '');
    // Inside the quotes of a key Playwright quoted (one holding `: `).
    const key = bare.startsWith("'") ? `${bare.slice(0, -1)}${added}'` : `${bare}${added}`;
    const indent = '  '.repeat(line.depth);
    if (!byParent.has(String(i))) return out.push(`${indent}- ${key}${line.rest}`);
    // Its extras become its children: a value it had inline becomes its first child's text.
    const inline = line.rest.startsWith(': ') ? line.rest.slice(2) : undefined;
    out.push(`${indent}- ${key}:`, ...(inline === undefined ? [] : [`${indent}  - text: ${inline}`]));
    open.push({ depth: line.depth, key: String(i) });
  });
  close(0);
  writeExtras('top', 0);
  return out.join('\n');
}

/** Text as a YAML value, quoted when Playwright would quote it (its yamlStringNeedsQuotes). */
function yamlValue(text: string): string {
  const quoted = text === '' || /^\s|\s$|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]|^-|[\n:](\s|$)|\s#|[\n\r]|^[&*\],?!>|@"'#%]|[{}`]|^\[/.test(text)
    || !isNaN(Number(text)) || ['y', 'n', 'yes', 'no', 'true', 'false', 'on', 'off', 'null', '~'].includes(text.toLowerCase())
    || /^[-+]?\.(inf|nan)$/i.test(text);
  return quoted ? JSON.stringify(text) : text;
}
