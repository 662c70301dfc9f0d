import { groupScores } from '../../analysis/aggregate.ts';
import { byCodePoint } from '../../order.ts';
import { groupTable } from '../../render/tables.ts';
import type { ReportSection } from '../../render/sections.ts';

/**
 * WebArena's table by site: per project, the success of its episodes on each site (a task on
 * several: their names joined, as WebArena's multi-site tasks), where site tasks ran.
 */
export const bySiteSection: ReportSection = {
  title: 'Goal tasks by site',
  place: 50,
  rows: ({ results, summaries }) => groupTable(summaries, 'site', (s) => {
    if (!s.goals) return undefined;
    const rows = results.instances.filter((i) => i.project === s.project);
    return groupScores(rows, (r) => (r.sites ? [[...r.sites].sort(byCodePoint).join('+')] : []));
  }),
};
