import { facingOuterPosition } from '@wheelmeet/contracts';
import { describe, expect, it } from 'vitest';
import { chooseRotation, type MatchingInput, pairKey } from './matching';

/** A repeatable stand-in for Math.random. */
function seededRandom(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const input = (overrides: Partial<MatchingInput>): MatchingInput => ({
  half: 4,
  inner: [null, null, null, null],
  outer: [null, null, null, null],
  metBefore: new Set(),
  priority: new Set(),
  random: seededRandom(1),
  ...overrides,
});

describe('chooseRotation', () => {
  it('pairs exactly the people the rings bring face to face', () => {
    for (let seed = 1; seed <= 25; seed += 1) {
      const result = chooseRotation(
        input({ inner: ['a', 'b', null, 'd'], outer: ['w', null, 'y', 'z'], random: seededRandom(seed) }),
      );
      for (const pair of result.pairs) {
        const innerIndex = ['a', 'b', null, 'd'].indexOf(pair.inner);
        const outerIndex = facingOuterPosition(innerIndex, result.innerOffset, result.outerOffset, 4) - 4;
        expect(['w', null, 'y', 'z'][outerIndex]).toBe(pair.outer);
      }
      expect(result.innerOffset).toBeGreaterThanOrEqual(0);
      expect(result.innerOffset).toBeLessThan(4);
      expect(result.outerOffset).toBeGreaterThanOrEqual(0);
      expect(result.outerOffset).toBeLessThan(4);
    }
  });

  it('never repeats a pair while a rotation with only new pairs exists', () => {
    const inner = ['a', 'b', 'c'];
    const outer = ['x', 'y', 'z'];
    // a–x, b–y, c–z (shift 0) and a–y, b–z, c–x (shift 1) have met; shift 2 is all new.
    const metBefore = new Set([
      pairKey('a', 'x'),
      pairKey('b', 'y'),
      pairKey('c', 'z'),
      pairKey('a', 'y'),
      pairKey('b', 'z'),
      pairKey('c', 'x'),
    ]);
    for (let seed = 1; seed <= 20; seed += 1) {
      const result = chooseRotation(input({ half: 3, inner, outer, metBefore, random: seededRandom(seed) }));
      expect(result.pairs.map((pair) => pair.inner + pair.outer).sort()).toEqual(['az', 'bx', 'cy']);
    }
  });

  it('matches as many people as possible and reports who is left over with an odd count', () => {
    const result = chooseRotation(input({ inner: ['a', 'b', 'c', null], outer: ['x', 'y', null, null] }));
    expect(result.pairs).toHaveLength(2);
    expect(result.unmatched).toHaveLength(1);
    const everyone = new Set([
      ...result.pairs.flatMap((pair) => [pair.inner, pair.outer]),
      ...result.unmatched,
    ]);
    expect(everyone).toEqual(new Set(['a', 'b', 'c', 'x', 'y']));
  });

  it('puts last round’s left-over people first', () => {
    // One outer person, three inner: only one inner person can be paired.
    for (let seed = 1; seed <= 20; seed += 1) {
      const result = chooseRotation(
        input({
          inner: ['a', 'b', 'c', null],
          outer: ['x', null, null, null],
          priority: new Set(['c']),
          random: seededRandom(seed),
        }),
      );
      expect(result.pairs).toEqual([{ inner: 'c', outer: 'x' }]);
      expect(result.unmatched.sort()).toEqual(['a', 'b']);
    }
  });

  it('pairs nobody and leaves everyone over when one ring is empty', () => {
    const result = chooseRotation(input({ inner: ['a', 'b', null, null] }));
    expect(result.pairs).toEqual([]);
    expect(result.unmatched.sort()).toEqual(['a', 'b']);
  });

  it('spreads its choice among equally good rotations', () => {
    const shifts = new Set<number>();
    for (let seed = 1; seed <= 40; seed += 1) {
      const result = chooseRotation(
        input({ inner: ['a', 'b', 'c', 'd'], outer: ['w', 'x', 'y', 'z'], random: seededRandom(seed) }),
      );
      shifts.add((result.innerOffset - result.outerOffset + 4) % 4);
    }
    expect(shifts.size).toBeGreaterThan(1);
  });

  it('never pairs people when one blocked the other, even if that leaves both without a partner', () => {
    // On a two-seat wheel the only pairing is the blocked one: nobody is matched.
    for (let seed = 1; seed <= 25; seed += 1) {
      const result = chooseRotation(
        input({
          half: 1,
          inner: ['a'],
          outer: ['x'],
          blocked: new Set([pairKey('x', 'a')]),
          random: seededRandom(seed),
        }),
      );
      expect(result.pairs).toEqual([]);
      expect(result.unmatched.sort()).toEqual(['a', 'x']);
    }
    // With others seated, every spin finds partners around the blocked pair.
    for (let seed = 1; seed <= 50; seed += 1) {
      const result = chooseRotation(
        input({
          half: 3,
          inner: ['a', 'b', 'c'],
          outer: ['x', 'y', 'z'],
          blocked: new Set([pairKey('a', 'x'), pairKey('a', 'y')]),
          random: seededRandom(seed),
        }),
      );
      expect(result.pairs).toContainEqual({ inner: 'a', outer: 'z' });
      expect(result.pairs).toHaveLength(3);
    }
  });

  it('has six people who stay in their seats on a 6-seat wheel meet three different people in three rounds', () => {
    for (let seed = 1; seed <= 20; seed += 1) {
      const random = seededRandom(seed);
      const metBefore = new Set<string>();
      const partners = new Map<string, string[]>();
      for (let round = 0; round < 3; round += 1) {
        const result = chooseRotation(
          input({ half: 3, inner: ['a', 'b', 'c'], outer: ['x', 'y', 'z'], metBefore, random }),
        );
        expect(result.pairs).toHaveLength(3);
        expect(result.neverMetPairs).toBe(3);
        for (const { inner, outer } of result.pairs) {
          metBefore.add(pairKey(inner, outer));
          partners.set(inner, [...(partners.get(inner) ?? []), outer]);
          partners.set(outer, [...(partners.get(outer) ?? []), inner]);
        }
      }
      for (const met of partners.values()) expect(new Set(met).size).toBe(3);
    }
  });

  it('among equally fresh rotations, picks the one whose pairs share the most interests', () => {
    // Everyone is new to everyone; only shift 1 (a–y, b–z, c–x) pairs people who share interests.
    const interests = new Map([
      ['a', ['chess', 'jazz']],
      ['b', ['hiking']],
      ['c', ['rust']],
      ['x', ['rust', 'cooking']],
      ['y', ['jazz', 'chess']],
      ['z', ['hiking', 'chess']],
    ]);
    for (let seed = 1; seed <= 20; seed += 1) {
      const result = chooseRotation(
        input({
          half: 3,
          inner: ['a', 'b', 'c'],
          outer: ['x', 'y', 'z'],
          interests,
          random: seededRandom(seed),
        }),
      );
      expect(result.pairs.map((pair) => pair.inner + pair.outer).sort()).toEqual(['ay', 'bz', 'cx']);
      expect(result.sharedInterests).toBe(4);
      expect(result.neverMetPairs).toBe(3);
    }
  });

  it('prefers people who never met over people who share interests', () => {
    // Shift 0 pairs people with everything in common, but a and b have met x and y already.
    const interests = new Map([
      ['a', ['chess']],
      ['b', ['jazz']],
      ['x', ['chess']],
      ['y', ['jazz']],
    ]);
    const metBefore = new Set([pairKey('a', 'x'), pairKey('b', 'y')]);
    for (let seed = 1; seed <= 20; seed += 1) {
      const result = chooseRotation(
        input({
          half: 2,
          inner: ['a', 'b'],
          outer: ['x', 'y'],
          interests,
          metBefore,
          random: seededRandom(seed),
        }),
      );
      expect(result.pairs.map((pair) => pair.inner + pair.outer).sort()).toEqual(['ay', 'bx']);
      expect(result.sharedInterests).toBe(0);
    }
  });

  it('gives someone who sat out last round a partner even when that partner is not new to them', () => {
    // x can face p (met before, shift 0) or b (new, shift 2): p sat out, so p meets x again.
    for (let seed = 1; seed <= 20; seed += 1) {
      const result = chooseRotation(
        input({
          half: 3,
          inner: ['p', 'b', null],
          outer: ['x', null, null],
          metBefore: new Set([pairKey('p', 'x')]),
          priority: new Set(['p']),
          random: seededRandom(seed),
        }),
      );
      expect(result.pairs).toEqual([{ inner: 'p', outer: 'x' }]);
      expect(result.neverMetPairs).toBe(0);
      expect(result.unmatched).toEqual(['b']);
    }
  });

  it('breaks a tie with the injected random: the same draws give the same spin, others another equal one', () => {
    // Shifts 0 and 1 pair people sharing one interest each; shift 2 pairs nobody with anything in common.
    const interests = new Map([
      ['a', ['chess', 'jazz']],
      ['b', ['rust', 'hiking']],
      ['c', ['golf']],
      ['x', ['chess']],
      ['y', ['rust', 'jazz']],
      ['z', ['hiking']],
    ]);
    const spin = (seed: number) =>
      chooseRotation(
        input({
          half: 3,
          inner: ['a', 'b', 'c'],
          outer: ['x', 'y', 'z'],
          interests,
          random: seededRandom(seed),
        }),
      );
    const shifts = new Set<number>();
    for (let seed = 1; seed <= 40; seed += 1) {
      const result = spin(seed);
      expect(spin(seed)).toEqual(result);
      expect(result.sharedInterests).toBe(2);
      shifts.add((result.innerOffset - result.outerOffset + 3) % 3);
    }
    expect(shifts).toEqual(new Set([0, 1]));
  });
});
