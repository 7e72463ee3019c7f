import {
  displayNameOf,
  type RemoveParticipantResponse,
  type ReportHandledResponse,
  type SafetyAction,
  type SafetyActionResponse,
  type SafetyReport,
} from '@wheelmeet/contracts';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import type { Random } from '../../lib/random';
import type { ParticipantClaims } from '../../lib/tokens';
import type { Staff } from '../auth/auth.service';
import type { CallsService } from '../calls/calls.service';
import type { MatchesService } from '../matches/matches.service';
import type { WheelsService } from '../wheels/wheels.service';
import type { SafetyRepository } from './safety.repository';
import { otherPersonOf, removedByOf } from './safety-rules';

export const MATCH_NOT_FOUND = 'Match not found';
export const WHEEL_NOT_FOUND = 'Wheel not found';
export const PARTICIPANT_NOT_FOUND = 'This person is not registered on this wheel.';
export const REPORT_NOT_FOUND = 'Report not found';

/** Blocking, reporting and removing (issue 13, decision 016). */
export function createSafetyService(deps: {
  safety: SafetyRepository;
  matches: MatchesService;
  calls: CallsService;
  wheels: Pick<WheelsService, 'leaveSlot'>;
  clock: Clock;
  random: Random;
  /** Tells the removed participant's open connections, and takes them out of the wheel's room. */
  onRemoved: (wheelId: string, participantId: string) => void | Promise<void>;
}) {
  const { safety, matches, calls, clock, random } = deps;

  /**
   * Ends everything open between the people concerned (`partnerId` only, or everyone): their
   * matches close as 'ended' for both, and a call under way is recorded as ended.
   */
  async function endOpen(wheelId: string, participantId: string, partnerId?: string) {
    const closed = await matches.closeEnded(wheelId, participantId, partnerId);
    for (const match of closed) await calls.callEnded(match.id);
  }

  /** A wheel an organiser may look after: their own; an admin, any. Someone else's is 'not found'. */
  async function requireManageable(staff: Staff, wheelId: string) {
    const wheel = await safety.wheelOwner(wheelId);
    if (!wheel || (staff.kind === 'BusinessUser' && wheel.business_user_id !== staff.id))
      throw notFound(WHEEL_NOT_FOUND);
    return wheel;
  }

  return {
    /** The participant blocks and/or reports the other person of one of their matches. */
    async act(matchId: string, me: ParticipantClaims, action: SafetyAction): Promise<SafetyActionResponse> {
      const match = await safety.findMatch(matchId);
      if (!match) throw notFound(MATCH_NOT_FOUND);
      const other = otherPersonOf(match, me);
      const at = clock.now().toISOString();
      if (action.report) {
        await safety.report({
          id: random.uuid(),
          wheel_id: match.wheel_id,
          match_id: matchId,
          reporter_id: me.participantId,
          reported_id: other,
          reason: action.report.reason,
          details: action.report.details || null,
          created_at: at,
          handled_at: null,
        });
      }
      if (action.block) {
        await safety.block({
          blocker_id: me.participantId,
          blocked_id: other,
          wheel_id: match.wheel_id,
          created_at: at,
        });
        await endOpen(match.wheel_id, me.participantId, other);
      }
      return { blocked: action.block, reported: action.report !== null };
    },

    /** The ids of the people the participant blocked, so their pages can say so. */
    blockedBy: (participantId: string) => safety.blockedBy(participantId),

    /**
     * The participant takes a block back: later spins may pair the two again. What the block
     * ended stays ended. Taking back a block that is not there changes nothing.
     */
    async unblock(me: ParticipantClaims, blockedId: string): Promise<string[]> {
      await safety.unblock(me.participantId, blockedId);
      return safety.blockedBy(me.participantId);
    },

    /** The organiser (or an admin) marks a report handled, or open again. */
    async markHandled(
      staff: Staff,
      wheelId: string,
      reportId: string,
      handled: boolean,
    ): Promise<ReportHandledResponse> {
      await requireManageable(staff, wheelId);
      const row = await safety.markHandled(wheelId, reportId, handled ? clock.now().toISOString() : null);
      if (!row) throw notFound(REPORT_NOT_FOUND);
      return {
        id: row.id,
        handledAt: row.handled_at === null ? null : new Date(row.handled_at).toISOString(),
      };
    },

    async reports(staff: Staff, wheelId: string): Promise<SafetyReport[]> {
      await requireManageable(staff, wheelId);
      return (await safety.listReports(wheelId)).map((row) => ({
        id: row.id,
        wheelId: row.wheel_id,
        reporter: {
          id: row.reporter_id,
          displayName: displayNameOf({ id: row.reporter_id, username: row.reporter_username }),
        },
        reported: {
          id: row.reported_id,
          displayName: displayNameOf({ id: row.reported_id, username: row.reported_username }),
          removed: row.removed_at !== null,
        },
        reason: row.reason,
        details: row.details,
        blocked: row.blocked_at !== null,
        createdAt: new Date(row.created_at).toISOString(),
        handledAt: row.handled_at === null ? null : new Date(row.handled_at).toISOString(),
      }));
    },

    /**
     * Takes a participant off the wheel for good: recorded first (so every process refuses their
     * token from then on), then their seat frees, their matches and calls end, and their open
     * connections are told. Removing twice changes nothing more.
     */
    async remove(staff: Staff, wheelId: string, participantId: string): Promise<RemoveParticipantResponse> {
      await requireManageable(staff, wheelId);
      if (!(await safety.participantOn(wheelId, participantId))) throw notFound(PARTICIPANT_NOT_FOUND);
      const removedAt = clock.now().toISOString();
      const removeOne = async (id: string) => {
        const removal = await safety.remove({
          participant_id: id,
          wheel_id: wheelId,
          removed_at: removedAt,
          removed_by: removedByOf(staff),
        });
        await deps.wheels.leaveSlot(wheelId, id);
        await endOpen(wheelId, id);
        await deps.onRemoved(wheelId, id);
        return removal;
      };
      const removal = await removeOne(participantId);
      // The same person in another tab of the same browser, registered before the removal
      // (decision 016): removed with them, or they would stay on the wheel under another name.
      for (const id of await safety.sameBrowserOn(wheelId, participantId)) await removeOne(id);
      return { participantId, removedAt: new Date(removal.removed_at).toISOString() };
    },

    isRemoved: (participantId: string) => safety.isRemoved(participantId),

    /** How many reports of each wheel are not handled yet, for the admin wheel lists; a wheel with none is left out. */
    openReportsByWheel: (wheelIds: readonly string[]) => safety.openReportsByWheel(wheelIds),
  };
}

export type SafetyService = ReturnType<typeof createSafetyService>;
