/**
 * The paper's "relevant" HTML (TurkingBench, appendix C): the HTML of the field's grandparent
 * element, split at '>', keeping 15 pieces before the piece where the field starts and 30
 * after it.
 */
export const PIECES_BEFORE = 15;
export const PIECES_AFTER = 30;

export function relevantHtml(grandparentHtml: string, fieldHtml: string): string {
  const start = grandparentHtml.indexOf(fieldHtml);
  if (start < 0) return grandparentHtml;
  const pieces = grandparentHtml.split('>');
  // The piece the field starts in: count the '>' before it.
  let index = 0;
  for (let i = grandparentHtml.indexOf('>'); i >= 0 && i < start; i = grandparentHtml.indexOf('>', i + 1)) index++;
  return pieces.slice(Math.max(0, index - PIECES_BEFORE), index + PIECES_AFTER + 1).join('>');
}
