import { escape } from '../stand-in.ts';
import { scriptJson } from './controls.ts';

// Dashboards ($pa_dashboard.do) and reports (sys_report_template.do) as WorkArena reads them:
// charts whose element's aria-label names them, and a Highcharts-like window.Highcharts.charts
// (renderTo, types, hasLoaded, series of points with category or name, y and percent).

export interface Chart {
  title: string;
  type: 'bar' | 'column' | 'pie' | 'line';
  series: { name: string; points: { label: string; y: number }[] }[];
}

/** Which charts a page shows: a dashboard's by its id, a report's by its table, field and type. */
export function chartsKey(inner: string): string | undefined {
  const url = new URL(inner, 'http://instance/');
  const at = (name: string) => url.searchParams.get(name) ?? '';
  if (url.pathname === '/$pa_dashboard.do') return `dashboard:${at('sysparm_dashboard')}`;
  if (url.pathname === '/sys_report_template.do') return `report:${at('sysparm_table')}.${at('sysparm_field')}.${at('sysparm_type')}`;
  return undefined;
}

export function chartsPage(charts: Chart[]): string {
  const html = charts.map((chart, i) => `<figure id="chart_${i}" aria-label="Highcharts interactive chart. ${escape(chart.title)}.">
<figcaption>${escape(chart.title)}</figcaption>${chart.series.map((s) => `<ul aria-label="${escape(s.name)}">${s.points.map((p) => `<li class="highcharts-point">${escape(p.label)}: ${p.y}</li>`).join('')}</ul>`).join('')}</figure>`).join('\n');
  return `${html || '<p>No data to display</p>'}
<script>
  const CHARTS = ${scriptJson(charts)};
  // Bars and columns name a point by its category, pies by its name; percent is its share of the series.
  window.Highcharts = { charts: CHARTS.map((chart, i) => ({
    renderTo: document.getElementById('chart_' + i), types: [chart.type], hasLoaded: true,
    series: chart.series.map((s) => {
      const total = s.points.reduce((sum, p) => sum + p.y, 0);
      return { name: s.name, data: s.points.map((p) => ({ ...(chart.type === 'pie' ? { name: p.label } : { category: p.label }), y: p.y, percent: total ? (100 * p.y) / total : 0 })) };
    }),
  })) };
</script>`;
}
