import type { ProjectSummary } from '../analysis/aggregate.ts';
import { escapeHtml as escape } from './escape.ts';
import { describeRun } from './markdown.ts';
import type { BenchmarkResults } from '../record/results.ts';
import type { Section } from './sections.ts';
import { formatEstimate } from './tables.ts';

// index.html: one self-contained page (inline CSS and SVG, no script, no CDN) that opens
// from disk, offline.

const COLORS = ['#1f77b4', '#ff7f0e', '#2ca02c', '#d62728', '#9467bd', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];

export function renderHtml(results: BenchmarkResults, summaries: ProjectSummary[], sections: Section[]): string {
  const title = `Benchmark results${results.meta.benchmark ? `: ${results.meta.benchmark}` : ''}`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${escape(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 1em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
th { background: #f3f3f3; }
.meta { color: #555; }
.legend span { display: inline-block; margin-right: 1.5em; }
.legend i { display: inline-block; width: 0.9em; height: 0.9em; margin-right: 0.3em; vertical-align: -0.1em; }
</style>
</head>
<body>
<h1>${escape(title)}</h1>
<p class="meta">Run: ${escape(results.meta.date)}<br>${describeRun(results).map(escape).join('<br>')}</p>
${sections.map((s, i) => `${s.empty ? '' : htmlSection(s)}${i === 0 ? `\n<h2>Score per task</h2>\n${legend(summaries)}\n${taskChart(summaries)}` : ''}`).join('\n')}
</body>
</html>
`;
}

/** A table under its title, its notes under it. */
function htmlSection({ title, rows, notes }: Section): string {
  // Element content: quotes stay as they are.
  return `<h2>${title.replace(/[&<>]/g, escape)}</h2>\n${htmlTable(rows)}${notes ? `\n<ul>${notes.map((n) => `<li>${escape(n)}</li>`).join('')}</ul>` : ''}`;
}

function htmlTable(rows: string[][]): string {
  const [header, ...body] = rows;
  const numeric = (text: string) => /^[\d.–± ]+$/.test(text);
  return `<table>
<thead><tr>${header!.map((h) => `<th>${escape(h)}</th>`).join('')}</tr></thead>
<tbody>
${body.map((r) => `<tr>${r.map((c) => `<td${numeric(c) ? ' class="n"' : ''}>${escape(c)}</td>`).join('')}</tr>`).join('\n')}
</tbody>
</table>`;
}

function legend(summaries: ProjectSummary[]): string {
  return `<p class="legend">${summaries.map((s, p) => `<span><i style="background:${COLORS[p % COLORS.length]}"></i>${escape(s.project)}</span>`).join('')}</p>`;
}

/** Horizontal bars, one group per task and one bar per project, with ± one standard error. */
function taskChart(summaries: ProjectSummary[]): string {
  const tasks = [...new Set(summaries.flatMap((s) => s.perTask.map((t) => t.task)))].sort();
  const byTask = summaries.map((s) => new Map(s.perTask.map((t) => [t.task, t.score])));
  const bar = 12;
  const group = summaries.length * bar + 10;
  const labelWidth = 20 + 7 * Math.max(...tasks.map((t) => t.length));
  const plot = 520;
  const top = 24;
  const height = top + tasks.length * group + 10;
  const x = (v: number) => labelWidth + v * plot;
  const parts: string[] = [];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    parts.push(`<line x1="${x(tick)}" y1="${top - 4}" x2="${x(tick)}" y2="${height - 10}" stroke="#ddd"/>`);
    parts.push(`<text x="${x(tick)}" y="${top - 8}" text-anchor="middle" font-size="11">${tick}</text>`);
  }
  tasks.forEach((task, t) => {
    const y0 = top + t * group;
    parts.push(`<text x="${labelWidth - 6}" y="${y0 + (summaries.length * bar) / 2 + 4}" text-anchor="end" font-size="12">${escape(task)}</text>`);
    byTask.forEach((scores, p) => {
      const score = scores.get(task);
      if (!score || score.value === null) return;
      const y = y0 + p * bar;
      const label = `${summaries[p]!.project} · ${task}: ${formatEstimate(score)}`;
      parts.push(`<rect x="${labelWidth}" y="${y}" width="${(score.value * plot).toFixed(1)}" height="${bar - 2}" fill="${COLORS[p % COLORS.length]}"><title>${escape(label)}</title></rect>`);
      if (score.se) {
        const lo = x(Math.max(0, score.value - score.se)).toFixed(1);
        const hi = x(Math.min(1, score.value + score.se)).toFixed(1);
        parts.push(`<line x1="${lo}" y1="${y + (bar - 2) / 2}" x2="${hi}" y2="${y + (bar - 2) / 2}" stroke="#000" stroke-width="1"/>`);
      }
    });
  });
  const width = labelWidth + plot + 20;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="Score per task and project">
${parts.join('\n')}
</svg>`;
}
