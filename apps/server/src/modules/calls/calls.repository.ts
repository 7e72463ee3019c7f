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

    /** Records the first start of the match's call; later starts (retries) keep the first. */
    async markStarted(matchId: string, at: string): Promise<void> {
      await db
        .updateTable('matches')
        .set({ call_started_at: at, call_ended_at: null })
        .where('id', '=', matchId)
        .where('call_started_at', 'is', null)
        .execute();
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
