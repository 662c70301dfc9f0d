import type { Helper } from '../../../evaluators/html/helpers.ts';

/**
 * reddit_get_post_url: a Postmill post or comment URL cut to its post (/f/<forum>/<id>/), any
 * other URL as it is; nothing is fetched.
 */
const reddit_get_post_url: Helper = async (_context, url = '') => {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const parts = parsed.pathname.split('/');
  if (parts.length < 4 || parts[1] !== 'f') return url;
  return `${parsed.protocol}//${parsed.host}/f/${parts[2]}/${parts[3]}/`;
};

export const redditHelpers = { reddit_get_post_url };
