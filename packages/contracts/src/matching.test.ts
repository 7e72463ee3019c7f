import { describe, expect, it } from 'vitest';
import { parseInterests, type RingRule, ringDescription, ringFor, ringLabel } from './matching';

const MENTORING: RingRule = { field: 'whoAmI', inner: ['professional'], outer: ['Student'] };

describe('ringFor', () => {
  it('keeps a listed answer on its ring, whatever its case and spacing', () => {
    expect(ringFor(MENTORING, { whoAmI: 'professional' })).toBe('inner');
    expect(ringFor(MENTORING, { whoAmI: ' student ' })).toBe('outer');
  });

  it('lets an answer in neither list, or no answer, sit on either ring', () => {
    expect(ringFor(MENTORING, { whoAmI: 'traveller' })).toBeNull();
    expect(ringFor(MENTORING, {})).toBeNull();
    expect(ringFor(null, { whoAmI: 'student' })).toBeNull();
  });

  it('reads a multi-select answer by its values: agreeing values place, conflicting ones do not', () => {
    expect(ringFor(MENTORING, { whoAmI: 'traveller, student' })).toBe('outer');
    expect(ringFor(MENTORING, { whoAmI: 'student, professional' })).toBeNull();
  });
});

describe('parseInterests', () => {
  it('splits on commas, trims, ignores case and repeats, drops empty values', () => {
    expect(parseInterests(' AI, climate ,ai,, Music ')).toEqual(['ai', 'climate', 'music']);
    expect(parseInterests(null)).toEqual([]);
  });
});

describe('ringLabel', () => {
  it("uses the wheel's names, else the standard ones", () => {
    const wheel = { innerRingLabel: 'Mentors', outerRingLabel: null };
    expect(ringLabel(wheel, 'inner')).toBe('Mentors');
    expect(ringLabel(wheel, 'outer')).toBe('Outer ring');
  });
});

describe('ringDescription', () => {
  it('names a ring the wheel named with its place, and an unnamed one plainly', () => {
    const wheel = { innerRingLabel: 'Mentors', outerRingLabel: null };
    expect(ringDescription(wheel, 'inner')).toBe('Mentors (inner ring)');
    expect(ringDescription(wheel, 'outer')).toBe('Outer ring');
  });
});
