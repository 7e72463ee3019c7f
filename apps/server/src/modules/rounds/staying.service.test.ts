import { describe, expect, it } from 'vitest';
import { seatToReturnTo } from './staying.service';

const free = (...positions: number[]) => positions.map((position) => ({ id: `slot-${position}`, position }));

describe('where someone sits again after their call', () => {
  it('is their own seat when it is free', () => {
    expect(seatToReturnTo(1, free(0, 1, 4), 6, () => 0)).toEqual({ id: 'slot-1', position: 1 });
  });

  it('is a free seat on the same ring when theirs was taken, never one on the other ring', () => {
    // Inner ring 0–2, outer 3–5.
    for (const draw of [0, 0.5, 0.99])
      expect(seatToReturnTo(4, free(0, 1, 3, 5), 6, () => draw)?.position).toBeOneOf([3, 5]);
    expect(seatToReturnTo(0, free(3, 4, 5), 6, () => 0)).toBeUndefined();
  });

  it('is never the seat that faces nobody on a wheel with an odd slot count', () => {
    // Seven seats: inner 0–2, outer 3–5; seat 6 is left over.
    expect(seatToReturnTo(3, free(6), 7, () => 0)).toBeUndefined();
  });
});
