import { describe, expect, it } from 'vitest';
import { participantName } from '@/lib/participant-name';
import { makeOpenWheel } from '@/test/fixtures';
import { seatAngle, seatLabel } from './wheel-rings';

describe('wheel geometry on screen', () => {
  it('puts seat k of each ring at k·360/half degrees clockwise from the top', () => {
    // 12 slots: inner positions 0..5, outer 6..11, six per ring.
    expect([0, 1, 2, 3, 4, 5].map((position) => seatAngle(position, 12))).toEqual([
      0, 60, 120, 180, 240, 300,
    ]);
    expect([6, 7, 11].map((position) => seatAngle(position, 12))).toEqual([0, 60, 300]);
  });

  it("places an odd wheel's extra outer seat half a step before the first", () => {
    // 5 slots: inner 0..1, outer 2..4; position 4 faces nobody.
    expect([2, 3, 4].map((position) => seatAngle(position, 5))).toEqual([0, 180, 270]);
  });

  it('names seats by ring, seat number and holder', () => {
    const [inner, , outer] = makeOpenWheel().slots;
    if (!inner || !outer) throw new Error('fixture has slots');
    expect(seatLabel(inner, 4, null)).toBe('Inner ring, seat 1, free');
    expect(seatLabel(outer, 4, null)).toBe('Outer ring, seat 1, taken by alice');
    expect(seatLabel(outer, 4, outer.userId)).toBe('Outer ring, seat 1, taken by alice (you)');
    const anonymous = outer.user ? { ...outer.user, username: null } : null;
    expect(seatLabel({ ...outer, user: anonymous }, 4, null)).toBe('Outer ring, seat 1, taken by Guest (30)');
  });

  it("falls back to 'Guest' for a participant without a name or age", () => {
    expect(participantName({ username: '  ', age: null })).toBe('Guest');
    expect(participantName(null)).toBe('Guest');
  });
});
