// The figures npm run bench ends with, each beside its floor and its target: every part
// records its own (recordFigure) in the file scripts/bench.ts names, which prints them all
// once the parts have run (a part run alone prints only its own lines).
import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export const FIGURES_FILE = 'BENCHWRIGHT_BENCH_FIGURES';

export interface Figure {
  /** What was measured, e.g. "do-nothing, 1 worker, default settings (median ms an instance)". */
  figure: string;
  value: number;
  /** The same measure of the floor it is compared with, and what that floor is. */
  floor?: { value: number; name: string };
  /** At most this ratio to the floor, or at most this value. */
  target?: { ratio: number } | { max: number };
}

export function recordFigure(figure: Figure, env = process.env): void {
  const file = env[FIGURES_FILE];
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}

const format = (n: number) => (Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2));

/** One line a figure: its value, its floor, the ratio and the target, and whether it is met. */
export function figureTable(figures: Figure[]): string {
  const rows = figures.map(({ figure, value, floor, target }) => {
    const ratio = floor ? value / floor.value : undefined;
    const met = target === undefined ? '' : 'ratio' in target ? (ratio !== undefined && ratio <= target.ratio ? 'met' : 'NOT MET') : value <= target.max ? 'met' : 'NOT MET';
    return [
      figure,
      format(value),
      floor ? `${format(floor.value)} (${floor.name})` : '',
      ratio === undefined ? '' : `${ratio.toFixed(2)}x`,
      target === undefined ? '' : 'ratio' in target ? `<= ${target.ratio}x` : `<= ${format(target.max)}`,
      met,
    ];
  });
  const header = ['figure', 'value', 'floor', 'ratio', 'target', ''];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  return [header, ...rows].map((r) => r.map((cell, i) => (i === 1 || i === 3 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ').trimEnd()).join('\n');
}

export function readFigures(file: string): Figure[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Figure);
}
