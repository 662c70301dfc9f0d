import { scoreAgain } from '../evaluators/evaluate.ts';
import { combinedScore } from '../record/evaluation.ts';
import type { FuzzyJudge } from '../llm/judge.ts';
import { defaultMetric, type MetricByType } from '../metrics/registry.ts';
import { instanceScore, scoreValue } from '../evaluators/fields/score-fields.ts';
import { carriesNoAnswer } from '../task/types.ts';
import { instanceKey } from '../record/keys.ts';
import { groupBy } from '../order.ts';
import type { BenchmarkResults, EvaluationRow, FieldRow } from '../record/results.ts';

/** What a rescore changes: field metrics by type, and/or every evaluator run again on its stored inputs. */
export interface RescoreChoice {
  metricByType?: MetricByType;
  /** Evaluators again from their stored evidence, with each project's model judge (none: fuzzy answers stay not scored). */
  evaluators?: { judgeOf(project: string): FuzzyJudge | undefined; label: string };
}

/**
 * The stored results scored again, with no agent and no browser: predictions with other metrics
 * for some field types (e.g. checkbox IoU instead of exact match), and the other evaluators from
 * the evidence they kept (answers judged by a model judge that was missing, say). Fields whose
 * task file names their metric, and fields that were never scored (not on the page, not
 * visible), stay as they were.
 */
export async function rescore(results: BenchmarkResults, { metricByType = {}, evaluators }: RescoreChoice): Promise<BenchmarkResults> {
  const fields = results.fields.map((f): FieldRow => {
    if (!f.type || carriesNoAnswer(f.type) || metricByType[f.type] === undefined) return f;
    if (f.metricSetByTask || f.metric === undefined || f.prediction === null) return f;
    const { reason: _, ceiling: __, ...rest } = f;
    return { ...rest, ...scoreValue(f.type, f.gold, f.prediction, defaultMetric(f.type, metricByType), f) };
  });
  const others = await Promise.all(results.evaluations.filter((e) => e.evaluator !== 'fields').map(async (row): Promise<EvaluationRow> => {
    if (!evaluators) return row;
    const { project, task, instance } = row;
    const again = await scoreAgain(row, { judge: evaluators.judgeOf(project) });
    // A verdict the judge cannot give now (unreachable, not in this machine's cache) does not undo one it gave.
    return again.score === null && row.score !== null ? row : { project, task, instance, ...again };
  }));
  const fieldsOf = groupBy(fields, instanceKey);
  const othersOf = groupBy(others, instanceKey);
  // The page still moving when its fields were read stays said.
  const unsettledOf = new Map(results.evaluations.filter((e) => e.evaluator === 'fields' && e.unsettled).map((e) => [instanceKey(e), e.unsettled]));
  const evaluations: EvaluationRow[] = [];
  const instances = results.instances.map((i) => {
    const key = instanceKey(i);
    const rows = fieldsOf.get(key);
    const unsettled = unsettledOf.get(key);
    const judged = [...(rows ? [{ project: i.project, task: i.task, instance: i.instance, evaluator: 'fields', ...instanceScore(rows), ...(unsettled && { unsettled }) }] : []), ...(othersOf.get(key) ?? [])];
    evaluations.push(...judged);
    if (!judged.length) return i;
    // The instance's evaluators multiply, as when it ran.
    const combined = combinedScore(judged);
    return { ...i, ...combined, ...(i.outcome === 'scored' || i.outcome === 'not scored' ? { outcome: combined.score === null ? 'not scored' as const : 'scored' as const } : {}) };
  });
  const rescored = { ...results.meta.rescored, ...metricByType, ...(evaluators && { evaluators: evaluators.label }) };
  return { ...results, meta: { ...results.meta, rescored }, instances, fields, evaluations };
}
