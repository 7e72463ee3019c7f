import { describe, expect, it } from 'vitest';
import { buildWheelReport } from './wheel-report';

const wheel = { id: '00000000-0000-4000-8000-000000000001', name: 'Evening' };
const round = (
  number: number,
  figures: { pairs: number; neverMet: number; shared: number; satOut: string[] },
) => ({
  wheel_id: wheel.id,
  round: number,
  spun_at: `2026-05-0${number}T18:00:00.000Z`,
  seated: figures.pairs * 2 + figures.satOut.length,
  pairs: figures.pairs,
  never_met_pairs: figures.neverMet,
  shared_interests: figures.shared,
  sat_out_ids: JSON.stringify(figures.satOut),
});

describe('a wheel’s report', () => {
  it('gives each round’s share of new pairs and mean shared interests, counting a round without pairs as all new', () => {
    const report = buildWheelReport(
      wheel,
      [
        round(1, { pairs: 2, neverMet: 1, shared: 3, satOut: ['cy'] }),
        round(2, { pairs: 0, neverMet: 0, shared: 0, satOut: ['cy'] }),
      ],
      [
        { user1_id: 'ada', user2_id: 'bo' },
        { user1_id: 'dee', user2_id: 'eve' },
      ],
    );
    expect(report.rounds).toEqual([
      {
        round: 1,
        spunAt: '2026-05-01T18:00:00.000Z',
        seated: 5,
        pairs: 2,
        neverMetShare: 0.5,
        meanSharedInterests: 1.5,
        satOut: 1,
      },
      {
        round: 2,
        spunAt: '2026-05-02T18:00:00.000Z',
        seated: 1,
        pairs: 0,
        neverMetShare: 1,
        meanSharedInterests: 0,
        satOut: 1,
      },
    ]);
  });

  it('counts the different people each person met, someone who only ever sat out included', () => {
    const report = buildWheelReport(
      wheel,
      [
        round(1, { pairs: 1, neverMet: 1, shared: 0, satOut: ['cy', 'dee'] }),
        round(2, { pairs: 1, neverMet: 0, shared: 0, satOut: ['cy'] }),
      ],
      [
        { user1_id: 'ada', user2_id: 'bo' },
        { user1_id: 'bo', user2_id: 'ada' },
      ],
    );
    // Ada and Bo met each other twice: one person each. Cy and Dee met nobody. The median of four is the mean of the middle two.
    expect(report.differentPeopleMet).toEqual({ participants: 4, median: 0.5, min: 0 });
  });

  it('reports nobody on a wheel that has not spun', () => {
    expect(buildWheelReport(wheel, [], [])).toEqual({
      wheelId: wheel.id,
      name: 'Evening',
      rounds: [],
      differentPeopleMet: { participants: 0, median: 0, min: 0 },
    });
  });
});
