import { type ExpressionBuilder, type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { ParticipantRow } from '../../db/rows';
import type { Database, MatchesTable } from '../../db/schema';
import { type DeliveryRow, recordWebhookDeliveries } from '../webhooks/webhook-deliveries.repository';

export type MatchRow = Selectable<MatchesTable>;
export interface MatchWithPeople extends MatchRow {
  user1: ParticipantRow;
  user2: ParticipantRow;
}

/** The most matches one tick closes; the rest are closed on the next. */
export const CLOSE_BATCH_SIZE = 500;

/*
 * An answer (AcceptMatch, DeclineMatch) writes itself in one statement that checks the caller,
 * the match's state and its deadline, then reads the two people; thousands of them run in the
 * seconds after a reveal. These statements are compiled once, where building them with Kysely
 * on every call took a sixth of the server's busy time then.
 */
const matchById = compiledOnce(['id'], (db, { id }: { id: string }) =>
  db.selectFrom('matches').selectAll().where('id', '=', id),
);
const twoPeople = compiledOnce(['user1', 'user2'], (db, { user1, user2 }: { user1: string; user2: string }) =>
  db.selectFrom('participants').selectAll().where('id', 'in', [user1, user2]),
);

/**
 * Open: not declined, not closed, and no call that already ended. Word for word the predicate
 * of the open matches' partial index (migration 0022), 'Rejected' written out rather than bound:
 * SQLite uses a partial index only for a query that spells out the same terms (decision 038).
 * Changing it means a migration that changes the index too.
 */
const isOpen = (eb: ExpressionBuilder<Database, 'matches'>) =>
  eb.and([
    eb('closed_at', 'is', null),
    eb('status', '!=', sql.lit('Rejected')),
    eb('call_ended_at', 'is', null),
  ]);

/** A reload's or a new page's matches (JoinWheel): everyone's page joins as an event opens. */
type SnapshotOf = { wheelId: string; participantId: string };
const mineOnWheel = (db: Kysely<Database>, { wheelId, participantId }: SnapshotOf) =>
  db
    .selectFrom('matches')
    .selectAll()
    .where('wheel_id', '=', wheelId)
    .where((eb) => eb.or([eb('user1_id', '=', participantId), eb('user2_id', '=', participantId)]))
    .orderBy('round')
    .orderBy('created_at');
const openMatchesOf = compiledOnce(['wheelId', 'participantId'], (db, values: SnapshotOf) =>
  mineOnWheel(db, values).where(isOpen),
);
const roundsOrOpenMatchesOf = compiledOnce(
  ['wheelId', 'participantId', 'round'],
  (db, values: SnapshotOf & { round: number }) =>
    mineOnWheel(db, values).where((eb) => eb.or([eb('round', '=', values.round), isOpen(eb)])),
);

/**
 * Closes the open matches `which` picks among the open ones, each with the reason its state gives
 * (a pending one went unanswered, an accepted one never started its call), in one statement
 * and so one commit: closing them one by one made a tick wait for a commit per match. The
 * matches it closed, as they now stand.
 */
const closeOpen = (
  db: Kysely<Database>,
  at: string,
  which: (
    ids: SelectQueryBuilder<Database, 'matches', { id: string }>,
  ) => SelectQueryBuilder<Database, 'matches', { id: string }>,
) =>
  db
    .updateTable('matches')
    .set((eb) => ({
      closed_at: at,
      close_reason: eb
        .case()
        .when('status', '=', 'Pending')
        .then('unanswered' as const)
        .else('callNotStarted' as const)
        .end(),
    }))
    // Picked among the open ones, so a batch's limit never fills with closed matches (a closed
    // match keeps its status); checked again as it is updated, so of two processes closing the
    // same match only one closes it.
    .where('id', 'in', which(db.selectFrom('matches').select('id').where(isOpen)))
    .where(isOpen)
    .returningAll();

/** Run by every process's ticker five times a second (compiled once): see `closeDue`. */
const closeDueStatement = compiledOnce(
  ['now', 'callStartBy'],
  (db, { now, callStartBy }: { now: string; callStartBy: string }) =>
    closeOpen(db, now, (ids) =>
      ids
        // Implied by both cases below (the call's deadline is earlier); said on its own, it lets
        // the open matches' index start and stop at the due ones rather than read them all.
        .where('answer_by', '<=', now)
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'Pending'), eb('answer_by', '<=', now)]),
            eb.and([
              eb('status', '=', 'Accepted'),
              eb('call_started_at', 'is', null),
              eb('answer_by', '<=', callStartBy),
            ]),
          ]),
        )
        .orderBy('answer_by')
        .limit(CLOSE_BATCH_SIZE),
    ),
);

interface Answer extends Record<string, unknown> {
  id: string;
  participant: string;
  now: string;
}
/**
 * The match `id`, if it is the participant's and open to their answer: not closed, and either
 * pending before its deadline (`now`) or already holding the answer `kept`, which answering
 * again leaves as it is.
 */
const answerable = (
  eb: ExpressionBuilder<Database, 'matches'>,
  { id, participant, now }: Answer,
  kept: 'Accepted' | 'Rejected',
) =>
  eb.and([
    eb('id', '=', id),
    eb.or([eb('user1_id', '=', participant), eb('user2_id', '=', participant)]),
    eb('closed_at', 'is', null),
    eb.or([
      eb('status', '=', kept),
      eb.and([eb('status', '=', 'Pending'), eb.or([eb('answer_by', 'is', null), eb('answer_by', '>', now)])]),
    ]),
  ]);
/** Whether the other side of the match than `participant` has accepted it. */
const otherSideAccepted = (eb: ExpressionBuilder<Database, 'matches'>, participant: string) =>
  eb.or([
    eb.and([eb('user1_id', '=', participant), eb('accepted_by_user2', '=', true)]),
    eb.and([eb('user2_id', '=', participant), eb('accepted_by_user1', '=', true)]),
  ]);
/**
 * The participant's accept, on their own side; Accepted when the other side's accept is there
 * already (`firstOnly`: taken only while it is not, so the accept cannot complete the match).
 * Accepting again changes nothing.
 */
const acceptQuery = (db: Kysely<Database>, answer: Answer, firstOnly: boolean) => {
  const { participant } = answer;
  return db
    .updateTable('matches')
    .set((eb) => {
      /** One side's accept: given when the participant is on that side, else as it was. */
      const acceptOf = (side: 'user1_id' | 'user2_id', accepted: 'accepted_by_user1' | 'accepted_by_user2') =>
        eb.case().when(side, '=', participant).then(true).else(eb.ref(accepted)).end();
      return {
        accepted_by_user1: acceptOf('user1_id', 'accepted_by_user1'),
        accepted_by_user2: acceptOf('user2_id', 'accepted_by_user2'),
        status: eb
          .case()
          .when(otherSideAccepted(eb, participant))
          .then('Accepted' as const)
          .else(eb.ref('status'))
          .end(),
      };
    })
    .where((eb) => answerable(eb, answer, 'Accepted'))
    .$if(firstOnly, (query) => query.where((eb) => eb.not(otherSideAccepted(eb, participant))))
    .returningAll();
};
const acceptAsParty = compiledOnce(['id', 'participant', 'now'], (db, answer: Answer) =>
  acceptQuery(db, answer, false),
);
const firstAcceptAsParty = compiledOnce(['id', 'participant', 'now'], (db, answer: Answer) =>
  acceptQuery(db, answer, true),
);
/**
 * The participant's decline: a pending match becomes Rejected. Declining again changes nothing.
 */
const declineAsParty = compiledOnce(['id', 'participant', 'now'], (db, answer: Answer) =>
  db
    .updateTable('matches')
    .set({ status: 'Rejected' })
    .where((eb) => answerable(eb, answer, 'Rejected'))
    .returningAll(),
);

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

  /** An accept that, when it completes the match, records its `match.accepted` webhooks in its transaction. */
  async function acceptRecordingWebhooks(answer: Answer) {
    // The first of the two accepts cannot complete the match: one statement, as without a webhook.
    const [first] = await firstAcceptAsParty(db, answer);
    if (first) return { match: first, deliveries: [] };
    return db.transaction().execute(async (trx) => {
      const [match] = await acceptAsParty(trx, answer);
      if (match?.status !== 'Accepted') return match && { match, deliveries: [] };
      const deliveries = await recordWebhookDeliveries(trx, {
        wheelId: match.wheel_id,
        type: 'match.accepted',
        data: { wheelId: match.wheel_id, matchId: match.id, round: match.round },
        occurrence: match.id,
        at: answer.now,
      });
      return { match, deliveries };
    });
  }

  const byId = async (id: string): Promise<MatchWithPeople | undefined> => {
    const [match] = await matchById(db, { id });
    return match && withPeopleOf(match);
  };

  /** One match with its two people; undefined when one of them is gone. */
  async function withPeopleOf(match: MatchRow): Promise<MatchWithPeople | undefined> {
    const people = await twoPeople(db, { user1: match.user1_id, user2: match.user2_id });
    const user1 = people.find((person) => person.id === match.user1_id);
    const user2 = people.find((person) => person.id === match.user2_id);
    return user1 && user2 ? { ...match, user1, user2 } : undefined;
  }

  const open = db.selectFrom('matches').selectAll().where(isOpen);

  return {
    findById: byId,

    /**
     * Closes, in one statement, the open matches whose time is up at `now` (at most
     * CLOSE_BATCH_SIZE, the oldest first): pending ones past their answer deadline
     * ('unanswered'), and accepted ones whose call has not started by `callStartBy` past it
     * ('callNotStarted'). The matches it closed: another process closing the same ones gets
     * none of them.
     */
    closeDue(now: string, callStartDeadlinePassedBefore: string): Promise<MatchRow[]> {
      return closeDueStatement(db, { now, callStartBy: callStartDeadlinePassedBefore });
    },

    /** A participant's open matches on a wheel. */
    async listOpenOf(wheelId: string, participantId: string): Promise<MatchRow[]> {
      return open
        .where('wheel_id', '=', wheelId)
        .where((eb) => eb.or([eb('user1_id', '=', participantId), eb('user2_id', '=', participantId)]))
        .execute();
    },

    /** Closes, in one statement, a wheel's open matches from rounds before `round` with no call under way. */
    closeStaleBefore(wheelId: string, round: number, at: string): Promise<MatchRow[]> {
      return closeOpen(db, at, (ids) =>
        ids.where('wheel_id', '=', wheelId).where('round', '<', round).where('call_started_at', 'is', null),
      ).execute();
    },

    /**
     * Closes, in one statement, every wheel's open matches from rounds before the wheel's
     * current one with no call under way: what `closeStaleBefore` closes, for all wheels at once.
     */
    closeStaleOnEveryWheel(at: string): Promise<MatchRow[]> {
      return closeOpen(db, at, (ids) =>
        ids
          .where('call_started_at', 'is', null)
          .where((eb) =>
            eb(
              'round',
              '<',
              eb
                .selectFrom('wheels')
                .select('wheels.current_round')
                .whereRef('wheels.id', '=', 'matches.wheel_id'),
            ),
          ),
      ).execute();
    },

    /** Closes an open match; false when it was closed, declined or ended meanwhile (another process). */
    async close(id: string, reason: NonNullable<MatchRow['close_reason']>, at: string): Promise<boolean> {
      const result = await db
        .updateTable('matches')
        .set({ closed_at: at, close_reason: reason })
        .where('id', '=', id)
        .where(isOpen)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The caller's matches of one round, and their open ones of any round, with the people. */
    async listForSnapshot(
      wheelId: string,
      participantId: string,
      round: number | undefined,
    ): Promise<MatchWithPeople[]> {
      const mine =
        round === undefined
          ? await openMatchesOf(db, { wheelId, participantId })
          : await roundsOrOpenMatchesOf(db, { wheelId, participantId, round });
      return withPeople(mine);
    },

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

    /**
     * Records the participant's accept, in one statement on the match; it becomes Accepted when
     * the other side had accepted too. `withWebhooks` (the wheel's owner has a `match.accepted`
     * webhook): the accept that completes the match runs in a transaction that also records
     * that webhook's deliveries. The match as it now stands with the deliveries recorded, or
     * undefined when the match took no accept: not theirs, declined, closed or past its
     * deadline (`now`), or gone.
     */
    async recordAccept(
      id: string,
      participantId: string,
      now: string,
      withWebhooks: boolean,
    ): Promise<{ match: MatchWithPeople; deliveries: DeliveryRow[] } | undefined> {
      const answer = { id, participant: participantId, now };
      const recorded = withWebhooks
        ? await acceptRecordingWebhooks(answer)
        : await acceptAsParty(db, answer).then(([match]) => match && { match, deliveries: [] });
      const match = recorded && (await withPeopleOf(recorded.match));
      return match && { match, deliveries: recorded.deliveries };
    },

    /**
     * Records the participant's decline, in one statement: a pending match becomes Rejected.
     * The match as it now stands, or undefined when it took no decline: not theirs, accepted,
     * closed or past its deadline (`now`), or gone.
     */
    async recordDecline(
      id: string,
      participantId: string,
      now: string,
    ): Promise<MatchWithPeople | undefined> {
      const [match] = await declineAsParty(db, { id, participant: participantId, now });
      return match && withPeopleOf(match);
    },
  };
}

export type MatchesRepository = ReturnType<typeof createMatchesRepository>;
