import type { Kysely, Selectable } from 'kysely';
import type { Database, MatchesTable } from '../../db/schema';
import type { ParticipantRow } from '../participants/participants.repository';

export type MatchRow = Selectable<MatchesTable>;
export interface MatchWithPeople extends MatchRow {
  user1: ParticipantRow;
  user2: ParticipantRow;
}

export function createMatchesRepository(db: Kysely<Database>) {
  async function withPeople(rows: MatchRow[]): Promise<MatchWithPeople[]> {
    const ids = [...new Set(rows.flatMap((row) => [row.user1_id, row.user2_id]))];
    if (ids.length === 0) return [];
    const people = await db.selectFrom('participants').selectAll().where('id', 'in', ids).execute();
    const byId = new Map(people.map((person) => [person.id, person]));
    return rows.flatMap((row) => {
      const user1 = byId.get(row.user1_id);
      const user2 = byId.get(row.user2_id);
      return user1 && user2 ? [{ ...row, user1, user2 }] : [];
    });
  }

  const byId = async (id: string) =>
    (await withPeople(await db.selectFrom('matches').selectAll().where('id', '=', id).execute()))[0];

  return {
    findById: byId,

    async listForRound(wheelId: string, round: number): Promise<MatchWithPeople[]> {
      return withPeople(
        await db
          .selectFrom('matches')
          .selectAll()
          .where('wheel_id', '=', wheelId)
          .where('round', '=', round)
          .orderBy('created_at')
          .orderBy('id')
          .execute(),
      );
    },

    /** Records one side's accept; the match becomes Accepted when the other side had accepted too. */
    async recordAccept(id: string, side: 'user1' | 'user2'): Promise<MatchWithPeople | undefined> {
      const other = side === 'user1' ? 'accepted_by_user2' : 'accepted_by_user1';
      await db
        .updateTable('matches')
        .set((eb) => ({
          [side === 'user1' ? 'accepted_by_user1' : 'accepted_by_user2']: true,
          status: eb
            .case()
            .when(other, '=', true)
            .then('Accepted' as const)
            .else(eb.ref('status'))
            .end(),
        }))
        .where('id', '=', id)
        .where('status', '!=', 'Rejected')
        .execute();
      return byId(id);
    },

    /** A pending match becomes Rejected; an accepted or rejected one stays as it is. */
    async recordDecline(id: string): Promise<MatchWithPeople | undefined> {
      await db
        .updateTable('matches')
        .set({ status: 'Rejected' })
        .where('id', '=', id)
        .where('status', '=', 'Pending')
        .execute();
      return byId(id);
    },
  };
}

export type MatchesRepository = ReturnType<typeof createMatchesRepository>;
