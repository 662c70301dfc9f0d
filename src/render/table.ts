/** Left-aligned text columns, two spaces apart: the first row is the header. */
export function formatTable(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((row) => (row[c] ?? '').length)));
  return rows.map((row) => row.map((cell, c) => cell.padEnd(widths[c]!)).join('  ').trimEnd()).join('\n');
}

/** `radio 3, text 2`: counts by name, sorted by name. */
export function formatCounts(counts: Record<string, number>): string {
  return Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
}
