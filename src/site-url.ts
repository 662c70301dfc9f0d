/**
 * A path on a site (`/notes/4`) under its base URL, which may have a path of its own
 * (`http://host/app`): appended, where URL resolution would drop `/app`.
 */
export const pathOnSite = (base: string, path: string): string => `${base.replace(/\/+$/, '')}${path}`;
