import { describe, expect, it } from 'vitest';
import type { ParticipantRow, WheelRow } from '../../db/rows';
import { buildWheelLive } from './wheel-live';

const now = new Date('2026-11-22T10:00:00.000Z');
const wheel = {
  id: '00000000-0000-4000-8000-000000000001',
  starts_at: '2026-11-22T11:00:00.000Z',
  event_ended_at: null,
  current_round: 0,
  round_count: 4,
  next_spin_at: null,
  rounds_paused: false,
  spin_started_at: null,
  announcement_message: null,
  announcement_sent_at: null,
} as unknown as WheelRow;
const person = (id: string, username: string) =>
  ({
    id,
    username,
    age: 30,
    gender: null,
    short_bio: null,
    who_am_i: null,
    interests: null,
  }) as ParticipantRow;
const counts = { seated: 3, inCalls: 2, awaitingAnswer: 1 };

describe('the live console’s figures', () => {
  it('shows an event before its start, with the counts as given and the server’s time', () => {
    const live = buildWheelLive({ wheel, counts, satOutIds: [], satOutPeople: [], now });
    expect(live).toEqual({
      wheelId: wheel.id,
      phase: 'before',
      startsAt: wheel.starts_at,
      eventEndedAt: null,
      currentRound: 0,
      roundCount: 4,
      nextSpinAt: null,
      roundsPaused: false,
      spinning: false,
      seated: 3,
      inCalls: 2,
      awaitingAnswer: 1,
      satOutLastRound: [],
      announcement: null,
      serverTime: now.toISOString(),
    });
  });

  it('lists who sat out in the round’s order, leaving out anyone since deleted, and the latest announcement', () => {
    const live = buildWheelLive({
      wheel: {
        ...wheel,
        event_ended_at: '2026-11-22T09:59:00.000Z',
        spin_started_at: '2026-11-22T09:58:00.000Z',
        announcement_message: 'Last round!',
        announcement_sent_at: '2026-11-22T09:57:00.000Z',
      },
      counts,
      satOutIds: ['b', 'gone', 'a'],
      satOutPeople: [person('a', 'Ada'), person('b', 'Bo')],
      now,
    });
    expect(live.phase).toBe('ended');
    expect(live.spinning).toBe(true);
    expect(live.satOutLastRound.map((participant) => participant.username)).toEqual(['Bo', 'Ada']);
    expect(live.announcement).toEqual({ message: 'Last round!', sentAt: '2026-11-22T09:57:00.000Z' });
  });
});
