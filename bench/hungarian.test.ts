import { describe, expect, it } from 'vitest';
import { maximumWeightAssignment } from './hungarian';

/** The best total by trying every one-to-one assignment of the smaller side. */
function bruteForceBest(weights: number[][]): number {
  const rows = weights.length;
  const columns = weights[0]?.length ?? 0;
  const weight = (row: number, column: number) =>
    rows <= columns ? (weights[row]?.[column] ?? 0) : (weights[column]?.[row] ?? 0);
  const small = Math.min(rows, columns);
  const large = Math.max(rows, columns);
  const used = Array(large).fill(false);
  const best = (index: number): number => {
    if (index === small) return 0;
    let top = Number.NEGATIVE_INFINITY;
    for (let other = 0; other < large; other += 1) {
      if (used[other]) continue;
      used[other] = true;
      top = Math.max(top, weight(index, other) + best(index + 1));
      used[other] = false;
    }
    return top;
  };
  return best(0);
}

/** A repeatable stand-in for Math.random. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('maximumWeightAssignment', () => {
  it('finds the best total that trying every assignment finds, square or not', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 300; trial += 1) {
      const rows = 1 + Math.floor(random() * 6);
      const columns = 1 + Math.floor(random() * 6);
      const weights = Array.from({ length: rows }, () =>
        Array.from({ length: columns }, () => Math.floor(random() * 6)),
      );
      const { columnOfRow, total } = maximumWeightAssignment(weights);
      expect(total).toBe(bruteForceBest(weights));
      // One-to-one, as many pairs as the smaller side, and the total is what the pairs weigh.
      const assigned = columnOfRow.filter((column) => column >= 0);
      expect(new Set(assigned).size).toBe(assigned.length);
      expect(assigned).toHaveLength(Math.min(rows, columns));
      expect(columnOfRow.reduce((sum, column, row) => sum + (weights[row]?.[column] ?? 0), 0)).toBe(total);
    }
  });

  it('assigns nothing when a side is empty', () => {
    expect(maximumWeightAssignment([])).toEqual({ columnOfRow: [], total: 0 });
    expect(maximumWeightAssignment([[], []])).toEqual({ columnOfRow: [-1, -1], total: 0 });
  });
});
