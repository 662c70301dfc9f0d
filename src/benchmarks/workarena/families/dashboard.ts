import type { Page } from '@playwright/test';
import type { Evaluator } from '../../../evaluators/types.ts';
import type { InstanceWriter } from '../actions.ts';
import { topPath } from '../top-url.ts';
import { verdicts } from '../verdicts.ts';

interface ChartConfig {
  url: string;
  chart_title: string;
  chart_series: string;
  /** "value; count|percent; <label>", "max" or "min". */
  question: string;
}

export interface ChartPoint {
  label: string;
  count: number;
  percent: number;
}

interface ChartEvidence {
  url: string;
  /** Where the episode started: the page must still be its page. */
  startUrl: string;
  /** The asked series' points, read from the page's Highcharts; null: no such chart. */
  points: ChartPoint[] | null;
  answer: string | null;
}

/**
 * A dashboard question (tasks/dashboard.py DashboardRetrievalTask): the goal of :330-357. Its
 * answer is in the instance's data, so its solution is not written here: the lifecycle reads
 * the chart on the start page, as cheat() reads it (:359-464), and answers with what it says.
 */
export const writeChart: InstanceWriter = (config) => {
  const { url, chart_title: title, chart_series: series, question } = config as ChartConfig;
  const chart = `${series ? `the "${series}" series of ` : ''}${title ? `the "${title}" chart` : 'the chart'}`;
  let goal: string;
  if (question.startsWith('value')) {
    const [, format, label] = question.split(';').map((q) => q.trim());
    goal = `What is the value of "${label}" in ${chart} (in ${format})?`;
  } else if (question === 'max' || question === 'min') {
    goal = `What is the ${question === 'max' ? 'maximum' : 'minimum'} value in ${chart}? Give me both the label and the count. If there are many, pick one.`;
  } else {
    throw new Error(`question "${question}" is not one of L1's (value; ..., max, min)`);
  }
  return { goal, eval: [{ 'workarena-chart': { title, series, question } }], solution: [], start_url: url };
};

/** The cheat's answer (:418-431): the value's count or percent; the top point's "label, count". */
export function chartAnswer(question: string, points: ChartPoint[]): string | undefined {
  if (question.startsWith('value')) {
    const [, format, label] = question.split(';').map((q) => q.trim());
    const point = points.find((p) => p.label === label);
    return point && String(format === 'count' ? point.count : point.percent);
  }
  const top = points.reduce<ChartPoint | undefined>((best, p) => (!best || (question === 'max' ? p.count > best.count : p.count < best.count) ? p : best), undefined);
  return top && `${top.label}, ${top.count}`;
}

const isClose = (a: number, b: number) => Math.abs(a - b) <= 1e-8 + 1e-5 * Math.abs(b);

/**
 * DashboardRetrievalTask.validate (tasks/dashboard.py:466-617): on the page; the numbers of the
 * answer once the chart's labels are taken out must be exactly one, close to the value asked
 * (a count or a percent), or, for max and min, to the top count with a top point's label in it.
 */
interface ChartSettings {
  title: string;
  series: string;
  question: string;
}

export const chart: Evaluator<ChartSettings, ChartSettings, ChartEvidence> = {
  name: 'workarena-chart',
  settingsSchema: { type: 'object', required: ['title', 'series', 'question'], additionalProperties: false, properties: { title: { type: 'string' }, series: { type: 'string' }, question: { type: 'string' } } },
  expected: (settings) => settings,
  capture: async (page, expected, episode) => ({ url: page.url(), points: await readChart(page, expected.title, expected.series), answer: episode.answer ?? null, startUrl: episode.startUrl }),
  score(evidence, expected) {
    const result = verdicts('workarena-chart', expected, evidence);
    if (!topPath(evidence.url).includes(topPath(evidence.startUrl))) return result(0, 'The page is not in the right URL to validate the task.');
    if (!evidence.points) return result(0, `no chart "${expected.title}" on the page`);
    if (evidence.answer === null) return result(0, 'The assistant did not provide an answer.');
    let rest = evidence.answer;
    for (const label of new Set(evidence.points.map((p) => p.label))) rest = rest.replaceAll(label, '');
    const numbers = [...new Set([...rest.replaceAll(',', '').matchAll(/\d+(?:[.,]\d+)?/g)].map((m) => Number(m[0])))];
    if (!numbers.length) return result(0, 'No number detected in the response.');
    if (numbers.length > 1) return result(0, 'Incorrect answer. More than one number detected in the response.');
    const [said] = numbers as [number];
    if (expected.question.startsWith('value')) {
      const [, format, label] = expected.question.split(';').map((q) => q.trim());
      const point = evidence.points.find((p) => p.label === label);
      if (!point) return result(0, `the chart has no point "${label}"`);
      return isClose(format === 'count' ? point.count : point.percent, said) ? result(1) : result(0, 'Incorrect answer.');
    }
    const counts = evidence.points.map((p) => p.count);
    const target = expected.question === 'max' ? Math.max(...counts) : Math.min(...counts);
    const named = evidence.points.some((p) => p.count === target && evidence.answer!.toLowerCase().includes(p.label.toLowerCase()));
    return named && isClose(target, said) ? result(1) : result(0, 'Incorrect answer.');
  },
};

/** A trigram both texts hold (utils share_tri_gram): origXValue is the label only when it shares one with another. */
const shareTrigram = (a: string, b: string) => {
  const grams = (t: string) => new Set(Array.from({ length: Math.max(0, t.length - 2) }, (_, i) => t.slice(i, i + 3)));
  const of = grams(b);
  return [...grams(a)].some((g) => of.has(g));
};

/**
 * The chart's points as WorkArena reads them (:55-216): the chart whose element's aria-label,
 * less "Highcharts interactive chart." and dots, is the title (any case; none: the first), its
 * one series or the named one, each point's label chosen as _read_chart chooses it.
 */
export async function readChart(page: Page, title: string, series: string): Promise<ChartPoint[] | null> {
  const frame = page.frame({ name: 'gsft_main' });
  if (!frame) return null;
  const charts = await frame.evaluate(() => {
    const all = (window as unknown as { Highcharts?: { charts: ({ renderTo: HTMLElement; types?: string[]; series: { name: string; data: { category?: string; name?: string; origXValue?: string; y: number; percent?: number }[] }[] } | undefined)[] } }).Highcharts?.charts ?? [];
    return all.filter((c) => c && c.renderTo.getAttribute('aria-label') && document.getElementById(c.renderTo.id)).map((c) => ({
      title: c!.renderTo.getAttribute('aria-label')!.replace('Highcharts interactive chart.', '').replaceAll('.', '').trim(),
      type: c!.types?.[0] ?? 'bar',
      series: c!.series.map((s) => ({ name: s.name, data: s.data.map((p) => ({ cat: (p.category ?? '').trim(), name: (p.name ?? '').trim(), origx: (p.origXValue ?? '').trim(), count: p.y, percent: p.y === 0 ? 0 : (p.percent ?? 0) })) })),
    }));
  }).catch(() => []);
  const found = title ? charts.find((c) => c.title.toLowerCase() === title.toLowerCase()) : charts[0];
  if (!found) return null;
  const picked = found.series.length === 1 ? found.series[0] : found.series.find((s) => s.name === series);
  if (!picked) return null;
  return picked.data.map((p) => ({
    label: p.origx !== '' && (shareTrigram(p.origx, p.cat) || shareTrigram(p.origx, p.name)) ? p.origx : ['bar', 'column', 'spline'].includes(found.type) ? p.cat : p.name,
    count: p.count, percent: p.percent,
  }));
}
