import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/**
 * The raw facts behind a business user's report: their wheels, the people, matches and
 * follow-ups (shares and ratings after calls) on them, their payments.
 */
export function createReportsRepository(db: Kysely<Database>) {
  return {
    async factsForBusinessUser(businessUserId: string) {
      const [owner, wheels, participants, matches, followUps, payments] = await Promise.all([
        db
          .selectFrom('business_users')
          .select(['id', 'company_name'])
          .where('id', '=', businessUserId)
          .executeTakeFirst(),
        db
          .selectFrom('wheels')
          .select(['id', 'name', 'status', 'current_round'])
          .where('business_user_id', '=', businessUserId)
          .orderBy('created_at')
          .execute(),
        db
          .selectFrom('participants')
          .innerJoin('wheels', 'wheels.id', 'participants.wheel_id')
          .select(['participants.wheel_id', 'participants.created_at'])
          .where('wheels.business_user_id', '=', businessUserId)
          .execute(),
        db
          .selectFrom('matches')
          .innerJoin('wheels', 'wheels.id', 'matches.wheel_id')
          .select([
            'matches.wheel_id',
            'matches.status',
            'matches.created_at',
            'matches.call_started_at',
            'matches.call_ended_at',
          ])
          .where('wheels.business_user_id', '=', businessUserId)
          .execute(),
        db
          .selectFrom('follow_ups')
          .innerJoin('wheels', 'wheels.id', 'follow_ups.wheel_id')
          .select([
            'follow_ups.match_id',
            'follow_ups.wheel_id',
            'follow_ups.share',
            'follow_ups.rating',
            'follow_ups.updated_at',
          ])
          .where('wheels.business_user_id', '=', businessUserId)
          .execute(),
        db
          .selectFrom('payments')
          .select(['id', 'amount_cents', 'currency', 'status', 'created_at'])
          .where('business_user_id', '=', businessUserId)
          .orderBy('created_at')
          .execute(),
      ]);
      return owner ? { owner, wheels, participants, matches, followUps, payments } : undefined;
    },
  };
}

export type ReportsRepository = ReturnType<typeof createReportsRepository>;
export type ReportFacts = NonNullable<Awaited<ReturnType<ReportsRepository['factsForBusinessUser']>>>;
