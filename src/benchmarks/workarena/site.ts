import type { SiteEntry } from '../../task/manifest.ts';

/**
 * The ServiceNow instance, as the imported manifest names it: its URL and its admin's account
 * from the environment (WorkArena's SNOW_INSTANCE_URL, _UNAME and _PWD), never in a file.
 */
export const SERVICENOW_SITE: SiteEntry = {
  env: 'BENCHWRIGHT_SERVICENOW_URL',
  account: { user: { env: 'BENCHWRIGHT_SERVICENOW_USER' }, password: { env: 'BENCHWRIGHT_SERVICENOW_PASSWORD' } },
};
