import { formatTable } from './table.ts';
import { INTERVAL_LEVEL, type Comparison, type Difference, type InstanceChange, type PairComparison } from '../analysis/compare.ts';
import { escapeMarkdown } from './escape.ts';
import { markdownTable } from './markdown.ts';
import type { CompareSection } from './sections.ts';
import { formatScore } from './tables.ts';

// A comparison as titled tables of text (the first row is the header), shared by the terminal
// and Markdown renderings so they always show the same numbers.

interface Section {
  title: string;
  /** Empty: nothing to list. */
  rows: string[][];
}

const formatInterval = (d: Difference) => (d.interval ? `[${formatScore(d.interval[0])}, ${formatScore(d.interval[1])}]` : '–');
const differenceCells = (d: Difference) => [formatScore(d.a), formatScore(d.b), formatScore(d.difference), formatInterval(d)];
const DIFFERENCE_HEADER = ['score A', 'score B', 'B - A', `${INTERVAL_LEVEL * 100}% interval`];
const formatState = (s: InstanceChange['a']) => (s.outcome === 'scored' ? formatScore(s.score) : s.outcome);

function pairSections(p: PairComparison, added: CompareSection[]): Section[] {
  const pair = `${p.a} vs ${p.b}`;
  const only = [...p.onlyInA.map((i) => [i.task, i.instance, 'A']), ...p.onlyInB.map((i) => [i.task, i.instance, 'B'])];
  return [
    { title: `${pair}, per task`, rows: [['task', 'instances', 'changed', ...DIFFERENCE_HEADER], ...p.tasks.map((t) => [t.task, String(t.instances), String(t.changed), ...differenceCells(t)])] },
    { title: `${pair}, changed instances`, rows: p.changed.length ? [['task', 'instance', 'score A', 'score B'], ...p.changed.map((c) => [c.task, c.instance, formatState(c.a), formatState(c.b)])] : [] },
    { title: `${pair}, instances in only one run`, rows: only.length ? [['task', 'instance', 'run'], ...only] : [] },
    ...added.flatMap((s) => {
      const data = p[s.key] as unknown[] | undefined;
      return data?.length ? [{ title: `${pair}, ${s.title}`, rows: s.rows(data) }] : [];
    }),
  ];
}

/** One row per pair of projects: its benchmark scores and counts. */
function pairTable(c: Comparison): string[][] {
  return [
    ['project A', 'project B', 'instances', 'changed', 'only in A', 'only in B', ...DIFFERENCE_HEADER],
    ...c.pairs.map((p) => [p.a, p.b, String(p.instances), String(p.changed.length), String(p.onlyInA.length), String(p.onlyInB.length), ...differenceCells(p.benchmark)]),
  ];
}

function notes(c: Comparison): string[] {
  const notes = [
    `Scores over the instances both runs scored: a task's score is the mean of its field scores, the benchmark the mean over tasks. B - A: positive when B scores higher. Interval: ${INTERVAL_LEVEL * 100}% percentile interval of a paired bootstrap over those instances within tasks (the same draws for A and B; ${c.resamples} resamples, seed ${c.seed}).`,
  ];
  for (const run of ['a', 'b'] as const) {
    if (c.notCompared[run].length) notes.push(`Not compared (run ${run.toUpperCase()}): ${c.notCompared[run].join(', ')}.`);
  }
  return notes;
}

const runLines = (c: Comparison) => [`A: ${c.a.run} (${c.a.date})`, `B: ${c.b.run} (${c.b.date})`];

/** For the terminal. */
export function renderCompareText(c: Comparison, added: CompareSection[] = []): string {
  const sections = c.pairs.flatMap((p) => pairSections(p, added)).map((s) => `${s.title}:${s.rows.length ? `\n${formatTable(s.rows)}` : ' none'}`);
  return [...runLines(c), '', formatTable(pairTable(c)), '', ...sections.flatMap((s) => [s, '']), ...notes(c)].join('\n');
}

/** Every text from the runs (names, file names) escaped: runs may come from anyone. */
export function renderCompareMarkdown(c: Comparison, added: CompareSection[] = []): string {
  const sections = c.pairs.flatMap((p) => pairSections(p, added)).flatMap((s) => [`## ${escapeMarkdown(s.title)}`, '', s.rows.length ? markdownTable(s.rows) : 'None.', '']);
  const lines = [
    '# Comparison',
    '',
    ...runLines(c).map((l) => `${escapeMarkdown(l)}  `),
    '',
    markdownTable(pairTable(c)),
    '',
    ...notes(c).map((n) => `- ${escapeMarkdown(n)}`),
    '',
    ...sections,
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}
