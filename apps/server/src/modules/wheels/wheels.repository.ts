import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, ParticipantsTable, WheelsTable } from '../../db/schema';

export type WheelRow = Selectable<WheelsTable>;
export type ParticipantRow = Selectable<ParticipantsTable>;
export interface SlotWithOccupant {
  id: string;
  wheel_id: string;
  position: number;
  occupied_at: string | null;
  occupant: ParticipantRow | null;
}

export function createWheelsRepository(db: Kysely<Database>) {
  return {
    findById(id: string): Promise<WheelRow | undefined> {
      return db.selectFrom('wheels').selectAll().where('id', '=', id).executeTakeFirst();
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
        db
          .selectFrom('slots')
          .select(['id', 'wheel_id', 'position', 'participant_id', 'occupied_at'])
          .where('wheel_id', '=', wheelId)
          .orderBy('position')
          .execute(),
        db
          .selectFrom('participants')
          .innerJoin('slots', 'slots.participant_id', 'participants.id')
          .selectAll('participants')
          .where('slots.wheel_id', '=', wheelId)
          .execute(),
      ]);
      const byId = new Map(occupants.map((participant) => [participant.id, participant]));
      return slots.map(({ participant_id, ...slot }) => ({
        ...slot,
        occupant: participant_id ? (byId.get(participant_id) ?? null) : null,
      }));
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
