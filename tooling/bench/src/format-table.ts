/**
 * Renders a plain-text table: a header, a rule, then the rows, columns padded to their widest
 * cell. The first column is left-aligned, the others right-aligned (they hold figures).
 */
export function formatTable(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = columns.map((column, index) =>
    Math.max(column.length, ...rows.map((row) => (row[index] ?? '').length)),
  );
  const line = (cells: readonly string[]) =>
    widths
      .map((width, index) => {
        const cell = cells[index] ?? '';
        return index === 0 ? cell.padEnd(width) : cell.padStart(width);
      })
      .join('  ');
  return [line(columns), widths.map((width) => '-'.repeat(width)).join('  '), ...rows.map(line)].join('\n');
}
