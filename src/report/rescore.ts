import { defaultMetric, type MetricByType } from '../metrics/registry.ts';
import { instanceScore, scoreValue } from '../metrics/score-fields.ts';
import { carriesNoAnswer } from '../task/types.ts';
import { groupBy, instanceKey } from './aggregate.ts';
import type { BenchmarkResults, FieldRow } from './results.ts';

/**
 * The stored predictions scored again with other metrics for some field types (e.g. checkbox
 * IoU instead of exact match): no agent runs. Fields whose task file names their metric, and
 * fields that were never scored (not on the page, not visible), stay as they were.
 */
export function rescore(results: BenchmarkResults, metricByType: MetricByType): BenchmarkResults {
  const fields = results.fields.map((f): FieldRow => {
    if (!f.type || carriesNoAnswer(f.type) || metricByType[f.type] === undefined) return f;
    if (f.metricSetByTask || f.metric === undefined || f.prediction === null) return f;
    const { reason: _, ceiling: __, ...rest } = f;
    return { ...rest, ...scoreValue(f.type, f.gold, f.prediction, defaultMetric(f.type, metricByType), f) };
  });
  const byInstance = groupBy(fields, instanceKey);
  const instances = results.instances.map((i) => {
    const rows = byInstance.get(instanceKey(i));
    return rows ? { ...i, ...instanceScore(rows) } : i;
  });
  return { ...results, meta: { ...results.meta, rescored: { ...results.meta.rescored, ...metricByType } }, instances, fields };
}
