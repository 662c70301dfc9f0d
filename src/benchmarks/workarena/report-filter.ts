import type { LifecycleContext } from '../../runner/lifecycles.ts';
import { TableApi } from './table-api.ts';

/** The system property WorkArena's installer sets for its reports' date filter (config.py:235). */
const PROPERTY = 'workarena.report.filter.config';

/**
 * A report's start URL with its date filter's placeholders filled from the instance's setting
 * (tasks/dashboard.py:327-329, instance.py:224-243): REPORT_DATE_FILTER and REPORT_TIME_FILTER.
 * A URL without them is left as it is.
 */
export async function reportFilter(on: LifecycleContext, url: string): Promise<string> {
  if (!url.includes('REPORT_DATE_FILTER') && !url.includes('REPORT_TIME_FILTER')) return url;
  const [property] = await new TableApi(on.site.base, on.site.account!, on.signal).get('sys_properties', { sysparm_query: `name=${PROPERTY}`, sysparm_fields: 'value' });
  if (!property) throw new Error(`the instance has no system property ${PROPERTY} (WorkArena's installer sets it): its report tasks cannot start`);
  const config = JSON.parse(String(property.value)) as { report_date_filter?: string; report_time_filter?: string };
  return url.replaceAll('REPORT_DATE_FILTER', config.report_date_filter ?? '').replaceAll('REPORT_TIME_FILTER', config.report_time_filter ?? '');
}
