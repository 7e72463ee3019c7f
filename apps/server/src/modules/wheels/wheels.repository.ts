import type { ExpressionBuilder, Insertable, Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once';
import type { ParticipantRow, WheelRow } from '../../db/rows';
import type { Database, WheelsTable } from '../../db/schema';

export interface SlotWithOccupant {
  id: string;
  wheel_id: string;
  position: number;
  occupied_at: string | null;
  occupant: ParticipantRow | null;
}

/** Why a slot could not be taken. */
export type OccupyRefusal = 'slot_occupied' | 'wheel_spinning' | 'event_ended' | 'no_such_slot';
/** The seat a participant was given: since when it is theirs. */
export interface TakenSlot {
  occupied_at: string;
}
export type OccupyOutcome = { taken: TakenSlot } | { refused: OccupyRefusal };

/** Rolls a seat move back: the participant keeps the seat they had. */
class KeepSeat extends Error {}

/**
 * Seats the participant in one conditional UPDATE … RETURNING: the slot must be free, the
 * wheel not spinning and its event not over (issue 35). Only a refusal reads again, to say why.
 */
/*
 * A take's statements, compiled once (compiled-once.ts): everyone on a wheel takes a seat in
 * the seconds after a round opens.
 */
const occupyStatement = compiledOnce(
  ['wheelId', 'slotId', 'participantId', 'at'],
  (db, values: { wheelId: string; slotId: string; participantId: string; at: string }) =>
    db
      .updateTable('slots')
      .set({ participant_id: values.participantId, occupied_at: values.at })
      .where('id', '=', values.slotId)
      .where('wheel_id', '=', values.wheelId)
      .where('participant_id', 'is', null)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('wheels')
              .select('wheels.id')
              .where('wheels.id', '=', values.wheelId)
              .where((wheel) =>
                wheel.or([
                  wheel('wheels.spin_started_at', 'is not', null),
                  wheel('wheels.event_ended_at', 'is not', null),
                ]),
              ),
          ),
        ),
      )
      .returning('occupied_at')
      .$narrowType<{ occupied_at: string }>(),
);
const occupantOfSlot = compiledOnce(
  ['wheelId', 'slotId'],
  (db, values: { wheelId: string; slotId: string }) =>
    db
      .selectFrom('slots')
      .innerJoin('wheels', 'wheels.id', 'slots.wheel_id')
      .select(['slots.participant_id', 'wheels.event_ended_at'])
      .where('slots.id', '=', values.slotId)
      .where('slots.wheel_id', '=', values.wheelId),
);

/** Read on a take when the wheel's ring settings are not cached (a take's ring check). */
const ringSettingsStatement = compiledOnce(['wheelId'], (db, values: { wheelId: string }) =>
  db
    .selectFrom('wheels')
    .select(['slot_count', 'inner_ring_label', 'outer_ring_label', 'ring_rule'])
    .where('id', '=', values.wheelId),
);
/** Read on every take on a wheel with a ring rule. */
const answersAndPositionStatement = compiledOnce(
  ['wheelId', 'slotId', 'participantId'],
  (db, values: { wheelId: string; slotId: string; participantId: string }) =>
    db
      .selectFrom('participants')
      .innerJoin('slots', (join) =>
        join.on('slots.id', '=', values.slotId).on('slots.wheel_id', '=', values.wheelId),
      )
      .select(['participants.registration_data', 'slots.position'])
      .where('participants.id', '=', values.participantId),
);
/** A new seat is kept for the next rounds until its person says otherwise (issue 38). */
const stayOnNewSeat = compiledOnce(['participantId'], (db, values: { participantId: string }) =>
  db
    .updateTable('participants')
    .set({ staying: true, missed_answers: 0, home_position: null })
    .where('id', '=', values.participantId),
);

/*
 * What every page's JoinWheel reads for its snapshot, within seconds of the others when an event
 * opens, so built once too (issue 37). The rounds read a wheel's row through `wheelById` as well.
 */
export const wheelById = compiledOnce(['id'], (db, { id }: { id: string }) =>
  db.selectFrom('wheels').selectAll().where('id', '=', id),
);
const slotsOfWheel = compiledOnce(['wheelId'], (db, { wheelId }: { wheelId: string }) =>
  db
    .selectFrom('slots')
    .select(['id', 'wheel_id', 'position', 'participant_id', 'occupied_at'])
    .where('wheel_id', '=', wheelId)
    .orderBy('position'),
);
const occupantsOfWheel = compiledOnce(['wheelId'], (db, { wheelId }: { wheelId: string }) =>
  db
    .selectFrom('participants')
    .innerJoin('slots', 'slots.participant_id', 'participants.id')
    .selectAll('participants')
    .where('slots.wheel_id', '=', wheelId),
);
/** Only for someone who holds a seat on the wheel or waits to be given theirs back after a call. */
const seatedOrWaiting =
  (wheelId: string, participantId: string) => (eb: ExpressionBuilder<Database, 'participants'>) =>
    eb.or([
      eb('home_position', 'is not', null),
      eb.exists(
        eb
          .selectFrom('slots')
          .select('slots.id')
          .where('slots.wheel_id', '=', wheelId)
          .where('slots.participant_id', '=', participantId),
      ),
    ]);
/** SetStaying: someone who picks a seat each round turns it off after every take (issue 38). */
type StayingChange = { wheelId: string; participantId: string };
const keepSeat = compiledOnce(['wheelId', 'participantId'], (db, { wheelId, participantId }: StayingChange) =>
  db
    .updateTable('participants')
    .set({ staying: true, missed_answers: 0 })
    .where('id', '=', participantId)
    .where('wheel_id', '=', wheelId)
    .where(seatedOrWaiting(wheelId, participantId))
    .returning('id'),
);
const stopKeepingSeat = compiledOnce(
  ['wheelId', 'participantId'],
  (db, { wheelId, participantId }: StayingChange) =>
    db
      .updateTable('participants')
      .set({ staying: false, home_position: null })
      .where('id', '=', participantId)
      .where('wheel_id', '=', wheelId)
      .where(seatedOrWaiting(wheelId, participantId))
      .returning('id'),
);

async function occupy(
  db: Kysely<Database>,
  wheelId: string,
  slotId: string,
  participantId: string,
  at: string,
): Promise<OccupyOutcome> {
  const [taken] = await occupyStatement(db, { wheelId, slotId, participantId, at });
  if (taken) return { taken };

  const [slot] = await occupantOfSlot(db, { wheelId, slotId });
  if (!slot) return { refused: 'no_such_slot' };
  if (slot.participant_id) return { refused: 'slot_occupied' };
  return { refused: slot.event_ended_at ? 'event_ended' : 'wheel_spinning' };
}

export function createWheelsRepository(db: Kysely<Database>) {
  const findSlotOf = (wheelId: string, participantId: string) =>
    db
      .selectFrom('slots')
      .select(['id', 'position'])
      .where('wheel_id', '=', wheelId)
      .where('participant_id', '=', participantId)
      .executeTakeFirst();

  return {
    async findById(id: string): Promise<WheelRow | undefined> {
      const [row] = await wheelById(db, { id });
      return row;
    },

    /** The people with these ids (those on the wheel right now, as the hub tells). */
    async participantsByIds(ids: readonly string[]): Promise<ParticipantRow[]> {
      if (ids.length === 0) return [];
      return db
        .selectFrom('participants')
        .selectAll()
        .where('id', 'in', [...ids])
        .execute();
    },

    /** Wheels anyone may open: not private, no access code, active. Oldest first, so the demo wheel leads. */
    listPublic(): Promise<WheelRow[]> {
      return db
        .selectFrom('wheels')
        .selectAll()
        .where('is_private', '=', false)
        .where('requires_access_code', '=', false)
        .where('status', '=', 'Active')
        .orderBy('created_at')
        .orderBy('id')
        .execute();
    },

    /** Slots in position order with the participant holding each, if any. */
    async listSlots(wheelId: string): Promise<SlotWithOccupant[]> {
      const [slots, occupants] = await Promise.all([
        slotsOfWheel(db, { wheelId }),
        occupantsOfWheel(db, { wheelId }),
      ]);
      const byId = new Map(occupants.map((participant) => [participant.id, participant]));
      return slots.map(({ participant_id, ...slot }) => ({
        ...slot,
        occupant: participant_id ? (byId.get(participant_id) ?? null) : null,
      }));
    },

    findSlotOf,

    /** How the wheel names its rings, who sits on which, and its slot count: what a seat's ring check needs. */
    async ringSettings(wheelId: string) {
      return (await ringSettingsStatement(db, { wheelId }))[0];
    },

    /** The participant's registration answers with the position of a slot of the wheel; nothing if either is missing. */
    async answersAndPosition(wheelId: string, slotId: string, participantId: string) {
      return (await answersAndPositionStatement(db, { wheelId, slotId, participantId }))[0];
    },

    /**
     * Seats the participant if the slot is free and the wheel is not spinning, in one
     * statement so two people racing for a slot cannot both get it. The unique
     * (wheel, participant) constraint refuses a second slot for the same person.
     */
    async occupySlot(wheelId: string, slotId: string, participantId: string, at: string) {
      const outcome = await occupy(db, wheelId, slotId, participantId, at);
      if ('taken' in outcome) await stayOnNewSeat(db, { participantId });
      return outcome;
    },

    /**
     * Moves the participant from the slot they hold to another, in one transaction: either
     * they sit in the new slot, or (the slot was taken, the wheel started spinning) they keep
     * the old one. The freed slot's id with the outcome.
     */
    async moveToSlot(
      wheelId: string,
      slotId: string,
      participantId: string,
      at: string,
    ): Promise<{ outcome: OccupyOutcome; freedSlotId: string | undefined }> {
      let outcome: OccupyOutcome = { refused: 'no_such_slot' };
      const freedSlotId = await db
        .transaction()
        .execute(async (trx) => {
          const held = await trx
            .updateTable('slots')
            .set({ participant_id: null, occupied_at: null })
            .where('wheel_id', '=', wheelId)
            .where('participant_id', '=', participantId)
            .returning('id')
            .executeTakeFirst();
          outcome = await occupy(trx, wheelId, slotId, participantId, at);
          if (!('taken' in outcome)) throw new KeepSeat();
          return held?.id;
        })
        .catch((error: unknown) => {
          if (error instanceof KeepSeat) return undefined;
          throw error;
        });
      return { outcome, freedSlotId };
    },

    /** Frees the participant's slot on the wheel; the freed slot's id, if they held one. */
    async vacateSlotOf(wheelId: string, participantId: string): Promise<string | undefined> {
      const held = await findSlotOf(wheelId, participantId);
      if (!held) return undefined;
      const result = await db
        .updateTable('slots')
        .set({ participant_id: null, occupied_at: null })
        .where('id', '=', held.id)
        .where('participant_id', '=', participantId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1 ? held.id : undefined;
    },

    /**
     * Keeps (or stops keeping) the participant's seat for the next rounds, if they hold a seat
     * on the wheel or wait to be seated again after a call; false for anyone else. Turning it on
     * forgives the answers missed before. Turning it off also drops the seat waited for.
     */
    async setStaying(wheelId: string, participantId: string, staying: boolean): Promise<boolean> {
      const changed = await (staying ? keepSeat : stopKeepingSeat)(db, { wheelId, participantId });
      return changed.length === 1;
    },

    /** The participant's seat is no longer kept for them, nor given back after a call. */
    async endStaying(participantId: string): Promise<void> {
      await db
        .updateTable('participants')
        .set({ staying: false, home_position: null })
        .where('id', '=', participantId)
        .execute();
    },

    /** Creates the wheel and its empty slots together, so a wheel never exists without them. */
    async insertWithSlots(wheel: Insertable<WheelsTable>, slotIds: readonly string[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('wheels').values(wheel).execute();
        await trx
          .insertInto('slots')
          .values(
            slotIds.map((id, position) => ({
              id,
              wheel_id: wheel.id,
              position,
              participant_id: null,
              occupied_at: null,
            })),
          )
          .execute();
      });
    },
  };
}

export type WheelsRepository = ReturnType<typeof createWheelsRepository>;
