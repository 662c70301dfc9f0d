import { LineCounter, parseAllDocuments, isMap, isNode, isScalar, type Document, type Node } from 'yaml';
import { formatPath } from './errors.ts';
import type { TaskError } from './types.ts';

/**
 * A YAML file parsed with source positions, so that any problem found in the data can be
 * reported at the line and column the author wrote it.
 *
 * Scalars are read with the failsafe schema: every value stays the exact text written
 * (`1.0` stays "1.0", `no` stays "no"); the JSON Schema validator then coerces the few
 * settings that are numbers or booleans.
 */
export class YamlSource {
  readonly file: string;
  readonly text: string;
  readonly data: unknown;
  readonly errors: TaskError[] = [];
  private readonly doc: Document | undefined;
  private readonly lines = new LineCounter();

  constructor(file: string, text: string) {
    this.file = file;
    this.text = text;
    // An empty file is an empty list of documents.
    const docs = parseAllDocuments(text, { schema: 'failsafe', lineCounter: this.lines, prettyErrors: false });
    this.doc = docs[0];
    for (const d of docs) {
      for (const e of d.errors) {
        const { line, col } = this.lines.linePos(e.pos[0]);
        this.errors.push({ file, line, col, path: '', message: `invalid YAML: ${e.message}` });
      }
    }
    if (docs.length > 1 && this.errors.length === 0) {
      const at = this.position(docs[1]!.contents ?? undefined);
      this.errors.push({ file, ...at, path: '', message: 'expected one YAML document, found a second one (remove the "---" separator)' });
    }
    this.data = this.errors.length === 0 && this.doc ? this.doc.toJS({ maxAliasCount: 100 }) : undefined;
  }

  /** An error located at the node at `path` (or at its key, to point at a property name). */
  errorAt(path: readonly (string | number)[], message: string, at: 'value' | 'key' = 'value'): TaskError {
    const node = at === 'key' ? this.keyNode(path) : this.nodeAt(path);
    return { file: this.file, ...this.position(node), path: formatPath(path), message };
  }

  /** The node at a path, or the nearest existing ancestor. */
  nodeAt(path: readonly (string | number)[]): Node | undefined {
    for (let n = path.length; n >= 0; n--) {
      const node = this.doc?.getIn(path.slice(0, n), true);
      if (isNode(node)) return node;
    }
    return undefined;
  }

  private keyNode(path: readonly (string | number)[]): Node | undefined {
    const parent = this.nodeAt(path.slice(0, -1));
    const name = path[path.length - 1];
    if (isMap(parent)) {
      const pair = parent.items.find((p) => isScalar(p.key) && p.key.value === name);
      if (pair && isNode(pair.key)) return pair.key;
    }
    return this.nodeAt(path);
  }

  /** Line and column of a node; of the first content line when there is no node. */
  position(node: Node | undefined): { line: number; col: number } {
    if (node?.range) return this.lines.linePos(node.range[0]);
    const firstContent = this.text.search(/^[^#\s]/m);
    return this.lines.linePos(Math.max(0, firstContent));
  }

  /**
   * Position of the `nth` occurrence of `needle` inside the source of the node at `path`
   * (e.g. a placeholder inside an inline html block), or of the node itself.
   */
  positionWithin(path: readonly (string | number)[], needle: string, nth: number): { line: number; col: number } {
    const node = this.nodeAt(path);
    if (!node?.range) return this.position(node);
    let offset = node.range[0] - 1;
    for (let i = 0; i <= nth; i++) {
      offset = this.text.indexOf(needle, offset + 1);
      if (offset === -1 || offset >= node.range[1]) return this.position(node);
    }
    return this.lines.linePos(offset);
  }
}
