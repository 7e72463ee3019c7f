import { expect, it } from 'vitest';
import { describeEachDialect } from './support/each-dialect';
import { createTestParticipant, createTestWheel, slotIdsOf } from './support/factories';
import { ManualClock } from './support/manual-clock';
import { startTestApp } from './support/test-app';

describeEachDialect('a server that was down when a round fell due', (dialect) => {
  it('spins that round as soon as it is back', async () => {
    const clock = new ManualClock();
    const before = await startTestApp(dialect, { clock });
    const wheelId = await createTestWheel(before.database, {
      name: 'Overdue',
      description: 'x',
      slotCount: 2,
    });
    const db = before.database.db;
    for (const [position, slotId] of (await slotIdsOf(before.database, wheelId)).entries()) {
      const id = await createTestParticipant(before.database, {
        wheelId,
        username: `p${position}`,
        createdAt: clock.now().toISOString(),
      });
      await db
        .updateTable('slots')
        .set({ participant_id: id, occupied_at: clock.now().toISOString() })
        .where('id', '=', slotId)
        .execute();
    }
    await db
      .updateTable('wheels')
      .set({ next_spin_at: new Date(clock.now().getTime() + 10_000).toISOString() })
      .where('id', '=', wheelId)
      .execute();
    await before.app.close();

    // Down for a minute; the spin was due 50 s ago.
    clock.advance(60_000);
    const after = await startTestApp(dialect, { clock, database: before.testDatabase });
    try {
      await after.app.rounds.tick();
      const wheel = await after.database.db
        .selectFrom('wheels')
        .select(['current_round', 'spin_started_at'])
        .where('id', '=', wheelId)
        .executeTakeFirstOrThrow();
      expect(wheel).toEqual({ current_round: 1, spin_started_at: clock.now().toISOString() });
      const matches = await after.database.db
        .selectFrom('matches')
        .select('round')
        .where('wheel_id', '=', wheelId)
        .execute();
      expect(matches).toEqual([{ round: 1 }]);
    } finally {
      await after.app.close();
      await before.testDatabase.drop();
    }
  });
});
