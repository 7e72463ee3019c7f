import type { CallTimerEvent } from '@wheelmeet/contracts';
import { describe, expect, it } from 'vitest';
import { callClockOf, connectedAtAfter, mayAskToExtend } from './call-clock';

const TIMER: CallTimerEvent = {
  matchId: 'match-1',
  serverTime: '2026-01-01T10:00:10.000Z',
  startedAt: '2026-01-01T10:00:00.000Z',
  endsAt: '2026-01-01T10:05:00.000Z',
  lengthSeconds: 300,
  extended: false,
  extensionRequestedBy: null,
};

describe('callClockOf', () => {
  it('moves the server’s times onto this browser’s clock', () => {
    // The browser's clock reads 1 000 when the server's reads 10:00:10.
    const clock = callClockOf(TIMER, 1_000, 'me');
    expect(clock).toEqual({
      startedAt: 1_000 - 10_000,
      endsAt: 1_000 + 290_000,
      lengthSeconds: 300,
      extended: false,
      extension: 'none',
    });
  });

  it('tells whose ask to extend waits', () => {
    expect(callClockOf({ ...TIMER, extensionRequestedBy: 'me' }, 0, 'me').extension).toBe('asked-by-me');
    expect(callClockOf({ ...TIMER, extensionRequestedBy: 'partner' }, 0, 'me').extension).toBe(
      'asked-by-partner',
    );
  });
});

describe('mayAskToExtend', () => {
  it('asks once: not after an extension, nor while our own ask waits', () => {
    expect(mayAskToExtend({ extended: false, extension: 'none' })).toBe(true);
    expect(mayAskToExtend({ extended: false, extension: 'asked-by-partner' })).toBe(true);
    expect(mayAskToExtend({ extended: false, extension: 'asked-by-me' })).toBe(false);
    expect(mayAskToExtend({ extended: true, extension: 'none' })).toBe(false);
  });
});

describe('connectedAtAfter', () => {
  it('records the first connection and keeps it through other states', () => {
    expect(connectedAtAfter(null, 'connecting', 1_000)).toBeNull();
    expect(connectedAtAfter(null, 'connected', 1_000)).toBe(1_000);
    expect(connectedAtAfter(1_000, 'disconnected', 2_000)).toBe(1_000);
    expect(connectedAtAfter(1_000, 'connected', 3_000)).toBe(1_000);
  });
});
