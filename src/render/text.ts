import { join, resolve } from 'node:path';
import { formatTable } from './table.ts';
import type { Section } from './sections.ts';

/**
 * The table printed at the end of a run: the report's headline section (By agent) and its
 * notes. A benchmark with many field types makes it wider than the terminal: the columns after
 * the project's name then continue in further blocks.
 */
export function renderTerminal(sections: Section[], options: { dir: string; width: number }): string {
  const headline = sections.find((s) => s.headline);
  if (!headline || headline.rows.length <= 1) return 'No benchmark instance ran.';
  const blocks = wrapColumns(headline.rows, options.width);
  return [blocks.map(formatTable).join('\n\n'), '', ...(headline.notes ?? []), `Tables: ${join(resolve(options.dir), 'index.html')}`].join('\n');
}

/** Splits a table's columns (after the first) into tables that each fit `width`. */
function wrapColumns(rows: string[][], width: number): string[][][] {
  const widthOf = (c: number) => Math.max(...rows.map((r) => r[c]!.length)) + 2;
  const blocks: number[][] = [];
  let current: number[] = [];
  let used = widthOf(0);
  for (let c = 1; c < rows[0]!.length; c++) {
    if (current.length && used + widthOf(c) > width) {
      blocks.push(current);
      current = [];
      used = widthOf(0);
    }
    current.push(c);
    used += widthOf(c);
  }
  blocks.push(current);
  return blocks.map((columns) => rows.map((r) => [r[0]!, ...columns.map((c) => r[c]!)]));
}
