import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { ParticipantRow } from '../../db/rows';
import type { Database } from '../../db/schema';

async function countOnWheel(db: Kysely<Database>, wheelId: string): Promise<number> {
  const row = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('wheel_id', '=', wheelId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The most participants the plan of the wheel's owner admits; undefined when there is no limit. */
async function participantLimitOf(db: Kysely<Database>, wheelId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('wheels')
    .innerJoin('business_users', 'business_users.id', 'wheels.business_user_id')
    .innerJoin('plans', 'plans.id', 'business_users.plan_id')
    .select('plans.max_participants_per_wheel')
    .where('wheels.id', '=', wheelId)
    .executeTakeFirst();
  return row?.max_participants_per_wheel ?? undefined;
}

/**
 * What stands between a registration and the wheel, read in one query so a registration pays
 * no extra round trip: the most participants the plan of the wheel's owner admits (undefined
 * when there is no limit), and whether the organiser removed a participant of this wheel who
 * registered from the same browser, i.e. with the same session id (decision 016). Compiled
 * once: building it took about a fifteenth of a registration's CPU.
 */
const admissionQuery = compiledOnce(
  ['wheelId', 'sessionId'],
  (db, { wheelId, sessionId }: { wheelId: string; sessionId: string }) =>
    db
      .selectFrom('wheels')
      .leftJoin('business_users', 'business_users.id', 'wheels.business_user_id')
      .leftJoin('plans', 'plans.id', 'business_users.plan_id')
      .select((eb) => [
        'plans.max_participants_per_wheel',
        eb
          .exists(
            eb
              .selectFrom('participant_removals')
              .innerJoin('participants', 'participants.id', 'participant_removals.participant_id')
              .select('participant_removals.participant_id')
              .where('participant_removals.wheel_id', '=', wheelId)
              .where('participants.session_id', '=', sessionId),
          )
          .as('removed_session'),
      ])
      .where('wheels.id', '=', wheelId),
);

async function admissionOf(
  db: Kysely<Database>,
  wheelId: string,
  sessionId: string,
): Promise<{ limit: number | undefined; removed: boolean }> {
  const [row] = await admissionQuery(db, { wheelId, sessionId });
  return { limit: row?.max_participants_per_wheel ?? undefined, removed: Boolean(row?.removed_session) };
}

/** Every column of a participant, each by name: a column missing here would not be inserted, so the type asks for all. */
const PARTICIPANT_COLUMNS: { [Column in keyof ParticipantRow]-?: Column } = {
  id: 'id',
  wheel_id: 'wheel_id',
  session_id: 'session_id',
  username: 'username',
  age: 'age',
  gender: 'gender',
  short_bio: 'short_bio',
  who_am_i: 'who_am_i',
  interests: 'interests',
  registration_data: 'registration_data',
  created_at: 'created_at',
  staying: 'staying',
  home_position: 'home_position',
  missed_answers: 'missed_answers',
  email: 'email',
};

/** A registration's one write, compiled once like the admission query. */
const insertParticipant = compiledOnce(
  Object.values(PARTICIPANT_COLUMNS),
  (db, participant: ParticipantRow) => db.insertInto('participants').values(participant),
);

/** Read for every seat taken (the push shows who sat down), so compiled once too. */
const participantById = compiledOnce(['id'], (db, { id }: { id: string }) =>
  db.selectFrom('participants').selectAll().where('id', '=', id),
);

export function createParticipantsRepository(db: Kysely<Database>) {
  return {
    async findById(id: string): Promise<ParticipantRow | undefined> {
      return (await participantById(db, { id }))[0];
    },

    /**
     * Adds the participant unless the wheel's plan cap is reached, atomically: the wheel row is
     * locked first, so simultaneous registrations on one wheel take turns for the count and the
     * insert, and a cap of 50 stores 50 however many arrive at once. A count followed by a
     * conditional insert is not enough on PostgreSQL: under READ COMMITTED two transactions
     * both count 49 and both insert.
     *
     * The lock is an update that changes nothing (it sets a column to itself). On PostgreSQL it
     * holds the wheel row's write lock until the transaction ends, as SELECT … FOR UPDATE
     * would, and each later count sees the rows committed before it got the lock; SQLite does
     * not know FOR UPDATE, and there this first write takes the database's write lock, which
     * also serialises server processes that share the file. Registrations on other wheels
     * are not held up on PostgreSQL.
     *
     * A wheel whose owner's plan has no cap (or that has no owner: the demo wheel, an admin's
     * wheel) needs none of that: one INSERT, one commit. The wheel row is then not written,
     * so a registration no longer drops every cached wheel page (decision 011). A cap set in
     * the same instant applies from the next registration on.
     *
     * The same first read asks whether the organiser removed someone of this wheel who
     * registered from the same browser (session id); then nothing is inserted (decision 016).
     */
    async insertWithinCap(
      participant: ParticipantRow,
    ): Promise<{ inserted: true } | { inserted: false; limit: number } | { inserted: false; removed: true }> {
      const admission = await admissionOf(db, participant.wheel_id, participant.session_id);
      if (admission.removed) return { inserted: false, removed: true };
      if (admission.limit === undefined) {
        await insertParticipant(db, participant);
        return { inserted: true };
      }
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('wheels')
          .set((eb) => ({ current_round: eb.ref('current_round') }))
          .where('id', '=', participant.wheel_id)
          .execute();
        const limit = await participantLimitOf(trx, participant.wheel_id);
        if (limit !== undefined && (await countOnWheel(trx, participant.wheel_id)) >= limit) {
          return { inserted: false, limit };
        }
        await insertParticipant(trx, participant);
        return { inserted: true };
      });
    },

    /** Participants across wheels, newest first, filtered by name or profile text and by wheel. */
    async listForAdmin(filter: {
      search?: string | undefined;
      wheelId?: string | undefined;
      limit: number;
      offset: number;
    }) {
      let query = db.selectFrom('participants').innerJoin('wheels', 'wheels.id', 'participants.wheel_id');
      if (filter.wheelId) query = query.where('participants.wheel_id', '=', filter.wheelId);
      if (filter.search) {
        // LIKE wildcards typed into the search box are taken as plain text by dropping them.
        const pattern = `%${filter.search.toLowerCase().replace(/[%_\\]/g, '')}%`;
        query = query.where((eb) =>
          eb.or(
            (
              [
                'participants.username',
                'participants.short_bio',
                'participants.interests',
                'participants.who_am_i',
              ] as const
            ).map((column) => eb(eb.fn('lower', [eb.ref(column)]), 'like', pattern)),
          ),
        );
      }
      const [rows, total] = await Promise.all([
        query
          .selectAll('participants')
          .select('wheels.name as wheel_name')
          .orderBy('participants.created_at', 'desc')
          .orderBy('participants.id')
          .limit(filter.limit)
          .offset(filter.offset)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.count) };
    },
  };
}

export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>;
