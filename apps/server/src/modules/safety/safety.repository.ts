import type { Kysely, Selectable } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { BlocksTable, Database, SafetyReportsTable } from '../../db/schema';

/** Asked before nearly every hub call, so compiled once (compiled-once.ts). */
const removalOf = compiledOnce(['participantId'], (db, { participantId }: { participantId: string }) =>
  db.selectFrom('participant_removals').select('participant_id').where('participant_id', '=', participantId),
);

/** Blocks, reports and removals (decision 016): the only SQL of the safety module. */
export function createSafetyRepository(db: Kysely<Database>) {
  return {
    findMatch(matchId: string) {
      return db
        .selectFrom('matches')
        .select(['id', 'wheel_id', 'user1_id', 'user2_id'])
        .where('id', '=', matchId)
        .executeTakeFirst();
    },

    /** Records a block; a second one (even at the same moment) changes nothing. */
    async block(row: Selectable<BlocksTable>): Promise<void> {
      await db
        .insertInto('blocks')
        .values(row)
        .onConflict((oc) => oc.columns(['blocker_id', 'blocked_id']).doNothing())
        .execute();
    },

    /** Records a report; the same person reporting through the same match again replaces it. */
    async report(row: Selectable<SafetyReportsTable>): Promise<void> {
      await db
        .insertInto('safety_reports')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['match_id', 'reporter_id']).doUpdateSet({
            reason: row.reason,
            details: row.details,
            created_at: row.created_at,
            // Reported again: it needs looking at again.
            handled_at: null,
          }),
        )
        .execute();
    },

    /** How many reports of each wheel are not handled yet; a wheel with none is left out. */
    async openReportsByWheel(wheelIds: readonly string[]): Promise<Map<string, number>> {
      if (wheelIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('safety_reports')
        .select(['wheel_id', (eb) => eb.fn.countAll<number>().as('count')])
        .where('handled_at', 'is', null)
        .where('wheel_id', 'in', wheelIds)
        .groupBy('wheel_id')
        .execute();
      return new Map(rows.map((row) => [row.wheel_id, Number(row.count)]));
    },

    /** A wheel's reports, newest first, with both people and whether the reporter blocked or the organiser removed. */
    listReports(wheelId: string) {
      return db
        .selectFrom('safety_reports as r')
        .innerJoin('participants as reporter', 'reporter.id', 'r.reporter_id')
        .innerJoin('participants as reported', 'reported.id', 'r.reported_id')
        .leftJoin('blocks as b', (join) =>
          join.onRef('b.blocker_id', '=', 'r.reporter_id').onRef('b.blocked_id', '=', 'r.reported_id'),
        )
        .leftJoin('participant_removals as removal', 'removal.participant_id', 'r.reported_id')
        .select([
          'r.id',
          'r.wheel_id',
          'r.reason',
          'r.details',
          'r.created_at',
          'r.handled_at',
          'r.reporter_id',
          'reporter.username as reporter_username',
          'r.reported_id',
          'reported.username as reported_username',
          'b.created_at as blocked_at',
          'removal.removed_at',
        ])
        .where('r.wheel_id', '=', wheelId)
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id')
        .limit(500)
        .execute();
    },

    /** Marks one of the wheel's reports handled (`at`) or open again (null); the report's new state, or undefined when the wheel has no such report. */
    markHandled(wheelId: string, reportId: string, at: string | null) {
      return db
        .updateTable('safety_reports')
        .set({ handled_at: at })
        .where('id', '=', reportId)
        .where('wheel_id', '=', wheelId)
        .returning(['id', 'handled_at'])
        .executeTakeFirst();
    },

    wheelOwner(wheelId: string) {
      return db
        .selectFrom('wheels')
        .select(['id', 'business_user_id'])
        .where('id', '=', wheelId)
        .executeTakeFirst();
    },

    participantOn(wheelId: string, participantId: string) {
      return db
        .selectFrom('participants')
        .select('id')
        .where('id', '=', participantId)
        .where('wheel_id', '=', wheelId)
        .executeTakeFirst();
    },

    /** The other participants of this wheel who registered from the same browser (session id) as this one. */
    async sameBrowserOn(wheelId: string, participantId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('participants as other')
        .innerJoin('participants as removed', 'removed.session_id', 'other.session_id')
        .select('other.id')
        .where('removed.id', '=', participantId)
        .where('other.wheel_id', '=', wheelId)
        .where('other.id', '!=', participantId)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Records a removal; the first one stands. The removal as stored. */
    async remove(row: { participant_id: string; wheel_id: string; removed_at: string; removed_by: string }) {
      await db
        .insertInto('participant_removals')
        .values(row)
        .onConflict((oc) => oc.column('participant_id').doNothing())
        .execute();
      return db
        .selectFrom('participant_removals')
        .select(['participant_id', 'removed_at'])
        .where('participant_id', '=', row.participant_id)
        .executeTakeFirstOrThrow();
    },

    /** Whether the participant was removed from their wheel: read on every use, so every process agrees. */
    async isRemoved(participantId: string): Promise<boolean> {
      return (await removalOf(db, { participantId })).length > 0;
    },

    /** The people this participant blocked on their wheel. */
    async unblock(blockerId: string, blockedId: string): Promise<void> {
      await db
        .deleteFrom('blocks')
        .where('blocker_id', '=', blockerId)
        .where('blocked_id', '=', blockedId)
        .execute();
    },

    async blockedBy(participantId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('blocks')
        .select('blocked_id')
        .where('blocker_id', '=', participantId)
        .execute();
      return rows.map((row) => row.blocked_id);
    },
  };
}

export type SafetyRepository = ReturnType<typeof createSafetyRepository>;
