/**
 * The Hungarian method (Kuhn–Munkres with potentials, O(rows² · columns)): a one-to-one
 * assignment of rows to columns with the largest total weight. The matching benchmark uses it for
 * its upper bound: the interests people could share if they could sit anywhere. No package for it
 * is installed, and the bench needs ~40 lines, not a dependency (decision 032).
 */

/**
 * For each row, the column it is assigned to (every row gets one when rows ≤ columns, and every
 * column gets one row otherwise; the others get -1), and the total weight.
 */
export function maximumWeightAssignment(weights: readonly (readonly number[])[]): {
  columnOfRow: number[];
  total: number;
} {
  const rowCount = weights.length;
  const columnCount = weights[0]?.length ?? 0;
  if (rowCount === 0 || columnCount === 0) return { columnOfRow: Array(rowCount).fill(-1), total: 0 };
  // The method assigns every row, so it needs rows ≤ columns: solve the transpose otherwise.
  if (rowCount > columnCount) {
    const transposed = Array.from({ length: columnCount }, (_, column) =>
      weights.map((row) => row[column] ?? 0),
    );
    const { columnOfRow: rowOfColumn, total } = maximumWeightAssignment(transposed);
    const columnOfRow: number[] = Array(rowCount).fill(-1);
    rowOfColumn.forEach((row, column) => {
      columnOfRow[row] = column;
    });
    return { columnOfRow, total };
  }
  // Minimum cost with cost = −weight. Rows and columns are 1-based below; row 0 and column 0
  // are the algorithm's sentinels.
  const cost = (row: number, column: number) => -(weights[row - 1]?.[column - 1] ?? 0);
  const rowPotential: number[] = Array(rowCount + 1).fill(0);
  const columnPotential: number[] = Array(columnCount + 1).fill(0);
  const rowOfColumn: number[] = Array(columnCount + 1).fill(0);
  const previousColumn: number[] = Array(columnCount + 1).fill(0);
  const at = (values: number[], index: number) => values[index] ?? 0;
  for (let row = 1; row <= rowCount; row += 1) {
    rowOfColumn[0] = row;
    let column = 0;
    const slack: number[] = Array(columnCount + 1).fill(Number.POSITIVE_INFINITY);
    const visited: boolean[] = Array(columnCount + 1).fill(false);
    // Grow a tree of tight edges from `row` until it reaches a free column.
    do {
      visited[column] = true;
      const fromRow = at(rowOfColumn, column);
      let delta = Number.POSITIVE_INFINITY;
      let nextColumn = 0;
      for (let candidate = 1; candidate <= columnCount; candidate += 1) {
        if (visited[candidate]) continue;
        const reduced = cost(fromRow, candidate) - at(rowPotential, fromRow) - at(columnPotential, candidate);
        if (reduced < at(slack, candidate)) {
          slack[candidate] = reduced;
          previousColumn[candidate] = column;
        }
        if (at(slack, candidate) < delta) {
          delta = at(slack, candidate);
          nextColumn = candidate;
        }
      }
      for (let candidate = 0; candidate <= columnCount; candidate += 1) {
        if (visited[candidate]) {
          const assigned = at(rowOfColumn, candidate);
          rowPotential[assigned] = at(rowPotential, assigned) + delta;
          columnPotential[candidate] = at(columnPotential, candidate) - delta;
        } else {
          slack[candidate] = at(slack, candidate) - delta;
        }
      }
      column = nextColumn;
    } while (at(rowOfColumn, column) !== 0);
    // Flip the augmenting path back to the root.
    do {
      const previous = at(previousColumn, column);
      rowOfColumn[column] = at(rowOfColumn, previous);
      column = previous;
    } while (column !== 0);
  }
  const columnOfRow: number[] = Array(rowCount).fill(-1);
  let total = 0;
  for (let column = 1; column <= columnCount; column += 1) {
    const row = at(rowOfColumn, column);
    if (row === 0) continue;
    columnOfRow[row - 1] = column - 1;
    total += weights[row - 1]?.[column - 1] ?? 0;
  }
  return { columnOfRow, total };
}
