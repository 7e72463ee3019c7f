import { describe, expect, it } from 'vitest';
import type { ReportFacts } from './reports.repository';
import { buildBusinessUserReport } from './reports.service';

const W1 = '11111111-1111-4111-8111-111111111111';
const W2 = '22222222-2222-4222-8222-222222222222';

const facts: ReportFacts = {
  owner: { id: '33333333-3333-4333-8333-333333333333', company_name: 'Events Ltd' },
  wheels: [
    { id: W1, name: 'Monday mixer', status: 'Active', current_round: 3 },
    { id: W2, name: 'Quiet one', status: 'Completed', current_round: 0 },
  ],
  participants: [
    { wheel_id: W1, created_at: '2026-11-20T09:00:00.000Z' },
    { wheel_id: W1, created_at: '2026-11-20T09:01:00.000Z' },
    { wheel_id: W1, created_at: '2026-11-21T09:00:00.000Z' },
  ],
  matches: [
    {
      wheel_id: W1,
      status: 'Accepted',
      created_at: '2026-11-20T09:05:00.000Z',
      call_started_at: '2026-11-20T09:05:30.000Z',
      call_ended_at: '2026-11-20T09:10:30.000Z',
    },
    {
      wheel_id: W1,
      status: 'Rejected',
      created_at: '2026-11-21T09:05:00.000Z',
      call_started_at: null,
      call_ended_at: null,
    },
    {
      wheel_id: W1,
      status: 'Accepted',
      created_at: '2026-11-21T09:06:00.000Z',
      call_started_at: '2026-11-21T09:06:10.000Z',
      call_ended_at: null,
    },
  ],
  followUps: [
    // Both shared after the first call: a connection, made when the second one chose (the next day).
    { match_id: 'm1', wheel_id: W1, share: true, rating: 'up', updated_at: '2026-11-20T09:11:00.000Z' },
    { match_id: 'm1', wheel_id: W1, share: true, rating: 'down', updated_at: '2026-11-21T08:00:00.000Z' },
    // Only one shared after the second call: nothing is revealed, no connection.
    { match_id: 'm3', wheel_id: W1, share: true, rating: null, updated_at: '2026-11-21T09:20:00.000Z' },
    { match_id: 'm3', wheel_id: W1, share: false, rating: 'up', updated_at: '2026-11-21T09:21:00.000Z' },
  ],
  payments: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      amount_cents: 9900,
      currency: 'eur',
      status: 'succeeded',
      created_at: '2026-11-19T00:00:00.000Z',
    },
    {
      id: '55555555-5555-4555-8555-555555555555',
      amount_cents: 9900,
      currency: 'eur',
      status: 'failed',
      created_at: '2026-11-18T00:00:00.000Z',
    },
  ],
};

describe('buildBusinessUserReport', () => {
  const report = buildBusinessUserReport(facts);

  it('sums participants, rounds, matches, acceptance and calls across wheels', () => {
    expect(report.totals).toEqual({
      wheels: 2,
      participants: 3,
      rounds: 3,
      matches: 3,
      acceptedMatches: 2,
      acceptanceRate: 2 / 3,
      callsStarted: 2,
      callSeconds: 300,
      connections: 1,
      mutualShareRate: 1 / 2,
      ratings: 3,
      positiveRatingRate: 2 / 3,
      averageCallSeconds: 300,
      revenueByCurrency: { eur: 99 },
    });
  });

  it('reports each wheel, including one with no activity', () => {
    expect(
      report.wheels.map((wheel) => [
        wheel.name,
        wheel.participants,
        wheel.matches,
        wheel.acceptanceRate,
        wheel.connections,
        wheel.positiveRatingRate,
      ]),
    ).toEqual([
      ['Monday mixer', 3, 3, 2 / 3, 1, 2 / 3],
      ['Quiet one', 0, 0, 0, 0, 0],
    ]);
  });

  it('lays activity out per UTC day, oldest first', () => {
    expect(report.overTime).toEqual([
      {
        date: '2026-11-20',
        participants: 2,
        matches: 1,
        acceptedMatches: 1,
        callsStarted: 1,
        connections: 0,
      },
      {
        date: '2026-11-21',
        participants: 1,
        matches: 2,
        acceptedMatches: 1,
        callsStarted: 1,
        connections: 1,
      },
    ]);
  });

  it('lists every payment but counts only successful ones as revenue', () => {
    expect(report.payments.map((payment) => payment.status)).toEqual(['succeeded', 'failed']);
  });
});
