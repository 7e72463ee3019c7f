import type { Kysely, Selectable } from 'kysely';
import type { Database, FollowUpsTable } from '../../db/schema';
import { type DeliveryRow, recordWebhookDeliveries } from '../webhooks/webhook-deliveries.repository';

export type FollowUpRow = Selectable<FollowUpsTable>;

/** Who met whom on a wheel, and what each chose afterwards (decision 015). */
export function createConnectionsRepository(db: Kysely<Database>) {
  return {
    /** The participant's matches on the wheel that became a call or were declined, with both people. */
    listMetBy(wheelId: string, participantId: string) {
      return db
        .selectFrom('matches')
        .innerJoin('participants as user1', 'user1.id', 'matches.user1_id')
        .innerJoin('participants as user2', 'user2.id', 'matches.user2_id')
        .select([
          'matches.id',
          'matches.round',
          'matches.status',
          'matches.call_started_at',
          'matches.user1_id',
          'matches.user2_id',
          'user1.username as user1_username',
          'user2.username as user2_username',
        ])
        .where('matches.wheel_id', '=', wheelId)
        .where((eb) =>
          eb.or([eb('matches.user1_id', '=', participantId), eb('matches.user2_id', '=', participantId)]),
        )
        .where((eb) =>
          eb.or([eb('matches.call_started_at', 'is not', null), eb('matches.status', '=', 'Rejected')]),
        )
        .orderBy('matches.round')
        .orderBy('matches.created_at')
        .execute();
    },

    findMatch(matchId: string) {
      return db
        .selectFrom('matches')
        .select(['id', 'wheel_id', 'user1_id', 'user2_id', 'status', 'call_started_at'])
        .where('id', '=', matchId)
        .executeTakeFirst();
    },

    listFollowUps(matchIds: readonly string[]): Promise<FollowUpRow[]> {
      if (matchIds.length === 0) return Promise.resolve([]);
      return db.selectFrom('follow_ups').selectAll().where('match_id', 'in', matchIds).execute();
    },

    /**
     * Records (or changes) one person's choice; a second save replaces the first. When it shares
     * and the partner shares too, the `connection.made` webhook's deliveries are recorded in the
     * same transaction, if the wheel's owner has such a webhook: the deliveries recorded now
     * (none when an earlier save already recorded them).
     */
    save(row: FollowUpRow): Promise<DeliveryRow[]> {
      return db.transaction().execute(async (trx) => {
        // A write to the match's row first: on PostgreSQL it holds the row's lock to the end, so
        // the two people's saves of one match run one after the other and the second sees the
        // first's choice (each would miss the other's uncommitted row). SQLite runs one
        // transaction at a time anyway.
        await trx
          .updateTable('matches')
          .set((eb) => ({ status: eb.ref('status') }))
          .where('id', '=', row.match_id)
          .execute();
        await trx
          .insertInto('follow_ups')
          .values(row)
          .onConflict((oc) =>
            oc.columns(['match_id', 'participant_id']).doUpdateSet({
              share: row.share,
              contact: row.contact,
              rating: row.rating,
              note: row.note,
              updated_at: row.updated_at,
            }),
          )
          .execute();
        if (!row.share) return [];
        const partnerShares = await trx
          .selectFrom('follow_ups')
          .select('participant_id')
          .where('match_id', '=', row.match_id)
          .where('participant_id', '!=', row.participant_id)
          .where('share', '=', true)
          .executeTakeFirst();
        if (!partnerShares) return [];
        return recordWebhookDeliveries(trx, {
          wheelId: row.wheel_id,
          type: 'connection.made',
          data: { wheelId: row.wheel_id, matchId: row.match_id },
          occurrence: row.match_id,
          at: row.updated_at,
        });
      });
    },

    contactFieldsOf(wheelId: string) {
      return db.selectFrom('wheels').select('contact_fields').where('id', '=', wheelId).executeTakeFirst();
    },
  };
}

export type ConnectionsRepository = ReturnType<typeof createConnectionsRepository>;
