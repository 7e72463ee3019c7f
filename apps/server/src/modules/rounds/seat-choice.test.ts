import { describe, expect, it } from 'vitest';
import { chooseSeat, type SeatChoiceInput } from './seat-choice';

/** A wheel of `occupants.length` slots, position i held by occupants[i] (null: free); slot ids are `s<position>`. */
const wheel = (occupants: ReadonlyArray<string | null>) => ({
  slotCount: occupants.length,
  slots: occupants.map((participantId, position) => ({ id: `s${position}`, position, participantId })),
});
const choose = (input: Partial<SeatChoiceInput> & Pick<SeatChoiceInput, 'slotCount' | 'slots'>) =>
  chooseSeat({ ring: null, known: new Set(), random: () => 0, ...input });

describe('choosing a seat for someone who asks for any seat', () => {
  it('seats them facing the ring where the people are new to them', () => {
    // Inner: Ada, free, free. Outer: Bo, Cy, free. Bo and Cy are new: the inner ring offers a
    // partner for sure (2 ÷ max(2, 2)); the outer ring, facing Ada alone, a 1-in-3 chance.
    expect(choose({ ...wheel(['ada', null, null, 'bo', 'cy', null]) })).toBe('s1');
  });

  it('prefers the ring whose facing people they have not met, even if it is fuller', () => {
    // Inner: Ada, Eve, free. Outer: Bo, free, free. They met Bo, so the inner ring offers nobody
    // new (0 ÷ 3); the outer ring faces Ada and Eve, both new (2 ÷ max(2, 2)).
    const input = { ...wheel(['ada', 'eve', null, 'bo', null, null]), known: new Set(['bo']) };
    expect(choose(input)).toBe('s4');
    // Had they met Ada and Eve instead, Bo is the one new face (1 ÷ max(1, 3)) and the outer ring offers none.
    expect(choose({ ...input, known: new Set(['ada', 'eve']) })).toBe('s2');
  });

  it('counts someone they blocked or met as no one new', () => {
    const input = { ...wheel(['ada', null, 'bo', null]), known: new Set(['bo']) };
    // Inner faces Bo (known): 0. Outer faces Ada (new): 1 ÷ max(1, 2).
    expect(choose(input)).toBe('s3');
  });

  it('breaks a tie towards the ring with fewer people', () => {
    expect(choose({ ...wheel([null, null, null, null]) })).toBe('s0');
    expect(choose({ ...wheel(['ada', null, null, null]), known: new Set(['ada']) })).toBe('s2');
  });

  it('keeps them on their ring whatever the other one offers', () => {
    const input = { ...wheel(['ada', null, null, null]), ring: 'inner' as const };
    expect(choose(input)).toBe('s1');
    expect(choose({ ...wheel(['ada', 'eve', null, null]), ring: 'inner' })).toBeUndefined();
  });

  it('draws the seat within the ring at random', () => {
    const input = wheel([null, null, null, 'bo', null, null]);
    expect(choose({ ...input, random: () => 0 })).toBe('s0');
    expect(choose({ ...input, random: () => 0.99 })).toBe('s2');
  });

  it('finds no seat on a full wheel, and never offers the odd slot that faces nobody', () => {
    expect(choose({ ...wheel(['ada', 'bo']) })).toBeUndefined();
    expect(choose({ ...wheel(['ada', 'bo', null]) })).toBeUndefined();
  });
});
