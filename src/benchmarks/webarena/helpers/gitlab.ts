import type { Helper } from '../../../evaluators/html/helpers.ts';

/**
 * gitlab_get_project_memeber_role (WebArena's spelling): on a project's members page, the max
 * role shown in the row of @account; "" when it is not there or the page is not that table.
 */
const gitlab_get_project_memeber_role: Helper = async ({ page }, account = '') => {
  try {
    return await page.evaluate((name) => {
      const accounts = [...document.querySelectorAll<HTMLElement>("td[data-label='Account'] span.gl-avatar-labeled-sublabel")];
      const index = accounts.findIndex((e) => e.outerText === `@${name}`);
      // WebArena reads the row at index -1 too, which throws: the role is "".
      return (document.querySelectorAll<HTMLElement>('td.col-max-role span')[index] as HTMLElement).outerText;
    }, account);
  } catch {
    return '';
  }
};

export const gitlabHelpers = { gitlab_get_project_memeber_role };
