import { describe, expect, it } from 'vitest';
import { ROUND_RESET_MS, SPIN_ANIMATION_MS } from './constants';
import {
  announcementRequestSchema,
  estimatedEventEnd,
  eventFields,
  eventPhaseOf,
  promptForRound,
} from './event';
import { createWheelRequestSchema } from './http/admin';

const NOW = new Date('2026-11-28T12:00:00.000Z');

describe('an event (issue 35)', () => {
  it('is before its start, running, or ended once it ended whatever its start', () => {
    expect(eventPhaseOf({ startsAt: '2026-11-28T12:00:01.000Z', eventEndedAt: null }, NOW)).toBe('before');
    expect(eventPhaseOf({ startsAt: '2026-11-28T12:00:00.000Z', eventEndedAt: null }, NOW)).toBe('running');
    expect(eventPhaseOf({ startsAt: null, eventEndedAt: null }, NOW)).toBe('running');
    expect(eventPhaseOf({ startsAt: '2026-11-29T12:00:00.000Z', eventEndedAt: NOW.toISOString() }, NOW)).toBe(
      'ended',
    );
  });

  it('gives each round the next prompt in turn, and none without prompts', () => {
    const prompts = ['a', 'b', 'c'];
    expect([1, 2, 3, 4, 7].map((round) => promptForRound(prompts, round))).toEqual(['a', 'b', 'c', 'a', 'a']);
    expect(promptForRound([], 1)).toBeNull();
  });

  it('estimates the end from the rounds, each a countdown, a spin and a pause, and the last call', () => {
    const end = estimatedEventEnd('2026-11-28T18:00:00.000Z', 3, { roundSeconds: 60, callMinutes: 5 });
    const roundMs = 60_000 + SPIN_ANIMATION_MS + ROUND_RESET_MS;
    expect(end).toBe(
      new Date(Date.parse('2026-11-28T18:00:00.000Z') + 3 * roundMs + 5 * 60_000).toISOString(),
    );
    expect(estimatedEventEnd(null, 3, { roundSeconds: 60, callMinutes: 5 })).toBeNull();
    expect(
      estimatedEventEnd('2026-11-28T18:00:00.000Z', null, { roundSeconds: 60, callMinutes: 5 }),
    ).toBeNull();
  });

  it('takes a start with an offset as the instant in UTC, and drops blank prompts', () => {
    expect(eventFields.startsAt.parse('2026-11-28T19:00:00+01:00')).toBe('2026-11-28T18:00:00.000Z');
    expect(eventFields.prompts.parse([' Hello ', '', '  '])).toEqual(['Hello']);
    expect(eventFields.prompts.parse(undefined)).toEqual([]);
  });

  it('refuses 0 or 101 rounds, a 201-character prompt and a 51st prompt, saying why', () => {
    const wheel = { name: 'n', description: 'd' };
    const messages = (input: object) => {
      const result = createWheelRequestSchema.safeParse({ ...wheel, ...input });
      return result.success ? [] : result.error.issues.map((issue) => issue.message);
    };
    expect(messages({ roundCount: 0 })).toEqual(['An event has at least 1 round']);
    expect(messages({ roundCount: 101 })).toEqual(['An event has at most 100 rounds']);
    expect(messages({ prompts: ['x'.repeat(201)] })).toEqual(['A prompt can be at most 200 characters']);
    expect(messages({ prompts: Array.from({ length: 51 }, (_, i) => `p${i}`) })).toEqual([
      'A wheel can have at most 50 prompts',
    ]);
    expect(messages({ roundCount: 100, prompts: Array.from({ length: 50 }, () => 'x'.repeat(200)) })).toEqual(
      [],
    );
  });

  it('takes an announcement of 1 to 280 characters, trimmed', () => {
    expect(announcementRequestSchema.parse({ message: '  Hi all  ' })).toEqual({ message: 'Hi all' });
    expect(announcementRequestSchema.safeParse({ message: '   ' }).success).toBe(false);
    expect(announcementRequestSchema.safeParse({ message: 'x'.repeat(281) }).success).toBe(false);
    expect(announcementRequestSchema.safeParse({ message: 'x'.repeat(280) }).success).toBe(true);
  });
});
