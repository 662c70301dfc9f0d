// scipy.optimize.linear_sum_assignment and numpy's mean, as the reference's _align_bags uses them.
// The assignment solver is written here rather than taken from npm: the matrices are a few rows of
// bags, and scipy's input checks (which raise on NaN and infinite scores) have to be reproduced anyway.

import { UnscorableInput } from '../../../python/value.ts';

/** For each row, the column it is matched with (or -1) in a matching of maximal total score. */
function maximumScoreMatching(scores: number[][], columns: number): number[] {
  const rows = scores.length;
  if (rows > columns) {
    const transposed = Array.from({ length: columns }, (_, c) => scores.map((row) => row[c] ?? 0));
    const rowOfColumn = maximumScoreMatching(transposed, rows);
    const columnOfRow = new Array<number>(rows).fill(-1);
    rowOfColumn.forEach((row, column) => (columnOfRow[row] = column));
    return columnOfRow;
  }
  // Hungarian algorithm with potentials (shortest augmenting paths), minimising the negated scores;
  // index 0 is a virtual row/column, so real ones are 1-based.
  const cost = (row: number, column: number) => -(scores[row - 1]?.[column - 1] ?? 0);
  const rowPotential = new Array<number>(rows + 1).fill(0);
  const columnPotential = new Array<number>(columns + 1).fill(0);
  const rowOfColumn = new Array<number>(columns + 1).fill(0);
  const previousColumn = new Array<number>(columns + 1).fill(0);
  const at = (values: number[], index: number) => values[index] ?? 0;
  for (let row = 1; row <= rows; row++) {
    rowOfColumn[0] = row;
    let column = 0;
    const slack = new Array<number>(columns + 1).fill(Infinity);
    const visited = new Array<boolean>(columns + 1).fill(false);
    do {
      visited[column] = true;
      const currentRow = at(rowOfColumn, column);
      let delta = Infinity;
      let nextColumn = 0;
      for (let j = 1; j <= columns; j++) {
        if (visited[j]) continue;
        const reduced = cost(currentRow, j) - at(rowPotential, currentRow) - at(columnPotential, j);
        if (reduced < at(slack, j)) {
          slack[j] = reduced;
          previousColumn[j] = column;
        }
        if (at(slack, j) < delta) {
          delta = at(slack, j);
          nextColumn = j;
        }
      }
      for (let j = 0; j <= columns; j++) {
        if (visited[j]) {
          rowPotential[at(rowOfColumn, j)] = at(rowPotential, at(rowOfColumn, j)) + delta;
          columnPotential[j] = at(columnPotential, j) - delta;
        } else slack[j] = at(slack, j) - delta;
      }
      column = nextColumn;
    } while (at(rowOfColumn, column) !== 0);
    do {
      const previous = at(previousColumn, column);
      rowOfColumn[column] = at(rowOfColumn, previous);
      column = previous;
    } while (column !== 0);
  }
  const columnOfRow = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= columns; j++) if (at(rowOfColumn, j) > 0) columnOfRow[at(rowOfColumn, j) - 1] = j - 1;
  return columnOfRow;
}

/**
 * _align_bags: the score of each gold item (row) under the best one-to-one matching with the
 * predicted items (columns), padded with zeros to the longer of the two lists.
 */
export function alignedScores(scores: number[][], predictedCount: number): number[] {
  const all = scores.flat();
  if (all.some(Number.isNaN)) {
    throw new UnscorableInput('a pair of items scored NaN (as an empty JSON object does: a mean over no keys), which the matching step (scipy\'s linear_sum_assignment) rejects');
  }
  if (all.includes(Infinity)) {
    throw new UnscorableInput('a pair of items scored infinity (two negative numbers far apart), which the matching step (scipy\'s linear_sum_assignment) rejects');
  }
  const matched = new Array<number>(Math.max(scores.length, predictedCount)).fill(0);
  maximumScoreMatching(scores, predictedCount).forEach((column, row) => {
    if (column >= 0) matched[row] = Math.max(0, scores[row]?.[column] ?? 0);
  });
  return matched;
}

/** numpy's mean, NaN for no values. numpy adds in blocks of eight: the results differ by rounding only. */
export function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
