import {
  type GetWheelResponse,
  type OpenWheel,
  type Participant,
  type PublicWheel,
  type RegistrationConfig,
  registrationConfigSchema,
  type WheelStatus,
} from '@wheelmeet/contracts';
import { fromJsonColumn, toJsonColumn } from '../../db/json';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { amountToCents, centsToAmount } from '../../lib/money';
import type { Random } from '../../lib/random';
import type { ParticipantRow, SlotWithOccupant, WheelRow, WheelsRepository } from './wheels.repository';

export const WHEEL_NOT_FOUND = 'Wheel not found';

export function toParticipant(row: ParticipantRow): Participant {
  return {
    id: row.id,
    username: row.username,
    age: row.age,
    gender: row.gender,
    shortBio: row.short_bio,
    whoAmI: row.who_am_i,
    interests: row.interests,
  };
}

export function toPublicWheel(row: WheelRow): PublicWheel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    slotCount: row.slot_count,
    currentRound: row.current_round,
    status: row.status,
    createdAt: row.created_at,
  };
}

/**
 * What a visitor may see of a wheel. A wheel behind an access code shows only its locked
 * view (never the code, the slots or the people); any other wheel shows everything.
 */
export function toVisitorView(row: WheelRow, slots: SlotWithOccupant[]): GetWheelResponse {
  if (row.requires_access_code) {
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      slotCount: row.slot_count,
      currentRound: row.current_round,
      requiresAccessCode: true,
    };
  }
  return toOpenWheel(row, slots);
}

export function toOpenWheel(row: WheelRow, slots: SlotWithOccupant[]): OpenWheel {
  const activeUsers = slots.flatMap((slot) => (slot.occupant ? [toParticipant(slot.occupant)] : []));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    slotCount: row.slot_count,
    currentRound: row.current_round,
    requiresAccessCode: false,
    isPrivate: row.is_private,
    lastSpinDate: row.last_spin_date,
    expiresAt: row.expires_at,
    price: centsToAmount(row.price_cents),
    rules: row.rules,
    guidelines: row.guidelines,
    status: row.status,
    createdAt: row.created_at,
    businessUserId: row.business_user_id,
    registrationFields: fromJsonColumn(row.registration_fields, registrationConfigSchema.nullable(), null),
    slots: slots.map((slot) => ({
      id: slot.id,
      position: slot.position,
      wheelId: slot.wheel_id,
      userId: slot.occupant?.id ?? null,
      occupiedAt: slot.occupied_at,
      user: slot.occupant ? toParticipant(slot.occupant) : null,
    })),
    activeUsers,
  };
}

export interface NewWheel {
  name: string;
  description: string;
  slotCount: number;
  isPrivate?: boolean;
  accessCode?: string | null;
  expiresAt?: string | null;
  price?: number;
  rules?: string | null;
  guidelines?: string | null;
  status?: WheelStatus;
  registrationFields?: RegistrationConfig | null;
  businessUserId?: string | null;
}

export function createWheelsService(deps: { wheels: WheelsRepository; clock: Clock; random: Random }) {
  const { wheels, clock, random } = deps;
  return {
    async listPublicWheels(): Promise<PublicWheel[]> {
      return (await wheels.listPublic()).map(toPublicWheel);
    },

    async getWheelForVisitor(id: string): Promise<GetWheelResponse> {
      const row = await wheels.findById(id);
      if (!row) throw notFound(WHEEL_NOT_FOUND);
      return toVisitorView(row, row.requires_access_code ? [] : await wheels.listSlots(id));
    },

    async createWheel(input: NewWheel): Promise<string> {
      const id = random.uuid();
      const now = clock.now().toISOString();
      const accessCode = input.accessCode?.trim() || null;
      await wheels.insertWithSlots(
        {
          id,
          name: input.name,
          description: input.description,
          slot_count: input.slotCount,
          last_spin_date: null,
          round_seconds: null,
          is_private: input.isPrivate ?? false,
          requires_access_code: accessCode !== null,
          access_code: accessCode,
          expires_at: input.expiresAt ?? null,
          price_cents: amountToCents(input.price ?? 0),
          rules: input.rules ?? null,
          guidelines: input.guidelines ?? null,
          status: input.status ?? 'Active',
          registration_fields: input.registrationFields ? toJsonColumn(input.registrationFields) : null,
          business_user_id: input.businessUserId ?? null,
          created_at: now,
          updated_at: now,
        },
        Array.from({ length: input.slotCount }, () => random.uuid()),
      );
      return id;
    },
  };
}

export type WheelsService = ReturnType<typeof createWheelsService>;
