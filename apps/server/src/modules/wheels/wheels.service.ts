import { timingSafeEqual } from 'node:crypto';
import {
  type Announcement,
  type ContactField,
  EVENT_ENDED_MESSAGE,
  type RingRule,
  ringRuleSchema,
  type GetWheelResponse,
  INVALID_ACCESS_CODE_MESSAGE,
  type LockedWheel,
  MATCH_ANSWER_WINDOW_MS,
  type OpenWheel,
  type PublicWheel,
  type RegistrationConfig,
  type Ring,
  registrationConfigSchema,
  ringFor,
  ringOf,
  type Slot,
  type UnlockWheelResponse,
  type WheelStatus,
  wrongRingMessage,
} from '@wheelmeet/contracts';
import type { Insertable } from 'kysely';
import { z } from 'zod';
import { fromJsonColumn, toJsonColumn } from '../../db/json';
import type { ReadCache } from '../../db/read-cache';
import { toParticipant, type WheelRow } from '../../db/rows';
import type { WheelsTable } from '../../db/schema';
import type { DomainEvents } from '../../events/domain-events';
import type { AttemptLimit, AttemptLimiter } from '../../lib/attempt-limiter';
import type { Clock } from '../../lib/clock';
import { type AppError, notFound, refusal, tooManyRequests } from '../../lib/errors';
import type { GrowingDelay } from '../../lib/growing-delay';
import { amountToCents, centsToAmount } from '../../lib/money';
import type { Random } from '../../lib/random';
import type { LimiterFactory } from '../../lib/redis-limiters';
import type { TokenService } from '../../lib/tokens';
import type { OccupyRefusal, SlotWithOccupant, TakenSlot, WheelsRepository } from './wheels.repository';

export const WHEEL_NOT_FOUND = 'Wheel not found';
export const NO_CURRENT_WHEEL = 'There is no public wheel to join right now.';
export const TOO_MANY_ACCESS_ATTEMPTS = 'Too many attempts. Please wait a minute and try again.';
export const tooManyWheelAttempts = (waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return `Too many attempts on this wheel. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`;
};
export const ALREADY_IN_SLOT = 'You are already in a slot!';
export const SLOT_OCCUPIED = 'Someone has just taken this slot. Please pick another one.';
export const WHEEL_SPINNING = 'The wheel is spinning. Pick a slot when the next round opens.';
export const NOT_SEATED = 'Take a seat first; then you can stay for the next rounds.';
export const ACCESS_REQUIRED = 'This wheel is private. Unlock it with its access code first.';

/** Access-code guesses per client address and wheel: 5 a minute, then a minute's wait. */
export const ACCESS_CODE_ATTEMPTS_PER_CLIENT: AttemptLimit = { maxAttempts: 5, windowMs: 60_000 };

/** Wrong guesses on one wheel, from all addresses together, answered without waiting. */
export const ACCESS_CODE_FREE_GUESSES_PER_WHEEL = 10;
/**
 * Beyond those, each wrong guess on the wheel makes the next one (from anyone) wait: 1 s, then
 * twice as long each time up to 60 s; 15 quiet minutes forget the count, and the right code
 * resets it. Many addresses thus gain nothing: after the first 16 guesses (63 s) a wheel is
 * answered once a minute, so 10^3 guesses take about 16 hours, 10^4 about 7 days and 10^6
 * about 2 years, while someone who knows the code waits at most a minute.
 */
export const ACCESS_CODE_DELAY_PER_WHEEL = {
  // The growing delay counts the failures that cost nothing; the 10th failure makes the 11th guess wait.
  freeFailures: ACCESS_CODE_FREE_GUESSES_PER_WHEEL - 1,
  baseDelayMs: 1_000,
  maxDelayMs: 60_000,
  forgetAfterMs: 15 * 60_000,
};

/** The two limits on access-code guessing: per client address and wheel, and per wheel. */
export interface AccessCodeLimits {
  perClient: AttemptLimiter;
  perWheel: GrowingDelay;
}

export const createAccessCodeLimits = (limiters: LimiterFactory): AccessCodeLimits => ({
  perClient: limiters.attempts('access-code-client', ACCESS_CODE_ATTEMPTS_PER_CLIENT),
  perWheel: limiters.growingDelay('access-code-wheel', ACCESS_CODE_DELAY_PER_WHEEL),
});

/** Who is connected to a wheel right now; the real-time layer knows. */
export interface Presence {
  activeParticipantIds(wheelId: string): Promise<string[]>;
}

/** What a visitor's view of a wheel is read from. */
const VISITOR_VIEW_TABLES = ['wheels', 'slots', 'participants'];

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

/** How the wheel names its rings and who sits on which (issue 38), as every view of it shows them. */
export const ringSettingsOf = (
  row: Pick<WheelRow, 'inner_ring_label' | 'outer_ring_label' | 'ring_rule'>,
) => ({
  innerRingLabel: row.inner_ring_label,
  outerRingLabel: row.outer_ring_label,
  ringRule: fromJsonColumn(row.ring_rule, ringRuleSchema.nullable(), null),
});

const promptsSchema = z.array(z.string());

/** The wheel's schedule (issue 35), as every view of it shows it. */
export const eventSettingsOf = (row: Pick<WheelRow, 'starts_at' | 'round_count' | 'event_ended_at'>) => ({
  startsAt: row.starts_at,
  roundCount: row.round_count,
  eventEndedAt: row.event_ended_at,
});

/** The host's latest announcement as the wheel stores it (issue 35); null before the first. */
export const announcementOf = (
  row: Pick<WheelRow, 'announcement_message' | 'announcement_sent_at'>,
): Announcement | null =>
  row.announcement_message !== null && row.announcement_sent_at !== null
    ? { message: row.announcement_message, sentAt: row.announcement_sent_at }
    : null;

/** The wheel's icebreaker prompts, one per round in turn (issue 35). */
export const promptsOf = (row: Pick<WheelRow, 'prompts'>): string[] =>
  fromJsonColumn(row.prompts, promptsSchema, []);

const answersSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));

/** The ring a participant's registration answers (the JSON column) keep them on; null: either ring. */
export const ringOfAnswers = (rule: RingRule | null, registrationData: string): Ring | null =>
  rule && ringFor(rule, fromJsonColumn(registrationData, answersSchema, {}));

export function toLockedWheel(row: WheelRow): LockedWheel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    slotCount: row.slot_count,
    currentRound: row.current_round,
    requiresAccessCode: true,
  };
}

const REFUSALS: Record<OccupyRefusal, () => AppError> = {
  no_such_slot: () => notFound('There is no such slot on this wheel.'),
  slot_occupied: () => refusal('slot_taken', SLOT_OCCUPIED),
  wheel_spinning: () => refusal('wheel_spinning', WHEEL_SPINNING),
  event_ended: () => refusal('event_ended', EVENT_ENDED_MESSAGE),
};
function refuse(refusal: OccupyRefusal): never {
  throw REFUSALS[refusal]();
}

export function toSlot(slot: SlotWithOccupant): Slot {
  return {
    id: slot.id,
    position: slot.position,
    wheelId: slot.wheel_id,
    userId: slot.occupant?.id ?? null,
    occupiedAt: slot.occupied_at,
    user: slot.occupant ? toParticipant(slot.occupant) : null,
  };
}

/** Access codes are compared in constant time, so response timing does not leak a prefix. */
function sameCode(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
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
  roundSeconds?: number | null;
  answerSeconds?: number | null;
  callMinutes?: number | null;
  contactFields?: ContactField[] | null;
  innerRingLabel?: string | null;
  outerRingLabel?: string | null;
  ringRule?: RingRule | null;
  startsAt?: string | null;
  roundCount?: number | null;
  prompts?: readonly string[];
}

/** The rows of a new wheel: the wheel and the ids of its empty slots. */
export function buildNewWheel(input: NewWheel, deps: { clock: Clock; random: Random }) {
  const now = deps.clock.now().toISOString();
  const accessCode = input.accessCode?.trim() || null;
  const row: Insertable<WheelsTable> & { id: string } = {
    id: deps.random.uuid(),
    name: input.name,
    description: input.description,
    slot_count: input.slotCount,
    last_spin_date: null,
    round_seconds: input.roundSeconds ?? null,
    answer_seconds: input.answerSeconds ?? null,
    call_minutes: input.callMinutes ?? null,
    contact_fields: input.contactFields ? toJsonColumn(input.contactFields) : null,
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
    inner_ring_label: input.innerRingLabel ?? null,
    outer_ring_label: input.outerRingLabel ?? null,
    ring_rule: input.ringRule ? toJsonColumn(input.ringRule) : null,
    starts_at: input.startsAt ?? null,
    round_count: input.roundCount ?? null,
    prompts: input.prompts?.length ? toJsonColumn(input.prompts) : null,
    created_at: now,
    updated_at: now,
  };
  return { row, slotIds: Array.from({ length: input.slotCount }, () => deps.random.uuid()) };
}

export function createWheelsService(deps: {
  wheels: WheelsRepository;
  clock: Clock;
  random: Random;
  tokens: TokenService;
  accessAttempts: AccessCodeLimits;
  events: DomainEvents;
  presence: Presence;
  defaultRoundSeconds: number;
  /** Keeps what visitors read (the public list, a wheel's page) until its tables change. */
  cache?: ReadCache;
}) {
  const { wheels, clock, random, tokens, accessAttempts, events, presence } = deps;

  const requireWheel = async (id: string) => {
    const row = await wheels.findById(id);
    if (!row) throw notFound(WHEEL_NOT_FOUND);
    return row;
  };

  const roundSecondsOf = (row: Pick<WheelRow, 'round_seconds'>) =>
    row.round_seconds ?? deps.defaultRoundSeconds;

  /** Who is on the wheel right now (connected to it): never cached, it is not in the database. */
  async function activeUsersOf(wheelId: string) {
    const active = await wheels.participantsByIds(await presence.activeParticipantIds(wheelId));
    return active.map(toParticipant);
  }

  /** The whole wheel as someone allowed into it sees it: slots with occupants, who is here, the round's timing. */
  async function toOpenWheel(row: WheelRow): Promise<OpenWheel> {
    const [wheel, activeUsers] = await Promise.all([wheelFromDatabase(row), activeUsersOf(row.id)]);
    return withActiveUsers(wheel, activeUsers);
  }

  /** The open wheel but for who is here: everything the database holds, so it can be cached. */
  async function wheelFromDatabase(row: WheelRow): Promise<Omit<OpenWheel, 'activeUsers'>> {
    const slots = await wheels.listSlots(row.id);
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
      slots: slots.map(toSlot),
      roundSeconds: roundSecondsOf(row),
      nextSpinAt: row.next_spin_at,
      roundsPaused: row.rounds_paused,
      ...ringSettingsOf(row),
      ...eventSettingsOf(row),
    };
  }

  /** The serialisers write the contract's properties in the contract's order, wherever these come. */
  const withActiveUsers = (
    wheel: Omit<OpenWheel, 'activeUsers'>,
    activeUsers: OpenWheel['activeUsers'],
  ): OpenWheel => ({ ...wheel, activeUsers });

  const listPublicWheels = async (): Promise<PublicWheel[]> => (await wheels.listPublic()).map(toPublicWheel);

  /**
   * A wheel's row and its open view without who is here, for visitors. Cached until the
   * wheel, its slots or their occupants change (a seat taken, a round moving on, an edit).
   */
  const visitorView = (id: string) => {
    const load = async () => {
      const row = await wheels.findById(id);
      return row && { row, open: await wheelFromDatabase(row) };
    };
    return deps.cache ? deps.cache.read(`wheel:${id}`, VISITOR_VIEW_TABLES, load) : load();
  };

  /**
   * The last whole wheel built on each cached view, with whose presence it shows. While the
   * same people are connected it is answered again as it is: no query for them (their rows
   * are among the view's tables, so a change to one of them replaces the view) and, being the
   * same object, no second serialisation (lib/response-serializer.ts).
   */
  const lastOpened = new WeakMap<object, { present: string; wheel: OpenWheel }>();

  /**
   * Visitors of the same wheel whose pages are read while a presence question is under way
   * share its answer: with several processes each question goes to all of them through Redis,
   * and a busy page would otherwise ask once per visitor. So the answer is at most one
   * question old (presence waits at most 750 ms for the other processes).
   */
  const presenceAsked = new Map<string, Promise<string[]>>();
  const presentOn = (wheelId: string) => {
    let asked = presenceAsked.get(wheelId);
    if (!asked) {
      asked = presence.activeParticipantIds(wheelId).finally(() => presenceAsked.delete(wheelId));
      presenceAsked.set(wheelId, asked);
    }
    return asked;
  };

  async function openForVisitor(open: Omit<OpenWheel, 'activeUsers'>): Promise<OpenWheel> {
    const activeIds = await presentOn(open.id);
    const present = [...activeIds].sort().join(',');
    const last = lastOpened.get(open);
    if (last?.present === present) return last.wheel;
    const active = await wheels.participantsByIds(activeIds);
    const wheel = withActiveUsers(open, active.map(toParticipant));
    lastOpened.set(open, { present, wheel });
    return wheel;
  }

  /** May this caller see the whole wheel? A wheel behind a code needs a grant for it, or a participant of it. */
  async function mayOpen(
    row: WheelRow,
    access: { accessGrant?: string | undefined; participantWheelId?: string },
  ) {
    if (!row.requires_access_code) return true;
    if (access.participantWheelId === row.id) return true;
    return tokens.isWheelGrantFor(access.accessGrant, {
      wheelId: row.id,
      codeVersion: row.access_code_version,
    });
  }

  /** The participant holds a slot on this wheel already: that is the answer, whatever else went wrong. */
  async function refuseIfSeated(wheelId: string, participantId: string) {
    if (await wheels.findSlotOf(wheelId, participantId)) throw refusal('already_seated', ALREADY_IN_SLOT);
  }

  /** A wheel's ring settings, cached like its visitor view: most wheels have no rule, and a take should not pay to learn that. */
  const ringSettingsFor = (wheelId: string) => {
    const load = async () => {
      const row = await wheels.ringSettings(wheelId);
      return row ? { slotCount: row.slot_count, ...ringSettingsOf(row) } : null;
    };
    return deps.cache ? deps.cache.read(`ring-settings:${wheelId}`, ['wheels'], load) : load();
  };

  /**
   * Refuses a seat on the ring the wheel's rule keeps this person off. The check reads before
   * the take rather than inside its conditional UPDATE: the rule is JSON compared without
   * regard to case, which SQLite and PostgreSQL would spell differently, and nothing it reads
   * changes under a take (a slot's position is fixed, registration answers are written once).
   * A wheel without a rule costs no query here (its settings come from the read cache).
   */
  async function refuseIfWrongRing(request: { wheelId: string; slotId: string; participantId: string }) {
    const settings = await ringSettingsFor(request.wheelId);
    if (!settings?.ringRule) return;
    const facts = await wheels.answersAndPosition(request.wheelId, request.slotId, request.participantId);
    // No such slot or participant: the take itself says so.
    if (!facts) return;
    const ring = ringOfAnswers(settings.ringRule, facts.registration_data);
    if (ring && ring !== ringOf(facts.position, settings.slotCount))
      throw refusal('wrong_ring', wrongRingMessage(settings, ring));
  }

  /** Tells everyone on the wheel who sits where now: the person by id, whose profile they hold. */
  async function announceTaken(
    request: { wheelId: string; slotId: string; participantId: string },
    taken: TakenSlot,
  ): Promise<void> {
    const { wheelId, slotId, participantId } = request;
    await events.publish('slotTaken', {
      wheelId,
      userId: participantId,
      slotId,
      occupiedAt: taken.occupied_at,
    });
  }

  const service = {
    roundSecondsOf,
    /** How long people have to answer a match after the reveal: the organiser's choice or the standard. */
    answerWindowMsOf: (row: WheelRow) =>
      row.answer_seconds === null ? MATCH_ANSWER_WINDOW_MS : row.answer_seconds * 1_000,
    toOpenWheel,

    registrationConfigOf: (row: WheelRow) =>
      fromJsonColumn(row.registration_fields, registrationConfigSchema.nullable(), null),

    listPublicWheels: (): Promise<PublicWheel[]> =>
      deps.cache ? deps.cache.read('wheels:public', ['wheels'], listPublicWheels) : listPublicWheels(),

    /** A wheel behind an access code shows only its locked view unless the caller holds its grant. */
    async getWheelForVisitor(id: string, accessGrant?: string): Promise<GetWheelResponse> {
      const view = await visitorView(id);
      if (!view) throw notFound(WHEEL_NOT_FOUND);
      return (await mayOpen(view.row, { accessGrant })) ? openForVisitor(view.open) : toLockedWheel(view.row);
    },

    /** The wheel behind `/` and `/wheel`: the oldest active public wheel (the seeded demo wheel on a new install). */
    async getCurrentWheel(): Promise<OpenWheel> {
      const [oldest] = await service.listPublicWheels();
      const view = oldest && (await visitorView(oldest.id));
      if (!view) throw notFound(NO_CURRENT_WHEEL);
      return openForVisitor(view.open);
    },

    /**
     * Checks an access code. Guessing is limited twice: per client address and wheel (5 a
     * minute), and per wheel across all addresses (a delay that grows with each wrong guess),
     * so neither one address nor many can try more than a handful of codes. The per-wheel
     * count is taken before the code is compared, so simultaneous guesses each see the ones
     * before them. A new code (its version) starts a fresh count.
     */
    async unlockWheel(id: string, accessCode: string, clientAddress: string): Promise<UnlockWheelResponse> {
      const row = await requireWheel(id);
      if (row.requires_access_code) {
        const clientKey = `${clientAddress}|${id}`;
        if (!(await accessAttempts.perClient.tryAttempt(clientKey)))
          throw tooManyRequests(
            TOO_MANY_ACCESS_ATTEMPTS,
            await accessAttempts.perClient.retryAfterMs(clientKey),
          );
        const wheelKey = `${id}|${row.access_code_version}`;
        const waitMs = await accessAttempts.perWheel.tryBegin(wheelKey);
        if (waitMs > 0) {
          // The code was not checked, so this attempt does not count against the address.
          await accessAttempts.perClient.release(clientKey);
          throw tooManyRequests(tooManyWheelAttempts(waitMs), waitMs);
        }
        if (!sameCode(accessCode, row.access_code ?? '')) {
          throw refusal('access_code_invalid', INVALID_ACCESS_CODE_MESSAGE);
        }
        await Promise.all([
          accessAttempts.perWheel.reset(wheelKey),
          accessAttempts.perClient.reset(clientKey),
        ]);
      }
      return {
        wheel: await toOpenWheel(row),
        accessGrant: await tokens.signWheelGrant({ wheelId: row.id, codeVersion: row.access_code_version }),
      };
    },

    /** The wheel if this caller may enter it; otherwise a clear refusal. */
    async requireOpenableWheel(
      id: string,
      access: { accessGrant?: string | undefined; participantWheelId?: string },
    ): Promise<WheelRow> {
      const row = await requireWheel(id);
      if (!(await mayOpen(row, access))) throw refusal('access_required', ACCESS_REQUIRED);
      return row;
    },

    /**
     * Seats a participant of this wheel in a free slot of their ring while the wheel is not
     * spinning: the ring check (no query on a wheel without a ring rule), one conditional
     * update, then the push. Only a refusal reads more, to say why.
     */
    async takeSlot(request: { wheelId: string; slotId: string; participantId: string }): Promise<void> {
      const { wheelId, slotId, participantId } = request;
      await refuseIfWrongRing(request);
      const outcome = await wheels
        .occupySlot(wheelId, slotId, participantId, clock.now().toISOString())
        .catch(async (error: unknown) => {
          // The unique (wheel, participant) constraint: they sit elsewhere already.
          await refuseIfSeated(wheelId, participantId);
          throw error;
        });
      if ('refused' in outcome) {
        await refuseIfSeated(wheelId, participantId);
        refuse(outcome.refused);
      }
      return announceTaken(request, outcome.taken);
    },

    /**
     * Moves a seated participant to another free slot before the spin, atomically: they end up
     * in the new slot or keep the old one. Someone not seated yet simply takes the slot.
     */
    async changeSlot(request: { wheelId: string; slotId: string; participantId: string }): Promise<void> {
      const { wheelId, slotId, participantId } = request;
      const held = await wheels.findSlotOf(wheelId, participantId);
      if (!held) return service.takeSlot(request);
      if (held.id === slotId) return;
      await refuseIfWrongRing(request);
      const { outcome, freedSlotId } = await wheels.moveToSlot(
        wheelId,
        slotId,
        participantId,
        clock.now().toISOString(),
      );
      if ('refused' in outcome) refuse(outcome.refused);
      if (freedSlotId)
        await events.publish('slotLeft', { wheelId, userId: participantId, slotId: freedSlotId });
      return announceTaken(request, outcome.taken);
    },

    /** The participant gives up their seat but stays on the wheel; not while the wheel spins. */
    async giveUpSlot(wheelId: string, participantId: string): Promise<void> {
      const row = await requireWheel(wheelId);
      if (row.spin_started_at && !row.matches_revealed_at) throw refusal('wheel_spinning', WHEEL_SPINNING);
      await service.leaveSlot(wheelId, participantId);
    },

    /**
     * Frees the participant's slot, if they hold one. Leaving (the seat, the wheel, or being
     * taken off it) also means their seat is no longer kept nor given back after a call.
     */
    async leaveSlot(wheelId: string, participantId: string): Promise<void> {
      await wheels.endStaying(participantId);
      const slotId = await wheels.vacateSlotOf(wheelId, participantId);
      if (slotId) await events.publish('slotLeft', { wheelId, userId: participantId, slotId });
    },

    /** Keeps the caller's seat for the next rounds, or stops keeping it; only for someone with a seat to keep. */
    async setStaying(
      wheelId: string,
      participantId: string,
      staying: boolean,
    ): Promise<{ staying: boolean }> {
      if (!(await wheels.setStaying(wheelId, participantId, staying)))
        throw refusal('not_seated', NOT_SEATED);
      return { staying };
    },

    async createWheel(input: NewWheel): Promise<string> {
      const { row, slotIds } = buildNewWheel(input, { clock, random });
      await wheels.insertWithSlots(row, slotIds);
      return row.id;
    },
  };
  return service;
}

export type WheelsService = ReturnType<typeof createWheelsService>;
