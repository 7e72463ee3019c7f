import type {
  AdminWheel,
  Announcement,
  AdminWheelRow,
  CreateWheelInput,
  RoundControlAction,
  UpdateWheelInput,
  WheelReport,
  WheelLive,
  WheelTimingInput,
} from '@wheelmeet/contracts';
import {
  ANNOUNCEMENT_INTERVAL_MS,
  ANNOUNCEMENT_TOO_SOON_MESSAGE,
  CALL_MINUTES_DEFAULT,
  MATCH_ANSWER_WINDOW_MS,
  registrationConfigSchema,
} from '@wheelmeet/contracts';
import { fromJsonColumn, toJsonColumn } from '../../db/json';
import type { WheelRow } from '../../db/rows';
import type { DomainEvents } from '../../events/domain-events';
import type { Clock } from '../../lib/clock';
import { AppError, notFound, tooManyRequests } from '../../lib/errors';
import { amountToCents, centsToAmount } from '../../lib/money';
import { slugOf } from '../../lib/slug';
import type { Staff } from '../auth/auth.service';
import type { CallsService } from '../calls/calls.service';
import { allowedContactFields } from '../connections/connection-rules';
import type { RoundsService } from '../rounds/rounds.service';
import {
  eventSettingsOf,
  promptsOf,
  ringSettingsOf,
  WHEEL_NOT_FOUND,
  type WheelsService,
} from '../wheels/wheels.service';
import { matchExportTable, toCsv } from './match-export';
import { buildWheelLive, satOutIdsOf } from './wheel-live';
import { buildWheelReport } from './wheel-report';
import type { WheelsAdminRepository } from './wheels-admin.repository';

export const planSlotLimitMessage = (limit: number) =>
  `Your plan admits at most ${limit} participants per wheel, so a wheel can have at most ${limit} slots.`;
export const UNKNOWN_OWNER = 'There is no business user with that id.';

/** How many reports of each wheel are not handled yet (a wheel with none may be left out). */
export interface OpenReportCounts {
  openReportsByWheel(wheelIds: readonly string[]): Promise<Map<string, number>>;
}

/**
 * `registered`: everyone who ever registered on the wheel; `seated`: who sits in a slot now;
 * `openReports`: reports nobody marked handled yet.
 */
interface WheelCounts {
  registered: number;
  seated: number;
  openReports: number;
}

export function toAdminWheelRow(row: WheelRow, counts: WheelCounts): AdminWheelRow {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    slotCount: row.slot_count,
    createdAt: row.created_at,
    businessUserId: row.business_user_id,
    isPrivate: row.is_private,
    currentRound: row.current_round,
    participantCount: counts.registered,
    seatedCount: counts.seated,
    openReportCount: counts.openReports,
  };
}

/** Wheels as admins and business users manage them: admins all of them, a business user only their own. */
export function createWheelsAdminService(deps: {
  wheels: WheelsAdminRepository;
  /** Creates a wheel with its slots, as every new wheel is made. */
  newWheels: Pick<WheelsService, 'createWheel'>;
  rounds: RoundsService;
  calls: Pick<CallsService, 'retime'>;
  clock: Clock;
  /** Announcements reach everyone on the wheel through the hub (realtime/pushes.ts). */
  events: Pick<DomainEvents, 'publish'>;
  defaultRoundSeconds: number;
  /** Reports still to look at, in one query for a whole list (`createSafetyRepository`). */
  reports: OpenReportCounts;
}) {
  const { wheels, newWheels, rounds, calls, clock, events, reports } = deps;

  /** Who registered, sits and was reported, for a page of wheels in three queries. */
  async function countsOf(ids: readonly string[]): Promise<(id: string) => Omit<WheelCounts, 'registered'>> {
    const [seated, openReports] = await Promise.all([
      wheels.seatedByWheel(ids),
      reports.openReportsByWheel(ids),
    ]);
    return (id) => ({ seated: seated.get(id) ?? 0, openReports: openReports.get(id) ?? 0 });
  }

  const toAdminWheel = (row: WheelRow, counts: WheelCounts): AdminWheel => ({
    ...toAdminWheelRow(row, counts),
    description: row.description,
    accessCode: row.access_code,
    requiresAccessCode: row.requires_access_code,
    expiresAt: row.expires_at,
    price: centsToAmount(row.price_cents),
    rules: row.rules,
    guidelines: row.guidelines,
    registrationFields: fromJsonColumn(row.registration_fields, registrationConfigSchema.nullable(), null),
    roundSeconds: row.round_seconds,
    effectiveRoundSeconds: row.round_seconds ?? deps.defaultRoundSeconds,
    answerSeconds: row.answer_seconds,
    callMinutes: row.call_minutes,
    effectiveCallMinutes: row.call_minutes ?? CALL_MINUTES_DEFAULT,
    contactFields: row.contact_fields === null ? null : allowedContactFields(row.contact_fields),
    effectiveAnswerSeconds: row.answer_seconds ?? MATCH_ANSWER_WINDOW_MS / 1_000,
    roundsPaused: row.rounds_paused,
    nextSpinAt: row.next_spin_at,
    lastSpinDate: row.last_spin_date,
    ...ringSettingsOf(row),
    ...eventSettingsOf(row),
    prompts: promptsOf(row),
  });

  /** The wheel if this person may manage it; someone else's wheel is 'not found', so its existence stays private. */
  async function requireManageable(staff: Staff, id: string): Promise<WheelRow> {
    const row = await wheels.findById(id);
    if (!row || (staff.kind === 'BusinessUser' && row.business_user_id !== staff.id))
      throw notFound(WHEEL_NOT_FOUND);
    return row;
  }

  async function detail(id: string): Promise<AdminWheel> {
    const row = await wheels.findById(id);
    if (!row) throw notFound(WHEEL_NOT_FOUND);
    const [registered, counts] = await Promise.all([wheels.countParticipants(id), countsOf([id])]);
    return toAdminWheel(row, { registered, ...counts(id) });
  }

  /**
   * The round length, stored with the countdown under way; then the calls running moved to the
   * call length, which the caller stored already.
   */
  async function applyTiming(current: WheelRow, timing: WheelTimingInput) {
    await rounds.setRoundLength(current.id, timing.roundSeconds);
    if (timing.callMinutes !== current.call_minutes) await calls.retime(current.id, timing.callMinutes);
  }

  return {
    async list(staff: Staff): Promise<AdminWheelRow[]> {
      const rows = await wheels.listForAdmin(staff.kind === 'BusinessUser' ? staff.id : undefined);
      const counts = await countsOf(rows.map((row) => row.id));
      return rows.map(({ participant_count, ...row }) =>
        toAdminWheelRow(row, { registered: Number(participant_count), ...counts(row.id) }),
      );
    },

    async get(staff: Staff, id: string): Promise<AdminWheel> {
      await requireManageable(staff, id);
      return detail(id);
    },

    async create(staff: Staff, input: CreateWheelInput): Promise<AdminWheel> {
      const ownerId = staff.kind === 'BusinessUser' ? staff.id : input.businessUserId;
      if (ownerId) {
        const limit = await wheels.ownerParticipantLimit(ownerId);
        if (limit === undefined) throw new AppError('bad_request', UNKNOWN_OWNER);
        if (limit !== null && input.slotCount > limit)
          throw new AppError('bad_request', planSlotLimitMessage(limit));
      }
      return detail(await newWheels.createWheel({ ...input, businessUserId: ownerId }));
    },

    /**
     * Everything but the slot count, which is fixed once the wheel exists. A new access code
     * (changed, added or removed) raises the code's version, so grants given for the old code
     * stop opening the wheel; registered participants keep theirs.
     */
    async update(staff: Staff, id: string, input: UpdateWheelInput): Promise<AdminWheel> {
      const current = await requireManageable(staff, id);
      const codeChanged = current.access_code !== input.accessCode;
      await wheels.update(
        id,
        {
          name: input.name,
          description: input.description,
          is_private: input.isPrivate,
          requires_access_code: input.accessCode !== null,
          access_code: input.accessCode,
          expires_at: input.expiresAt,
          price_cents: amountToCents(input.price),
          rules: input.rules,
          guidelines: input.guidelines,
          status: input.status,
          registration_fields: input.registrationFields ? toJsonColumn(input.registrationFields) : null,
          answer_seconds: input.answerSeconds,
          call_minutes: input.callMinutes,
          contact_fields: input.contactFields ? toJsonColumn(input.contactFields) : null,
          inner_ring_label: input.innerRingLabel,
          outer_ring_label: input.outerRingLabel,
          ring_rule: input.ringRule ? toJsonColumn(input.ringRule) : null,
          starts_at: input.startsAt,
          round_count: input.roundCount,
          prompts: input.prompts.length > 0 ? toJsonColumn(input.prompts) : null,
          updated_at: clock.now().toISOString(),
        },
        { newAccessCodeVersion: codeChanged },
      );
      await applyTiming(current, input);
      if (current.starts_at !== input.startsAt || current.round_count !== input.roundCount)
        await rounds.followSchedule(id);
      return detail(id);
    },

    /** The live controls: a new round or call length, felt at once by everyone on the wheel. */
    async retime(staff: Staff, id: string, timing: WheelTimingInput): Promise<AdminWheel> {
      const current = await requireManageable(staff, id);
      await wheels.update(id, {
        call_minutes: timing.callMinutes,
        updated_at: clock.now().toISOString(),
      });
      await applyTiming(current, timing);
      return detail(id);
    },

    async delete(staff: Staff, id: string): Promise<void> {
      await requireManageable(staff, id);
      await wheels.delete(id);
    },

    /** Who met whom on the wheel, round by round (issue 38). */
    async report(staff: Staff, id: string): Promise<WheelReport> {
      const row = await requireManageable(staff, id);
      const [rounds, matches] = await Promise.all([wheels.roundsOf(id), wheels.matchPairsOf(id)]);
      return buildWheelReport(row, rounds, matches);
    },

    /**
     * The host speaks to everyone on the wheel (issue 35), at most once per
     * ANNOUNCEMENT_INTERVAL_MS: too soon is a 429 saying when the next one may go.
     */
    async announce(staff: Staff, id: string, message: string): Promise<Announcement> {
      await requireManageable(staff, id);
      const now = clock.now();
      const announcement = { message, sentAt: now.toISOString() };
      const lastAllowedBefore = new Date(now.getTime() - ANNOUNCEMENT_INTERVAL_MS).toISOString();
      if (!(await wheels.recordAnnouncement(id, announcement, lastAllowedBefore))) {
        const latest = await wheels.findById(id);
        if (!latest) throw notFound(WHEEL_NOT_FOUND);
        const allowedAt =
          Date.parse(latest.announcement_sent_at ?? announcement.sentAt) + ANNOUNCEMENT_INTERVAL_MS;
        throw tooManyRequests(ANNOUNCEMENT_TOO_SOON_MESSAGE, allowedAt - now.getTime());
      }
      await events.publish('announcementSent', { wheelId: id, ...announcement });
      return announcement;
    },

    /** The live console's figures (issue 35). */
    async live(staff: Staff, id: string): Promise<WheelLive> {
      const wheel = await requireManageable(staff, id);
      const [counts, satOutColumn] = await Promise.all([
        wheels.liveCounts(id),
        wheels.lastRoundSatOutIds(id),
      ]);
      const satOutIds = satOutIdsOf(satOutColumn);
      const satOutPeople = await wheels.participantsByIds(satOutIds);
      return buildWheelLive({ wheel, counts, satOutIds, satOutPeople, now: clock.now() });
    },

    /** Every match of the wheel as a spreadsheet, with a file name from the wheel's name (issue 35). */
    async exportMatches(staff: Staff, id: string): Promise<{ fileName: string; csv: string }> {
      const wheel = await requireManageable(staff, id);
      const [matches, participants, followUps] = await Promise.all([
        wheels.matchesForExport(id),
        wheels.participantsOf(id),
        wheels.followUpsOf(id),
      ]);
      return {
        fileName: `${slugOf(wheel.name, 'wheel')}-matches.csv`,
        csv: toCsv(matchExportTable({ wheel, matches, participants, followUps })),
      };
    },

    async control(staff: Staff, id: string, action: RoundControlAction): Promise<AdminWheel> {
      await requireManageable(staff, id);
      await rounds.control(id, action);
      return detail(id);
    },
  };
}

export type WheelsAdminService = ReturnType<typeof createWheelsAdminService>;
