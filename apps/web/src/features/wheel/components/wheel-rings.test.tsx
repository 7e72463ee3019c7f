import { aliasOf } from '@wheelmeet/contracts';
import { describe, expect, it } from 'vitest';
import { makeOpenWheel } from '@/test/fixtures';
import { seatsFitOnWheel, wheelWidthPx } from '../hooks/use-seat-layout';
import { ringNames } from '../hooks/ring-texts';
import { seatAngle, seatLabel } from './wheel-rings';

const visitor = { meId: null, myRing: null };

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
    expect(seatLabel(inner, 4, visitor)).toBe('Inner ring, seat 1, free');
    expect(seatLabel(outer, 4, visitor)).toBe('Outer ring, seat 1, taken by alice');
    expect(seatLabel(outer, 4, { meId: outer.userId, myRing: null })).toBe(
      'Outer ring, seat 1, taken by alice (you)',
    );
  });

  it("names a named wheel's rings in its seats, and a free seat on the ring the person's answers keep them off", () => {
    const [inner, , outer, freeOuter] = makeOpenWheel().slots;
    if (!inner || !outer || !freeOuter) throw new Error('fixture has slots');
    const names = ringNames({ innerRingLabel: 'Mentors', outerRingLabel: 'Mentees', ringRule: null });
    const mentor = { meId: null, myRing: 'inner' as const };
    expect(seatLabel(inner, 4, mentor, names)).toBe('Mentors (inner ring), seat 1, free');
    expect(seatLabel(freeOuter, 4, mentor, names)).toBe('Mentees (outer ring), seat 2, free, not your ring');
    expect(seatLabel(outer, 4, mentor, names)).toBe('Mentees (outer ring), seat 1, taken by alice');
  });

  it('names someone without a username by their alias, never by their age', () => {
    const [, , outer] = makeOpenWheel().slots;
    if (!outer?.user || !outer.userId) throw new Error('fixture has an occupant aged 30');
    const anonymous = { ...outer, user: { ...outer.user, username: null } };
    const label = seatLabel(anonymous, 4, visitor);
    expect(label).toBe(`Outer ring, seat 1, taken by ${aliasOf(outer.userId)}`);
    expect(label).not.toMatch(/30|Guest/);
    // Even when the slot arrives without the person's details.
    expect(seatLabel({ ...outer, user: null }, 4, visitor)).toBe(
      `Outer ring, seat 1, taken by ${aliasOf(outer.userId)}`,
    );
  });

  it('keeps seats on the wheel while they are big enough to tap, else lists them', () => {
    const phone = wheelWidthPx(390, 844);
    const desktop = wheelWidthPx(1366, 768);
    expect(phone).toBeCloseTo(351);
    // At 1366×768 the status sits beside the wheel, which fits below the header.
    expect(desktop).toBe(768 - 144);
    // 12 seats: 44 px or more on a phone.
    expect(seatsFitOnWheel(12, phone, true)).toBe(true);
    // 40 seats on a phone: too small for a finger, fine for a mouse on a desktop.
    expect(seatsFitOnWheel(40, phone, true)).toBe(false);
    expect(seatsFitOnWheel(40, desktop, false)).toBe(true);
    // 100 seats are too many for any wheel of this size.
    expect(seatsFitOnWheel(100, desktop, false)).toBe(false);
  });
});
