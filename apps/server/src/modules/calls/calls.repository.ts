import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The call columns of a match: who may call whom, and when calls start and end (for reports). */
export function createCallsRepository(db: Kysely<Database>) {
  return {
    findParties(matchId: string) {
      return db
        .selectFrom('matches')
        .select(['user1_id', 'user2_id', 'status'])
        .where('id', '=', matchId)
        .executeTakeFirst();
    },

    /** A call (re)starts: the first start is kept, and a retry after a hang-up reopens it. */
    async markStarted(matchId: string, at: string): Promise<void> {
      await db
        .updateTable('matches')
        .set((eb) => ({
          call_started_at: eb.fn.coalesce('call_started_at', eb.val(at)),
          call_ended_at: null,
        }))
        .where('id', '=', matchId)
        .execute();
    },

    /** Ends every open call of the participant; the matches and partners of the calls it ended. */
    async markEndedFor(participantId: string, at: string): Promise<Array<{ id: string; partnerId: string }>> {
      const open = await db
        .selectFrom('matches')
        .select(['id', 'user1_id', 'user2_id'])
        .where((eb) => eb.or([eb('user1_id', '=', participantId), eb('user2_id', '=', participantId)]))
        .where('call_started_at', 'is not', null)
        .where('call_ended_at', 'is', null)
        .execute();
      if (open.length === 0) return [];
      await db
        .updateTable('matches')
        .set({ call_ended_at: at })
        .where(
          'id',
          'in',
          open.map((match) => match.id),
        )
        .execute();
      return open.map((match) => ({
        id: match.id,
        partnerId: match.user1_id === participantId ? match.user2_id : match.user1_id,
      }));
    },

    async markEnded(matchId: string, at: string): Promise<void> {
      await db
        .updateTable('matches')
        .set({ call_ended_at: at })
        .where('id', '=', matchId)
        .where('call_started_at', 'is not', null)
        .where('call_ended_at', 'is', null)
        .execute();
    },
  };
}

export type CallsRepository = ReturnType<typeof createCallsRepository>;
