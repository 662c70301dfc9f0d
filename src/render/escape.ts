// Untrusted text in the report's files (names and titles from task files, error messages from
// pages and agents) shows as the text it is, never as markup.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const entity = (c: string) => ENTITIES[c]!;

/** Text in HTML (or SVG) element content or in a quoted attribute value. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, entity);

/**
 * Text as one line of Markdown (a heading, a list item, a table cell) that renders as itself in
 * CommonMark and GitHub Markdown: no raw HTML, link, emphasis, code, math, table break or block.
 */
export function escapeMarkdown(text: string): string {
  return (
    text
      // A line break would end the table row or list item and could start a block of its own.
      .replace(/[\r\n]+/g, ' ')
      .trim()
      // Entities rather than backslashes: every Markdown dialect keeps them as text.
      .replace(/[&<>]/g, entity)
      .replace(/[\\`*_[\]#|~$]/g, '\\$&')
      // At the start of a list item, "- ", "+ ", "---" or "1. " would open a nested list or a rule.
      .replace(/^([-+])(?=\s|\1|$)/, '\\$1')
      .replace(/^(\d+)([.)])(?=\s|$)/, '$1\\$2')
  );
}
