import { combinedScore } from '../evaluators/evaluate.ts';
import { defaultMetric, type MetricByType } from '../metrics/registry.ts';
import { instanceScore, scoreValue } from '../metrics/score-fields.ts';
import { carriesNoAnswer } from '../task/types.ts';
import { groupBy, instanceKey } from './aggregate.ts';
import type { BenchmarkResults, EvaluationRow, FieldRow } from './results.ts';

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
  const fieldsOf = groupBy(fields, instanceKey);
  const othersOf = groupBy(results.evaluations.filter((e) => e.evaluator !== 'fields'), instanceKey);
  const evaluations: EvaluationRow[] = [];
  const instances = results.instances.map((i) => {
    const key = instanceKey(i);
    const rows = fieldsOf.get(key);
    const judged = [...(rows ? [{ project: i.project, task: i.task, instance: i.instance, evaluator: 'fields', ...instanceScore(rows) }] : []), ...(othersOf.get(key) ?? [])];
    evaluations.push(...judged);
    // The instance's other evaluators multiply with the fields' new score, as when it ran.
    return judged.length ? { ...i, ...combinedScore(judged) } : i;
  });
  return { ...results, meta: { ...results.meta, rescored: { ...results.meta.rescored, ...metricByType } }, instances, fields, evaluations };
}
